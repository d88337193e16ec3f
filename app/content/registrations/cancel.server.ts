import type { Actor } from '#app/models/activity.server.ts'
import { HttpError } from '#app/lib/errors.ts'
import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import { getEvent } from '#app/content/events/model.server.ts'
import { occurrenceOf } from './dates-offered.server.ts'
import { mailComposer, type RegistrationRuntime } from './mails.server.ts'
import { cancelRegistration } from './cancel-model.server.ts'
import { getRegistration } from './model.server.ts'
import { cancelTokenMatches } from './tokens.server.ts'

/**
 * Cancels a registration: by its cancel link (`token`), or by staff (`actor`, within `eventId`). The first on the
 * waiting list move up into the places freed and are e-mailed. A second cancel changes nothing.
 */
export async function cancel({
  runtime,
  registrationId,
  token,
  eventId,
  actor,
}: {
  runtime: RegistrationRuntime
  registrationId: string
  token?: unknown
  eventId?: string
  actor?: Actor
}) {
  const { db, clock } = runtime
  if (!actor && !cancelTokenMatches(runtime.secret, registrationId, token)) {
    throw new HttpError(404, 'This cancel link is not valid')
  }
  const found = await getRegistration({ db, id: registrationId })
  const event = found ? await getEvent({ db, id: found.event_id }) : null
  const zone = await churchTimeZone({ db })
  const compose = event && runtime.mail ? await mailComposer(runtime, event, zone) : null
  const result = await cancelRegistration({
    db,
    id: registrationId,
    eventId,
    now: clock.now(),
    actor,
    mails:
      compose && event
        ? (moved, language) => {
            const occurrence = occurrenceOf(event, moved)
            return occurrence ? [compose(moved, occurrence, 'moved-up', language)] : []
          }
        : undefined,
  })
  if (result.cancelled && event?.capacity != null) await db.contentVersion.bump()
  if (result.movedUp.length > 0 && runtime.mail) runtime.mailer.wake()
  return { ...result, event }
}
