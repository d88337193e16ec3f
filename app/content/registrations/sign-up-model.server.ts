import { type Db, inTransaction } from '#app/db/database.server.ts'
import { lockEvent } from '#app/content/events/model.server.ts'
import type { Clock } from '#app/lib/clock.ts'
import { foldText } from '#app/lib/fold-text.ts'
import { newId } from '#app/lib/ids.server.ts'
import { type Actor, recordActivity } from '#app/models/activity.server.ts'
import { enqueueMail, type OutgoingMail } from '#app/models/outbox.server.ts'
import { consumeRateLimit } from '#app/models/rate-limits.server.ts'

import { asRegistration, STORED_COLUMNS, type StoredRegistration, withoutLanguage } from './model.server.ts'
import { dateCounts, moveUpWaiting } from './places-model.server.ts'
import { addressKey, placeFor } from './rules.ts'
import type { Registration, RegistrationInput, RegistrationStatus } from './schema.ts'

/** E-mails saying a registration was changed, sent to its address in a day at most (the change itself is kept). */
const CHANGE_MAILS_MAX = 3
const DAY_MS = 24 * 60 * 60 * 1000

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
  ...signUp
}: SignUp & { db: Db }): Promise<SignUpSaved | SignUpRefusal | null> {
  const { eventId, occurrence, input, clientKey = null, limits, spamReason = null, clock } = signUp
  return inTransaction(db, async (trx) => {
    const event = await lockEvent(trx, eventId)
    if (!event || !event.registration) return null
    const turn = {
      trx,
      event,
      now: await turnTime(trx, eventId, occurrence, clock),
      emailKey: addressKey(input.email),
    }
    const existing = spamReason
      ? undefined
      : await liveRegistrationOf(trx, eventId, occurrence, turn.emailKey)
    if (!spamReason && clientKey !== null && limits) {
      const held = await placesHeldBy(trx, eventId, occurrence, clientKey, existing?.id)
      const limit = limits(event.capacity).connection
      if (held + input.people > limit) return { refused: 'connection', held, limit }
    }
    return existing ? changeRegistration(turn, signUp, existing) : insertRegistration(turn, signUp)
  })
}

/** What a visitor or staff member signs up (createRegistration's argument but the database). */
interface SignUp {
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
}

/** A sign-up's turn inside its transaction: the locked event, the time it is taken at, its mailbox's key. */
interface Turn {
  trx: Db
  event: { title: string; capacity: number | null }
  now: Date
  emailKey: string
}

const fieldsOf = ({ input }: SignUp) => ({
  name: input.name,
  email: input.email,
  people: input.people,
  note: input.note,
})

/** A second sign-up of a mailbox for a date: changes its live registration, which keeps its turn. */
async function changeRegistration(
  { trx, event, now, emailKey }: Turn,
  signUp: SignUp,
  existing: StoredRegistration,
): Promise<SignUpSaved | SignUpRefusal> {
  const { eventId, occurrence, input, clientKey = null, language = null, mails, actor } = signUp
  const at = now.toISOString()
  const counts = await dateCounts(trx, eventId, occurrence)
  const others = counts.taken - existing.people
  // More people on a confirmed registration are a new party's places: nobody waiting is passed over for them.
  if (
    existing.status === 'confirmed' &&
    input.people > existing.people &&
    placeFor({ capacity: event.capacity, taken: others, waiting: counts.waiting, people: input.people }) ===
      'waiting'
  ) {
    return { refused: 'no-room', registration: existing }
  }
  const fields = fieldsOf(signUp)
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
          ? mails(withoutLanguage(registration), 'updated', clientKey === null ? existing.language : language)
          : []),
        ...moved.flatMap(({ language: theirs, ...entry }) => mails(entry, 'moved-up', theirs)),
      ],
      now: now.getTime(),
    })
  }
  if (actor) await logSignUp(trx, actor, 'changed', eventId, `Registration changed for ${event.title}`)
  return { registration: withoutLanguage(registration), updated: true, movedUp: moved.map(withoutLanguage) }
}

/** A new registration: confirmed while the date has room and nobody waits, else waiting (spam: neither). */
async function insertRegistration({ trx, event, now, emailKey }: Turn, signUp: SignUp): Promise<SignUpSaved> {
  const { eventId, occurrence, endsOn, input, clientKey = null, spamReason = null, language = null } = signUp
  const { mails, actor } = signUp
  const at = now.toISOString()
  const counts = await dateCounts(trx, eventId, occurrence)
  const status: RegistrationStatus = spamReason
    ? 'spam'
    : placeFor({ capacity: event.capacity, ...counts, people: input.people })
  const registration: Registration = {
    id: newId(),
    event_id: eventId,
    occurrence,
    ends_on: endsOn,
    ...fieldsOf(signUp),
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

function registrationSearchText(registration: Pick<Registration, 'name' | 'email' | 'note'>) {
  return [registration.name, registration.email, registration.note ?? ''].map(foldText).join('\n')
}
