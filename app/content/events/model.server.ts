import { listModels } from '#app/models/content-models.server.ts'
import { rowConversions } from '#app/models/content-model.server.ts'
import type { Db } from '#app/db/database.server.ts'
import type { ContentRecord } from '#app/content/registry.ts'
import { type InLocale, inLocale, type Locale, type Localized } from '#app/models/locale.server.ts'
import { dateWords } from '#app/dates/words.ts'
import { timingOf } from '#app/dates/timing.ts'

const model = listModels.events
const { toRecord } = rowConversions('events')

export type EventRecord = ContentRecord<'events'>

export const countEvents = model.count
/** Every event, in the order staff list them (in `locale`'s words when given). */
export async function listEvents<L extends Locale | undefined = undefined>({
  db,
  locale,
}: {
  db: Db
  locale?: L
}): Promise<Array<InLocale<EventRecord, L>>> {
  return eventsInLocale(await model.list({ db }), locale as L)
}

/** One event by its id (in `locale`'s words, its dates in them too, when given). */
export async function getEvent<L extends Locale | undefined = undefined>({
  db,
  id,
  locale,
}: {
  db: Db
  id: string
  locale?: L
}): Promise<InLocale<EventRecord, L> | null> {
  const event = await model.get({ db, id })
  return event ? eventsInLocale([event], locale as L)[0]! : null
}

export const createEvent = model.create
export const updateEvent = model.update
export const deleteEvent = model.delete

/**
 * One-time events that have not ended before `today` (the church's date, `YYYY-MM-DD`), soonest first. Stored
 * local date-times sort as text, and an event's last day is its end's date (or its start's).
 */
export async function listUpcomingOneTimeEvents<L extends Locale | undefined = undefined>({
  db,
  today,
  limit,
  locale,
}: {
  db: Db
  today: string
  limit?: number
  locale?: L
}): Promise<Array<InLocale<EventRecord, L>>> {
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
  return eventsInLocale((await query.execute()).map(toRecord), locale as L)
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

type EventsRead<L extends Locale | undefined> = { db: Db; locale?: L }

/** Events with a recurrence rule, by their first date. */
export async function listRepeatingEvents<L extends Locale | undefined = undefined>({
  db,
  locale,
}: EventsRead<L>): Promise<Array<InLocale<EventRecord, L>>> {
  const query = db.kysely.selectFrom('events').selectAll().where('recurrence', 'is not', null)
  const rows = await query.orderBy('starts_at', 'asc').orderBy('id', 'asc').execute()
  return eventsInLocale(rows.map(toRecord), locale as L)
}

/** Events kept with only the text they were typed with (no date a computer understands), oldest first. */
export async function listUndatedEvents<L extends Locale | undefined = undefined>({
  db,
  locale,
}: EventsRead<L>): Promise<Array<InLocale<EventRecord, L>>> {
  const query = db.kysely.selectFrom('events').selectAll().where('starts_at', 'is', null)
  const rows = await query.orderBy('created_at', 'asc').orderBy('id', 'asc').execute()
  return eventsInLocale(rows.map(toRecord), locale as L)
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

/**
 * Events as a read in a language answers them (issue 46): their words translated field by field, and their `date`
 * and `time` said in that language from their dates where staff did not translate those texts (they are worked
 * out from the dates, not typed), no longer marked as falling back. Events kept with only typed text keep it.
 */
function eventsInLocale<L extends Locale | undefined>(
  events: readonly EventRecord[],
  locale: L,
): Array<InLocale<EventRecord, L>> {
  if (!locale) return [...events] as Array<InLocale<EventRecord, L>>
  return withDateWords(inLocale('events', events, locale), locale) as Array<InLocale<EventRecord, L>>
}

function withDateWords(events: Array<Localized<EventRecord>>, { language, languages }: Locale) {
  if (language === languages[0]) return events
  const words = dateWords(language)
  return events.map((event) => {
    if (!event.starts_at) return event
    const timing = timingOf(event)
    const worked = {
      date: event.untranslated.includes('date') ? words.dateText(timing) : event.date,
      time: event.untranslated.includes('time') ? words.timeText(timing) : event.time,
    }
    const untranslated = event.untranslated.filter((field) => field !== 'date' && field !== 'time')
    return { ...event, date: worked.date ?? event.date, time: worked.time, untranslated }
  })
}
