import type { Db } from '#app/db/database.server.ts'

import { asRegistration, STORED_COLUMNS, type StoredRegistration } from './model.server.ts'
import { movedUp } from './rules.ts'

// A date's places as a sign-up or a cancellation changes them, inside the transaction holding the event's lock.

/** The places confirmed on one date and how many sign-ups wait for it, as the transaction sees them. */
export async function dateCounts(db: Db, eventId: string, occurrence: string) {
  const rows = await db.kysely
    .selectFrom('registrations')
    .select([
      'status',
      (eb) => eb.fn.sum<number>('people').as('people'),
      (eb) => eb.fn.countAll<number>().as('count'),
    ])
    .where('event_id', '=', eventId)
    .where('occurrence', '=', occurrence)
    .where('status', 'in', ['confirmed', 'waiting'])
    .groupBy('status')
    .execute()
  const of = (status: string) => rows.find((row) => row.status === status)
  return { taken: Number(of('confirmed')?.people ?? 0), waiting: Number(of('waiting')?.count ?? 0) }
}

/**
 * Moves the first on a date's waiting list up into its free places, as many as fit in order (the caller holds the
 * event's lock); answers them, confirmed.
 */
export async function moveUpWaiting(
  trx: Db,
  {
    event_id,
    occurrence,
    capacity,
    at,
  }: { event_id: string; occurrence: string; capacity: number | null; at: string },
) {
  const { taken } = await dateCounts(trx, event_id, occurrence)
  const waiting = await trx.kysely
    .selectFrom('registrations')
    .select(STORED_COLUMNS)
    .where('event_id', '=', event_id)
    .where('occurrence', '=', occurrence)
    .where('status', '=', 'waiting')
    .orderBy('created_at')
    .orderBy('id')
    .limit(200)
    .execute()
  const ids = movedUp({ capacity, taken, waiting: waiting.map(asRegistration) })
  if (ids.length === 0) return []
  await trx.kysely
    .updateTable('registrations')
    .set({ status: 'confirmed', updated_at: at })
    .where('id', 'in', ids)
    .execute()
  return waiting
    .filter((row) => ids.includes(row.id))
    .map((row): StoredRegistration => ({ ...asRegistration(row), status: 'confirmed', updated_at: at }))
}
