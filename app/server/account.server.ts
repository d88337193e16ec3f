import { actionFailed, sessionEnded } from './admin-actions.server.ts'
import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import { data, type RouterContextProvider } from 'react-router'

import {
  changeName,
  changePassword,
  confirmEmailChange,
  requestEmailChange,
} from '#app/auth/account.server.ts'
import {
  listAccountSessions,
  signOutOtherSessions,
  signOutSession,
} from '#app/auth/account-sessions.server.ts'
import { actorFromSession, adminSession, adminSessionOrNull } from '#app/auth/session.server.ts'
import {
  confirmTwoStep,
  disableTwoStep,
  regenerateBackupCodes,
  startTwoStep,
  type TwoStepSetup,
} from '#app/auth/two-step.server.ts'
import { getRequireTwoStep } from '#app/models/settings.server.ts'
import { runtimeContext } from '#app/context.ts'
import type { AdminActionResult } from '#app/lib/admin-action-result.ts'
import type { ActivityAction } from '#app/lib/activity.ts'
import { HttpError, ValidationError } from '#app/lib/errors.ts'
import { recordActivity } from '#app/models/activity.server.ts'
import {
  AccountNameSchema,
  EmailChangeSchema,
  PasswordChangeSchema,
  TotpCodeSchema,
} from '#app/schemas/account.ts'
import { parseInput } from '#app/schemas/fields.ts'

import { readFormBody } from './api.server.ts'
import { mailLinkOrigin } from './site-address.server.ts'

interface Args {
  request: Request
  context: Readonly<RouterContextProvider>
}

/** What My account shows: the person, their sessions, and whether a new address is confirmed by e-mail. */
export async function accountData({ context }: Args) {
  const runtime = context.get(runtimeContext)
  const session = adminSession(context)
  return {
    name: session.user.name,
    email: session.user.email,
    mailEnabled: runtime.mail !== null,
    sessions: await listAccountSessions(runtime, session),
    timeZone: await churchTimeZone({ db: runtime.db }),
    twoStep: {
      enabled: session.user.twoFactorEnabled === true,
      required: await getRequireTwoStep({ db: runtime.db }),
    },
  }
}

/** My account's answer: the toast, and for two-step the setup to show or the new backup codes (shown once). */
export type AccountActionResult = AdminActionResult & { setup?: TwoStepSetup; backupCodes?: string[] }

