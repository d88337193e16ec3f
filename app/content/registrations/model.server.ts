import { sql } from 'kysely'

import { type Actor, recordActivity } from '#app/models/activity.server.ts'
import { deleteMailFor, enqueueMail, type OutgoingMail } from '#app/models/outbox.server.ts'
import { type Db, forgetDeleted, inTransaction } from '#app/db/database.server.ts'
import { foldText } from '#app/lib/fold-text.ts'
import { holdsLargeShare, LARGE_SHARE_MIN_PLACES } from './rules.ts'
import type { Registration, RegistrationStatus } from './schema.ts'

/**
 * Visitors' sign-ups for an event's dates (issue 29): their rows, and the reads and chores of staff's screens. A
 * sign-up is stored by sign-up-model.server.ts, a cancellation by cancel-model.server.ts; what both do to a date's
 * places and waiting list is places-model.server.ts's. Those four hold the only SQL of registrations.
 */
const REGISTRATION_COLUMNS = [
  'id',
  'event_id',
  'occurrence',
  'ends_on',
  'name',
  'email',
  'people',
  'note',
  'status',
  'spam_reason',
  'created_at',
  'updated_at',
] as const

export const asRegistration = <R extends Omit<Registration, 'status'> & { status: string }>(row: R) => ({
  ...row,
  people: Number(row.people),
  status: row.status as RegistrationStatus,
})

/** A registration with the language its e-mails are written in (never in an API answer). */
export type StoredRegistration = Registration & { language: string | null }
export const STORED_COLUMNS = [...REGISTRATION_COLUMNS, 'language'] as const
export const withoutLanguage = ({ language: _, ...registration }: StoredRegistration): Registration =>
  registration

export const REGISTRATIONS_PAGE_SIZE_MAX = 500

