import { sql } from 'kysely'

import { type Actor, recordActivity } from '#app/models/activity.server.ts'
import { deleteMailFor, enqueueMail, type OutgoingMail } from '#app/models/outbox.server.ts'
import { consumeRateLimit } from '#app/models/rate-limits.server.ts'
import { type Db, forgetDeleted, inTransaction } from '#app/db/database.server.ts'
import { lockEvent } from '#app/content/events/model.server.ts'
import { foldText } from '#app/lib/fold-text.ts'
import type { Clock } from '#app/lib/clock.ts'
import { newId } from '#app/lib/ids.server.ts'
import { addressKey, holdsLargeShare, LARGE_SHARE_MIN_PLACES, movedUp, placeFor } from './rules.ts'
import type { Registration, RegistrationInput, RegistrationStatus } from './schema.ts'

/** Visitors' sign-ups for an event's dates (issue 29): the only SQL of registrations. */
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

const asRegistration = <R extends Omit<Registration, 'status'> & { status: string }>(row: R) => ({
  ...row,
  people: Number(row.people),
  status: row.status as RegistrationStatus,
})

/** A registration with the language its e-mails are written in (never in an API answer). */
type StoredRegistration = Registration & { language: string | null }
const STORED_COLUMNS = [...REGISTRATION_COLUMNS, 'language'] as const
const withoutLanguage = ({ language: _, ...registration }: StoredRegistration): Registration => registration

export const REGISTRATIONS_PAGE_SIZE_MAX = 500

/** E-mails saying a registration was changed, sent to its address in a day at most (the change itself is kept). */
const CHANGE_MAILS_MAX = 3
const DAY_MS = 24 * 60 * 60 * 1000