const FAILED: Record<string, string> = {
  name: 'Failed to save your name',
  email: 'Failed to change your e-mail address',
  password: 'Failed to change your password',
  'sign-out-others': 'Failed to sign out the other sessions',
  'sign-out-session': 'Failed to sign out that session',
  'two-step-start': 'Failed to start two-step sign-in',
  'two-step-confirm': 'Failed to switch on two-step sign-in',
  'two-step-codes': 'Failed to make new backup codes',
  'two-step-off': 'Failed to switch off two-step sign-in',
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** My account's action: `intent` name, email, password, sign-out-others or sign-out-session. */
export async function accountAction({ request, context }: Args) {
  const runtime = context.get(runtimeContext)
  let intent = 'unknown'
  try {
    const form = await readFormBody(request)
    intent = String(form.get('intent') ?? '')
    if (!(intent in FAILED)) throw new HttpError(400, 'Unknown action')
    const session = adminSessionOrNull(context)
    if (!session) {
      return sessionEnded(intent, FAILED[intent])
    }
    const text = (name: string) => String(form.get(name) ?? '')
    const ok = (toast: string) => ({ ok: true, intent, toast }) satisfies AdminActionResult
    // Changes to one's own account go to the activity log, as the person was when they made them.
    const log = (action: ActivityAction, itemTitle: string | null = null) =>
      recordActivity({
        db: runtime.db,
        actor: actorFromSession(session, runtime.clock),
        action,
        section: 'account',
        itemTitle,
      })
    switch (intent) {
      case 'name': {
        const { name } = parseInput(AccountNameSchema, { name: text('name') })
        await changeName(runtime, session, name)
        await log('changed', `their name to ${name}`)
        return ok('Your name is saved')
      }
      case 'email': {
        const input = parseInput(EmailChangeSchema, {
          email: text('email'),
          current_password: text('current_password'),
        })
        const { changed } = await requestEmailChange(runtime, session, {
          email: input.email,
          currentPassword: input.current_password,
          links: await mailLinkOrigin(runtime.siteAddress),
          sendLink: runtime.mail !== null,
        })
        if (changed) await log('changed', `their sign-in address to ${input.email}`)
        return ok(
          changed
            ? `You now sign in with ${input.email}`
            : `We sent a link to ${input.email}: open it within 24 hours to confirm the change`,
        )
      }
      case 'password': {
        const input = parseInput(PasswordChangeSchema, {
          current_password: text('current_password'),
          new_password: text('new_password'),
          confirm_password: text('confirm_password'),
          sign_out_others: form.get('sign_out_others') ?? '',
        })
        const ended = await changePassword(runtime, session, {
          currentPassword: input.current_password,
          newPassword: input.new_password,
          signOutOthers: input.sign_out_others,
        })
        await log('changed', 'their password')
        return ok(
          ended > 0
            ? `Password changed; ${plural(ended, 'other session was', 'other sessions were')} signed out`
            : 'Password changed',
        )
      }
      case 'sign-out-others': {
        const ended = await signOutOtherSessions(runtime, session)
        if (ended > 0) await log('signed_out_others')
        return ok(
          ended > 0 ? `Signed out ${plural(ended, 'other session', 'other sessions')}` : 'No other sessions',
        )
      }
      case 'sign-out-session': {
        await signOutSession(runtime, session, text('id'))
        return ok('That session is signed out')
      }
      case 'two-step-start': {
        const password = text('current_password')
        if (!password) throw new ValidationError({ current_password: 'Enter your current password' })
        const setup = await startTwoStep(runtime, session, { headers: request.headers, password })
        return { ...ok('Add the account to your authenticator app'), setup } satisfies AccountActionResult
      }
      case 'two-step-confirm': {
        const parsed = TotpCodeSchema.safeParse(text('code'))
        if (!parsed.success)
          throw new ValidationError({ code: parsed.error.issues[0]?.message ?? 'Enter the code' })
        const headers = await confirmTwoStep(runtime, session, {
          headers: request.headers,
          code: parsed.data,
        })
        await log('changed', 'their two-step sign-in: on')
        return data(ok('Two-step sign-in is on'), { headers })
      }
      case 'two-step-codes': {
        const password = text('current_password')
        if (!password) throw new ValidationError({ current_password: 'Enter your current password' })
        const backupCodes = await regenerateBackupCodes(runtime, session, {
          headers: request.headers,
          password,
        })
        await log('changed', 'their backup codes: new ones made')
        return {
          ...ok('New backup codes made: the old ones no longer work'),
          backupCodes,
        } satisfies AccountActionResult
      }
      case 'two-step-off': {
        const password = text('current_password')
        if (!password) throw new ValidationError({ current_password: 'Enter your current password' })
        const headers = await disableTwoStep(runtime, session, { headers: request.headers, password })
        await log('changed', 'their two-step sign-in: off')
        return data(ok('Two-step sign-in is off'), { headers })
      }
    }
    throw new HttpError(400, 'Unknown action')
  } catch (error) {
    return actionFailed(runtime, intent, FAILED[intent] ?? 'Failed to save', error, 'account action failed')
  }
}

/** The confirmation link's action: uses the token up and changes the address. */
export async function confirmEmailAction({ request, context }: Args) {
  const runtime = context.get(runtimeContext)
  try {
    const form = await readFormBody(request)
    const { email } = await confirmEmailChange(runtime, String(form.get('token') ?? ''))
    return { ok: true as const, email }
  } catch (error) {
    if (!(error instanceof HttpError)) {
      runtime.logger.error({ err: error }, 'e-mail change failed')
      return data(
        { ok: false as const, error: 'Something went wrong on our side. Please try again.' },
        { status: 500 },
      )
    }
    return data({ ok: false as const, error: error.message }, { status: error.status })
  }
}
