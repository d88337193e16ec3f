import { data, redirect, type RouterContextProvider } from 'react-router'

import { checkPasswordLink, type LinkPurpose, spendPasswordLink } from '#app/auth/password-links.server.ts'
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  WeakPasswordError,
} from '#app/auth/password-policy.server.ts'
import { clearAccountThrottle } from '#app/auth/sign-in-throttle.server.ts'
import { runtimeContext } from '#app/context.ts'
import type { HttpError } from '#app/lib/errors.ts'
import { recordActivity } from '#app/models/activity.server.ts'
import { readFormBody } from '#app/server/api.server.ts'

const LINK_PROBLEMS = {
  invitation: {
    unknown:
      'This invitation link does not work: it has been used already, or a newer one was sent. Sign in if you chose your password, or ask an administrator for a new invitation.',
    expired:
      'This invitation link has expired (they work for 7 days). Ask an administrator for a new invitation.',
  },
  reset: {
    unknown:
      'This link does not work: it has been used already, or a newer one was sent. Ask for a new link on the sign-in page.',
    expired: 'This link has expired (it works for 1 hour). Ask for a new link on the sign-in page.',
  },
} as const

/** The page of a link where a person chooses a password: whose link it is, or why it does not work. */
export async function choosePasswordLoader(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  purpose: LinkPurpose,
) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const state = await checkPasswordLink(context.get(runtimeContext), purpose, token)
  const limits = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }
  if (!state.ok)
    return data({ problem: LINK_PROBLEMS[purpose][state.reason], email: null, limits }, { status: 410 })
  return { problem: null, email: state.email, limits }
}

/**
 * Sets the password through the link: both fields must match and the password pass the policy (the link then
 * stays open to try again); then to the sign-in page, which says the password is set.
 */
export async function choosePasswordAction(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  purpose: LinkPurpose,
) {
  let form: FormData
  try {
    form = await readFormBody(request)
  } catch (error) {
    return data({ error: (error as HttpError).message }, { status: (error as HttpError).status })
  }
  const token = String(form.get('token') ?? new URL(request.url).searchParams.get('token') ?? '')
  const password = String(form.get('password') ?? '')
  if (password !== String(form.get('confirm') ?? '')) {
    return data({ error: 'The two passwords are not the same: type them again' }, { status: 400 })
  }
  const runtime = context.get(runtimeContext)
  try {
    const state = await spendPasswordLink(runtime, purpose, token, password)
    if (!state.ok) return data({ error: LINK_PROBLEMS[purpose][state.reason] }, { status: 410 })
    // A lock from failed sign-ins on this account ends with the new password.
    await clearAccountThrottle({ db: runtime.db, email: state.email })
    await recordActivity({
      db: runtime.db,
      actor: {
        userId: state.userId,
        name: state.name || state.email,
        email: state.email,
        at: runtime.clock.now(),
      },
      action: purpose === 'invitation' ? 'joined' : 'password_reset',
      section: purpose === 'invitation' ? 'staff' : 'account',
    })
  } catch (error) {
    if (error instanceof WeakPasswordError) return data({ error: error.message }, { status: 400 })
    throw error
  }
  return redirect(`/admin/login?password=${purpose === 'invitation' ? 'chosen' : 'reset'}`)
}
