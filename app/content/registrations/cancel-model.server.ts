import { inTransaction, type Db } from '#app/db/database.server.ts'
import { lockEvent } from '#app/content/events/model.server.ts'
import { type Actor, recordActivity } from '#app/models/activity.server.ts'
import { enqueueMail, type OutgoingMail } from '#app/models/outbox.server.ts'

import { getRegistration, withoutLanguage } from './model.server.ts'
import { moveUpWaiting } from './places-model.server.ts'
import type { Registration } from './schema.ts'

/** What a cancellation did: the registration (null: there is none), whether it was still on, who moved up. */
export interface CancelResult {
  registration: Registration | null
  cancelled: boolean
  movedUp: Registration[]
}

/**
 * Cancels a registration (a second time changes nothing: `cancelled` false), and in the same transaction moves
 * the first on the waiting list up into the places it freed (as many as fit, in order), with their e-mails.
 * `eventId` limits it to one event's registrations (the API's address names both).
 */
export async function cancelRegistration({
  db,
  id,
  eventId,
  now,
  mails,
  actor,
}: {
  db: Db
  id: string
  eventId?: string
  now: Date
  mails?: (moved: Registration, language: string | null) => OutgoingMail[]
  actor?: Actor
}): Promise<CancelResult> {
  return inTransaction(db, async (trx) => {
    const found = await getRegistration({ db: trx, id })
    if (!found || (eventId !== undefined && found.event_id !== eventId)) {
      return { registration: null, cancelled: false, movedUp: [] }
    }
    const event = await lockEvent(trx, found.event_id)
    // Read again under the lock: the same link opened twice at once cancels once.
    const registration = (await getRegistration({ db: trx, id }))!
    if (registration.status === 'cancelled' || registration.status === 'spam') {
      return { registration, cancelled: false, movedUp: [] }
    }
    const at = now.toISOString()
    await trx.kysely
      .updateTable('registrations')
      .set({ status: 'cancelled', updated_at: at })
      .where('id', '=', id)
      .execute()
    const moved =
      event && registration.status === 'confirmed'
        ? await moveUpWaiting(trx, { ...registration, capacity: event.capacity, at })
        : []
    if (mails) {
      const mail = moved.flatMap(({ language, ...entry }) => mails(entry, language))
      await enqueueMail({ db: trx, mail, now: now.getTime() })
    }
    if (actor) {
      await recordActivity({
        db: trx,
        actor,
        action: 'changed',
        section: 'registrations',
        itemId: registration.event_id,
        itemTitle: `Registration cancelled${event ? ` for ${event.title}` : ''}`,
      })
    }
    return {
      registration: { ...registration, status: 'cancelled', updated_at: at },
      cancelled: true,
      movedUp: moved.map(withoutLanguage),
    }
  })
}
