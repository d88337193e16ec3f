import { listModels } from '#app/models/content-models.server.ts'
import { rowConversions } from '#app/models/content-model.server.ts'
import type { Db } from '#app/db/database.server.ts'
import type { ContentRecord } from '#app/content/registry.ts'

const model = listModels.events
const { toRecord } = rowConversions('events')

export type EventRecord = ContentRecord<'events'>

export const listEvents = model.list
export const countEvents = model.count
export const getEvent = model.get
export const createEvent = model.create
export const updateEvent = model.update
export const deleteEvent = model.delete

/**
 * One-time events that have not ended before `today` (the church's date, `YYYY-MM-DD`), soonest first. Stored
 * local date-times sort as text, and an event's last day is its end's date (or its start's).
 */
export async function listUpcomingOneTimeEvents({
  db,
  today,
  limit,
}: {
  db: Db
  today: string
  limit?: number
}): Promise<EventRecord[]> {
  let query = db.kysely
    .selectFrom('events')
    .selectAll()
    .where('recurrence', 'is', null)
    .where('starts_at', 'is not', null)
    .where((eb) => eb(eb.fn.coalesce('ends_at', 'starts_at'), '>=', today))
    .orderBy('starts_at', 'asc')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
  if (limit !== undefined) query = query.limit(limit)
  return (await query.execute()).map(toRecord)
}

/** How many one-time events have not ended before `today`. */
export async function countUpcomingOneTimeEvents({ db, today }: { db: Db; today: string }) {
  const row = await db.kysely
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('recurrence', 'is', null)
    .where('starts_at', 'is not', null)
    .where((eb) => eb(eb.fn.coalesce('ends_at', 'starts_at'), '>=', today))
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

/** Events with a recurrence rule, by their first date. */
export async function listRepeatingEvents({ db }: { db: Db }): Promise<EventRecord[]> {
  const rows = await db.kysely
    .selectFrom('events')
    .selectAll()
    .where('recurrence', 'is not', null)
    .orderBy('starts_at', 'asc')
    .orderBy('id', 'asc')
    .execute()
  return rows.map(toRecord)
}

/** Events kept with only the text they were typed with (no date a computer understands), oldest first. */
export async function listUndatedEvents({ db }: { db: Db }): Promise<EventRecord[]> {
  const rows = await db.kysely
    .selectFrom('events')
    .selectAll()
    .where('starts_at', 'is', null)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute()
  return rows.map(toRecord)
}

/**
 * The event a sign-up or a cancellation is about (app/content/registrations/sign-up-model.server.ts and
 * cancel-model.server.ts), locked until the transaction ends: one date's count at a time.
 */
export async function lockEvent(trx: Db, eventId: string) {
  let query = trx.kysely
    .selectFrom('events')
    .select(['id', 'title', 'registration', 'capacity'])
    .where('id', '=', eventId)
  // SQLite's transactions begin IMMEDIATE, holding the one write lock already (app/db/database.server.ts).
  if (trx.dialect === 'postgres') query = query.forUpdate()
  return query.executeTakeFirst()
}