export async function getRegistration({ db, id }: { db: Db; id: string }): Promise<Registration | null> {
  const row = await db.kysely
    .selectFrom('registrations')
    .select(REGISTRATION_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst()
  return row ? asRegistration(row) : null
}

export interface RegistrationFilters {
  eventId: string
  occurrence?: string
  status?: RegistrationStatus
  /** Case- and accent-insensitive search over name, e-mail and note. */
  q?: string
}

function filteredRegistrations({ db, eventId, occurrence, status, q }: RegistrationFilters & { db: Db }) {
  let query = db.kysely.selectFrom('registrations').where('event_id', '=', eventId)
  if (occurrence) query = query.where('occurrence', '=', occurrence)
  if (status) query = query.where('status', '=', status)
  const term = q?.trim()
  if (term) {
    const pattern = `%${foldText(term).replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    query = query.where(sql<boolean>`search_text like ${pattern} escape '\\'`)
  }
  return query
}

/** One event's registrations, by date and then in the order they came (the waiting list's order). */
export async function listRegistrations({
  db,
  limit = REGISTRATIONS_PAGE_SIZE_MAX,
  offset = 0,
  ...filters
}: RegistrationFilters & { db: Db; limit?: number; offset?: number }) {
  const query = filteredRegistrations({ db, ...filters })
  const [items, total] = await Promise.all([
    query
      .select(REGISTRATION_COLUMNS)
      .orderBy('occurrence')
      .orderBy('created_at')
      .orderBy('id')
      .limit(Math.min(Math.max(limit, 1), REGISTRATIONS_PAGE_SIZE_MAX))
      .offset(Math.max(offset, 0))
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst(),
  ])
  return { items: items.map(asRegistration), total: Number(total?.count ?? 0) }
}

/** Every registration of a filter, in pages (the CSV export). */
export async function* exportRegistrations(filters: RegistrationFilters & { db: Db }) {
  for (let offset = 0; ; offset += REGISTRATIONS_PAGE_SIZE_MAX) {
    const { items } = await listRegistrations({ ...filters, offset })
    yield items
    if (items.length < REGISTRATIONS_PAGE_SIZE_MAX) return
  }
}

/** Per event: places confirmed and sign-ups waiting, over all its dates (the admin's list of events). */
export async function registrationTotals({ db }: { db: Db }) {
  const rows = await db.kysely
    .selectFrom('registrations')
    .select([
      'event_id',
      'status',
      (eb) => eb.fn.sum<number>('people').as('people'),
      (eb) => eb.fn.countAll<number>().as('count'),
    ])
    .where('status', 'in', ['confirmed', 'waiting'])
    .groupBy(['event_id', 'status'])
    .execute()
  const totals = new Map<string, { people: number; registrations: number; waiting: number }>()
  for (const row of rows) {
    const entry = totals.get(row.event_id) ?? { people: 0, registrations: 0, waiting: 0 }
    if (row.status === 'confirmed') {
      entry.people += Number(row.people)
      entry.registrations += Number(row.count)
    } else entry.waiting += Number(row.count)
    totals.set(row.event_id, entry)
  }
  return totals
}

/** Places confirmed on each of these dates of one event (the form's "places left"). */
export async function placesTaken({
  db,
  eventId,
  occurrences,
}: {
  db: Db
  eventId: string
  occurrences: string[]
}) {
  if (occurrences.length === 0) return new Map<string, { taken: number; waiting: number }>()
  const rows = await db.kysely
    .selectFrom('registrations')
    .select([
      'occurrence',
      'status',
      (eb) => eb.fn.sum<number>('people').as('people'),
      (eb) => eb.fn.countAll<number>().as('count'),
    ])
    .where('event_id', '=', eventId)
    .where('occurrence', 'in', occurrences)
    .where('status', 'in', ['confirmed', 'waiting'])
    .groupBy(['occurrence', 'status'])
    .execute()
  const counts = new Map(occurrences.map((occurrence) => [occurrence, { taken: 0, waiting: 0 }]))
  for (const row of rows) {
    const entry = counts.get(row.occurrence)!
    if (row.status === 'confirmed') entry.taken = Number(row.people)
    else entry.waiting = Number(row.count)
  }
  return counts
}

/** A date on which one mailbox or one connection holds a large share of the places (holdsLargeShare). */
export interface LargeShare {
  eventId: string
  title: string
  occurrence: string
  capacity: number
  held: number
  /** Who holds them: one e-mail address, or one connection (IP address). */
  by: 'address' | 'connection'
}

/**
 * The dates ending on `endingFrom` (`YYYY-MM-DD`) or later on which one mailbox or one connection holds a large
 * share of a limited event's places, soonest first: the dashboard's notice to staff.
 */
export async function listLargeShares({ db, endingFrom }: { db: Db; endingFrom: string }) {
  const holders = async (column: 'email_key' | 'client_key') => {
    const rows = await db.kysely
      .selectFrom('registrations')
      .innerJoin('events', 'events.id', 'registrations.event_id')
      .select([
        'registrations.event_id',
        'registrations.occurrence',
        'events.title',
        'events.capacity',
        (eb) => eb.fn.sum<number>('registrations.people').as('held'),
      ])
      .where('registrations.status', 'in', ['confirmed', 'waiting'])
      .where('registrations.ends_on', '>=', endingFrom)
      .where(`registrations.${column}`, 'is not', null)
      .where('events.capacity', 'is not', null)
      .groupBy([
        'registrations.event_id',
        'registrations.occurrence',
        'events.title',
        'events.capacity',
        `registrations.${column}`,
      ])
      .having((eb) => eb.fn.sum('registrations.people'), '>=', LARGE_SHARE_MIN_PLACES)
      .execute()
    return rows
      .map(
        (row): LargeShare => ({
          eventId: row.event_id,
          title: row.title,
          occurrence: row.occurrence,
          capacity: Number(row.capacity),
          held: Number(row.held),
          by: column === 'email_key' ? 'address' : 'connection',
        }),
      )
      .filter((share) => holdsLargeShare(share.held, share.capacity))
  }
  const shares = [...(await holders('email_key')), ...(await holders('client_key'))]
  return shares.sort(
    (a, b) => a.occurrence.localeCompare(b.occurrence) || a.title.localeCompare(b.title) || b.held - a.held,
  )
}

/** The confirmed people of an event (of one date, or all), one address each: staff's e-mail to everyone. */
export async function listRegisteredAddresses({
  db,
  eventId,
  occurrence,
}: {
  db: Db
  eventId: string
  occurrence?: string
}) {
  const rows = await filteredRegistrations({ db, eventId, occurrence, status: 'confirmed' })
    .select(['email', 'name', 'language'])
    .orderBy('created_at')
    .execute()
  return [...new Map(rows.map((row) => [row.email.toLowerCase(), row])).values()]
}

/** Queues one e-mail to each address, with an activity entry (how many, never who): both or neither. */
export async function queueRegistrationMail({
  db,
  mails,
  now,
  actor,
  eventId,
  eventTitle,
}: {
  db: Db
  mails: OutgoingMail[]
  now: Date
  actor: Actor
  eventId: string
  eventTitle: string
}) {
  await inTransaction(db, async (trx) => {
    await enqueueMail({ db: trx, mail: mails, now: now.getTime() })
    await recordActivity({
      db: trx,
      actor,
      action: 'sent',
      section: 'registrations',
      itemId: eventId,
      itemTitle: `E-mail to ${mails.length} registered for ${eventTitle}`,
    })
  })
}

/**
 * Erases the registrations whose date ended on `endedOnOrBefore` or earlier (the retention setting's days ago), and
 * the e-mails about them still in the outbox. Answers how many.
 */
export async function deleteEndedRegistrations({ db, endedOnOrBefore }: { db: Db; endedOnOrBefore: string }) {
  let deleted = 0
  for (;;) {
    const ids = (
      await db.kysely
        .selectFrom('registrations')
        .select('id')
        .where('ends_on', '<=', endedOnOrBefore)
        .limit(500)
        .execute()
    ).map((row) => row.id)
    if (ids.length === 0) {
      if (deleted > 0) await forgetDeleted({ db })
      return deleted
    }
    await inTransaction(db, async (trx) => {
      await deleteMailFor({ db: trx, refIds: ids })
      await trx.kysely.deleteFrom('registrations').where('id', 'in', ids).execute()
    })
    deleted += ids.length
  }
}
