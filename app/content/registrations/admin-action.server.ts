import type { Actor } from '#app/models/activity.server.ts'
import { HttpError } from '#app/lib/errors.ts'
import type { AppRuntime } from '#app/runtime.server.ts'
import { cancel } from './cancel.server.ts'
import { emailRegistered } from './email-everyone.server.ts'
import type { RegistrationRuntime } from './mails.server.ts'
import { signUp } from './sign-up.server.ts'

const ADMIN_TOASTS = {
  add: { ok: 'Registration added', failed: 'Failed to add the registration' },
  cancel: { ok: 'Registration cancelled', failed: 'Failed to cancel the registration' },
  email: { ok: 'E-mail queued', failed: 'Failed to send the e-mail' },
} as const

/**
 * The registrations screen's action for one event. Intents: `add` (someone by hand: no limits, the same e-mail),
 * `cancel` (`id`; the waiting list moves up) and `email` (everyone confirmed, or those of one `occurrence`).
 */
export async function registrationsAction({
  runtime,
  eventId,
  form,
  actor,
}: {
  runtime: RegistrationRuntime & Pick<AppRuntime, 'logger'>
  eventId: string
  form: FormData
  actor: Actor
}) {
  const text = (name: string) => String(form.get(name) ?? '')
  switch (text('intent')) {
    case 'add': {
      const { status, updated } = await signUp({
        runtime,
        eventId,
        clientIp: 'staff',
        actor,
        data: Object.fromEntries(['name', 'email', 'people', 'note', 'occurrence'].map((f) => [f, text(f)])),
      })
      if (updated) return 'This address was already registered for the date: its registration is changed'
      return status === 'confirmed' ? 'Registration added' : 'Added to the waiting list: the date is full'
    }
    case 'cancel': {
      const { registration, cancelled, movedUp } = await cancel({
        runtime,
        registrationId: text('id'),
        eventId,
        actor,
      })
      if (!registration) throw new HttpError(404, 'This registration no longer exists')
      if (!cancelled) return 'This registration was already cancelled'
      return movedUp.length > 0
        ? `Registration cancelled; ${movedUp.length === 1 ? '1 person' : `${movedUp.length} people`} moved up from the waiting list`
        : ADMIN_TOASTS.cancel.ok
    }
    case 'email': {
      const count = await emailRegistered({
        runtime,
        eventId,
        occurrence: text('occurrence') || undefined,
        subject: text('subject'),
        message: text('message'),
        actor,
      })
      return `E-mail queued for ${count === 1 ? '1 person' : `${count} people`}`
    }
    default:
      throw new HttpError(400, 'Unknown action')
  }
}

export function registrationsActionFailedToast(intent: string) {
  return (ADMIN_TOASTS as Record<string, { failed: string }>)[intent]?.failed ?? 'Failed to save'
}
