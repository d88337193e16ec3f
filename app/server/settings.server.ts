import { actionFailed, sessionEnded } from './admin-actions.server.ts'
import type { RouterContextProvider } from 'react-router'

import { actorFromSession, adminSessionOrNull } from '#app/auth/session.server.ts'
import { runtimeContext } from '#app/context.ts'
import { inTransaction } from '#app/db/database.server.ts'
import type { AdminActionResult } from '#app/lib/admin-action-result.ts'
import { HttpError } from '#app/lib/errors.ts'
import { type Actor, recordActivity } from '#app/models/activity.server.ts'
import { enqueueMail } from '#app/models/outbox.server.ts'
import {
  hideSetupChecklist,
  listNotificationRecipients,
  saveNotificationRecipients,
  saveRequireTwoStep,
  saveRetentionMonths,
  saveBibleLink,
  saveGivingSettings,
  saveRegistrationSettings,
  saveSiteAddress,
} from '#app/models/settings.server.ts'

import type { AppRuntime } from '#app/runtime.server.ts'
import { readFormBody } from './api.server.ts'

const TOASTS = {
  notifications: { ok: 'Notification recipients saved', failed: 'Failed to save recipients' },
  retention: { ok: 'Retention period saved', failed: 'Failed to save the retention period' },
  test: { ok: 'Test e-mail queued', failed: 'Failed to send a test e-mail' },
  'two-step': { ok: 'Two-step sign-in setting saved', failed: 'Failed to save the two-step setting' },
  'site-address': { ok: 'Site address saved', failed: 'Failed to save the site address' },
  'hide-setup': { ok: 'The set-up list is hidden', failed: 'Failed to hide the set-up list' },
  'bible-link': { ok: 'Online Bible saved', failed: 'Failed to save the online Bible' },
  registrations: { ok: 'Registration settings saved', failed: 'Failed to save the registration settings' },
  giving: { ok: 'Bank details saved', failed: 'Failed to save the bank details' },
} as const

type Intent = keyof typeof TOASTS

/** The settings screen's action: `notifications` (the recipients), `retention` (months) or `test` (an e-mail). */
export async function settingsAction({
  request,
  context,
}: {
  request: Request
  context: Readonly<RouterContextProvider>
}) {
  const runtime = context.get(runtimeContext)
  const { db } = runtime
  let intent: Intent = 'notifications'
  try {
    const form = await readFormBody(request)
    const asked = String(form.get('intent') ?? '')
    if (!(asked in TOASTS)) throw new HttpError(400, 'Unknown action')
    intent = asked as Intent
    const session = adminSessionOrNull(context)
    if (!session) {
      return sessionEnded(intent, TOASTS[intent].failed)
    }
    const actor = actorFromSession(session, runtime.clock)
    switch (intent) {
      case 'notifications':
        await saveNotificationRecipients({
          db,
          data: { recipients: String(form.get('recipients') ?? '') },
          actor,
        })
        break
      case 'two-step': {
        const required = form.get('require_two_step') === 'on'
        // Requiring it without having it would send the administrator away from this very screen.
        if (required && !session.user.twoFactorEnabled) {
          throw new HttpError(
            400,
            'Switch on two-step sign-in for yourself first (My account), then require it for everyone',
          )
        }
        await saveRequireTwoStep({ db, required, actor })
        break
      }
      case 'site-address':
        // PUBLIC_URL, when set, is the address: the setting would change nothing.
        if (runtime.siteAddress.fixed) {
          throw new HttpError(400, 'The site address is set by PUBLIC_URL in the server’s environment')
        }
        await saveSiteAddress({ db, data: { site_address: String(form.get('site_address') ?? '') }, actor })
        // E-mails held for want of it go out now.
        runtime.mailer.wake()
        break
      case 'hide-setup':
        await hideSetupChecklist({ db, actor })
        break
      case 'bible-link':
        await saveBibleLink({ db, data: { bible_link: String(form.get('bible_link') ?? '') }, actor })
        break
      case 'registrations':
        await saveRegistrationSettings({
          db,
          data: {
            registration_kept_days: String(form.get('registration_kept_days') ?? ''),
            editors_manage_registrations: form.get('editors_manage_registrations') === 'on',
            editors_manage_subscribers: form.get('editors_manage_subscribers') === 'on',
          },
          actor,
        })
        break
      case 'giving':
        await saveGivingSettings({
          db,
          data: Object.fromEntries(
            ['account_name', 'iban', 'bic', 'reference', 'charity_number', 'presets'].map((field) => [
              field,
              String(form.get(field) ?? ''),
            ]),
          ),
          actor,
        })
        break
      case 'retention':
        await saveRetentionMonths({
          db,
          data: { retention_months: String(form.get('retention_months') ?? '') },
          actor,
        })
        break
      case 'test':
        return { ok: true, intent, toast: await queueTestMail(runtime, actor) } satisfies AdminActionResult
    }
    return { ok: true, intent, toast: TOASTS[intent].ok } satisfies AdminActionResult
  } catch (error) {
    return actionFailed(runtime, intent, TOASTS[intent].failed, error, 'settings action failed')
  }
}

/** Queues a test e-mail to every recipient of the notifications; answers the toast naming them. */
async function queueTestMail(runtime: AppRuntime, actor: Actor) {
  const { db } = runtime
  if (!runtime.mail) throw new HttpError(400, 'E-mail is off: set SMTP_URL and MAIL_FROM first')
  const recipients = await listNotificationRecipients({ db })
  if (recipients.length === 0) throw new HttpError(400, 'Add a recipient first')
  await inTransaction(db, async (trx) => {
    await enqueueMail({
      db: trx,
      mail: recipients.map((to) => ({
        to,
        subject: 'Test e-mail from the church website',
        text: 'This is a test. New messages from the contact form on the website will be e-mailed to this address.',
      })),
      now: actor.at.getTime(),
    })
    await recordActivity({ db: trx, actor, action: 'sent', section: 'settings', itemTitle: 'A test e-mail' })
  })
  runtime.mailer.wake()
  return `Test e-mail queued for ${recipients.length === 1 ? recipients[0] : `${recipients.length} recipients`}`
}