/** The places confirmed on one date and how many sign-ups wait for it, as the transaction sees them. */
async function dateCounts(db: Db, eventId: string, occurrence: string) {
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
 * The time a sign-up takes its turn: the clock's, read once the event is locked, and after every earlier sign-up's
 * for the date even when the clock reads the same millisecond twice. The waiting list and the list staff see go
 * by this time: read before the lock, a sign-up that waited for it would rank ahead of the ones counted first.
 */
async function turnTime(db: Db, eventId: string, occurrence: string, clock: Clock) {
  const latest = await db.kysely
    .selectFrom('registrations')
    .select((eb) => eb.fn.max('created_at').as('latest'))
    .where('event_id', '=', eventId)
    .where('occurrence', '=', occurrence)
    .executeTakeFirst()
  const after = latest?.latest ? new Date(latest.latest).getTime() + 1 : 0
  return new Date(Math.max(clock.now().getTime(), after))
}

/** Why a sign-up was not taken, with the numbers the visitor is told. */
export type SignUpRefusal =
  /** The connection already holds `held` of the `limit` places it may hold on the date. */
  | { refused: 'connection'; held: number; limit: number }
  /** A confirmed registration asked for more people than the date has room for: it stands as it was. */
  | { refused: 'no-room'; registration: Registration }

/** A sign-up taken: a new registration, or the address's live one for the date changed (`updated`). */
export interface SignUpSaved {
  registration: Registration
  updated: boolean
  /** Those moved up from the waiting list into places the change freed. */
  movedUp: Registration[]
}

/** Which e-mail a registration is sent: a new one's, a changed one's, or a place come free. */
export type RegistrationMailKind = 'new' | 'updated' | 'moved-up'

/** Makes a registration's e-mails of a kind, in `language` (the page it was made on; null: the main one). */
export type RegistrationMails = (
  registration: Registration,
  kind: RegistrationMailKind,
  language: string | null,
) => OutgoingMail[]

/**
 * Stores a sign-up for one date of an event, confirmed while the date has room (and nobody waits) or on the
 * waiting list, with its e-mails in the same transaction. The event's row is locked first (PostgreSQL's FOR
 * UPDATE; SQLite's write lock is already held), so sign-ups arriving together through any worker or instance are
 * counted one after another and never confirm more than `capacity` places, and ranked in that order. Null when the
 * event no longer takes registrations. A spam sign-up (`spamReason`) is kept without places or e-mail.
 *
 * A mailbox holds one live registration per date (addressKey; a unique index besides): a second sign-up changes
 * the first (name, people, note) and keeps its turn; a confirmed one that asks for more than the date has left
 * stands as it was (`no-room`), and one that asks for fewer moves the waiting list up. A connection (`clientKey`)
 * holds at most `limits.connection` places on the date (`connection`).
 */
export async function createRegistration({
  db,
  eventId,
  occurrence,
  endsOn,
  input,
  clientKey = null,
  limits,
  spamReason = null,
  language = null,
  clock,
  mails,
  actor,
}: {
  db: Db
  eventId: string
  occurrence: string
  endsOn: string
  input: Omit<RegistrationInput, 'occurrence'>
  /** The connection's key; null: staff, whose sign-ups no connection limit counts. */
  clientKey?: string | null
  /** The places one connection may hold on the date, given its capacity; none: no limit. */
  limits?: (capacity: number | null) => { connection: number }
  spamReason?: string | null
  /** The language of the page it is made on (its e-mails'); a change takes the language it is made in. */
  language?: string | null
  clock: Clock
  mails?: RegistrationMails
  /** Staff adding it by hand: logged (the event, never the person). */
  actor?: Actor
}): Promise<SignUpSaved | SignUpRefusal | null> {
  return inTransaction(db, async (trx) => {
    const event = await lockEvent(trx, eventId)
    if (!event || !event.registration) return null
    const now = await turnTime(trx, eventId, occurrence, clock)
    const emailKey = addressKey(input.email)
    const at = now.toISOString()
    const existing = spamReason ? undefined : await liveRegistrationOf(trx, eventId, occurrence, emailKey)
    if (!spamReason && clientKey !== null && limits) {
      const held = await placesHeldBy(trx, eventId, occurrence, clientKey, existing?.id)
      const limit = limits(event.capacity).connection
      if (held + input.people > limit) return { refused: 'connection', held, limit }
    }
    const fields = { name: input.name, email: input.email, people: input.people, note: input.note }
    if (existing) {
      const counts = await dateCounts(trx, eventId, occurrence)
      const others = counts.taken - existing.people
      // More people on a confirmed registration are a new party's places: nobody waiting is passed over for them.
      if (
        existing.status === 'confirmed' &&
        input.people > existing.people &&
        placeFor({
          capacity: event.capacity,
          taken: others,
          waiting: counts.waiting,
          people: input.people,
        }) === 'waiting'
      ) {
        return { refused: 'no-room', registration: existing }
      }
      const registration: StoredRegistration = { ...existing, ...fields, updated_at: at }
      await trx.kysely
        .updateTable('registrations')
        .set({
          ...fields,
          email_key: emailKey,
          // Staff changing it by hand leave its places counted against the connection that took them.
          ...(clientKey === null ? {} : { client_key: clientKey, language }),
          search_text: registrationSearchText(registration),
          updated_at: at,
        })
        .where('id', '=', existing.id)
        .execute()
      const moved =
        existing.status === 'confirmed' && input.people < existing.people
          ? await moveUpWaiting(trx, { ...registration, capacity: event.capacity, at })
          : []
      // The person is told of a change, but the address typed is anyone's: a few such e-mails a day at most.
      const tell =
        mails !== undefined &&
        (['name', 'people', 'note'] as const).some((field) => registration[field] !== existing[field]) &&
        (
          await consumeRateLimit({
            db: trx,
            key: `registration-changed:${existing.id}`,
            limit: CHANGE_MAILS_MAX,
            windowMs: DAY_MS,
            now: now.getTime(),
          })
        ).allowed
      if (mails) {
        await enqueueMail({
          db: trx,
          mail: [
            ...(tell
              ? mails(
                  withoutLanguage(registration),
                  'updated',
                  clientKey === null ? existing.language : language,
                )
              : []),
            ...moved.flatMap(({ language: theirs, ...entry }) => mails(entry, 'moved-up', theirs)),
          ],
          now: now.getTime(),
        })
      }
      if (actor) await logSignUp(trx, actor, 'changed', eventId, `Registration changed for ${event.title}`)
      return {
        registration: withoutLanguage(registration),
        updated: true,
        movedUp: moved.map(withoutLanguage),
      }
    }
    const counts = await dateCounts(trx, eventId, occurrence)
    const status: RegistrationStatus = spamReason
      ? 'spam'
      : placeFor({ capacity: event.capacity, ...counts, people: input.people })
    const registration: Registration = {
      id: newId(),
      event_id: eventId,
      occurrence,
      ends_on: endsOn,
      ...fields,
      status,
      spam_reason: spamReason,
      created_at: at,
      updated_at: at,
    }
    await trx.kysely
      .insertInto('registrations')
      .values({
        ...registration,
        email_key: emailKey,
        client_key: clientKey,
        language,
        search_text: registrationSearchText(registration),
      })
      .execute()
    if (status !== 'spam' && mails)
      await enqueueMail({ db: trx, mail: mails(registration, 'new', language), now: now.getTime() })
    if (actor) await logSignUp(trx, actor, 'created', eventId, `Registration added for ${event.title}`)
    return { registration, updated: false, movedUp: [] }
  })
}

function logSignUp(trx: Db, actor: Actor, action: 'created' | 'changed', eventId: string, itemTitle: string) {
  return recordActivity({ db: trx, actor, action, section: 'registrations', itemId: eventId, itemTitle })
}

/** The live (confirmed or waiting) registration of a mailbox for a date, as the transaction sees it. */
async function liveRegistrationOf(
  db: Db,
  eventId: string,
  occurrence: string,
  emailKey: string,
): Promise<StoredRegistration | undefined> {
  const row = await db.kysely
    .selectFrom('registrations')
    .select(STORED_COLUMNS)
    .where('event_id', '=', eventId)
    .where('occurrence', '=', occurrence)
    .where('email_key', '=', emailKey)
    .where('status', 'in', ['confirmed', 'waiting'])
    .executeTakeFirst()
  return row ? asRegistration(row) : undefined
}

/** The places a connection's live registrations hold on a date, but for one of them (`except`). */
async function placesHeldBy(db: Db, eventId: string, occurrence: string, clientKey: string, except?: string) {
  let query = db.kysely
    .selectFrom('registrations')
    .select((eb) => eb.fn.sum<number>('people').as('people'))
    .where('event_id', '=', eventId)
    .where('occurrence', '=', occurrence)
    .where('client_key', '=', clientKey)
    .where('status', 'in', ['confirmed', 'waiting'])
  if (except) query = query.where('id', '!=', except)
  return Number((await query.executeTakeFirst())?.people ?? 0)
}

/**
 * Moves the first on a date's waiting list up into its free places, as many as fit in order (the caller holds the
 * event's lock); answers them, confirmed.
 */
async function moveUpWaiting(
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

function registrationSearchText(registration: Pick<Registration, 'name' | 'email' | 'note'>) {
  return [registration.name, registration.email, registration.note ?? ''].map(foldText).join('\n')
}

export async function getRegistration({ db, id }: { db: Db; id: string }): Promise<Registration | null> {
  const row = await db.kysely
    .selectFrom('registrations')
    .select(REGISTRATION_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst()
  return row ? asRegistration(row) : null
}

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
