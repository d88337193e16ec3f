import { type Insertable, type Selectable, sql, type Updateable } from 'kysely'

import { type Db, forgetDeleted, inTransaction } from '#app/db/database.server.ts'
import type { DigestsTable, SubscribersTable } from '#app/db/types.ts'
import { newId } from '#app/lib/ids.server.ts'
import { deleteMailFor } from '#app/models/outbox.server.ts'

import type {
  ConsentAction,
  DigestStatus,
  Subscriber,
  SubscriberConsent,
  SubscriberStatus,
} from './schema.ts'

/** The most subscribers one API read answers. */
export const SUBSCRIBERS_PAGE_SIZE_MAX = 500

const COLUMNS = [
  'id',
  'email',
  'name',
  'language',
  'status',
  'suspended_reason',
  'created_at',
  'confirmed_at',
  'last_confirmation_sent_at',
] as const

const asSubscriber = (row: Omit<Subscriber, 'status'> & { status: string }) => row as Subscriber

/** The subscriber of an address, whatever its case. */
export async function getSubscriberByEmail({ db, email }: { db: Db; email: string }) {
  const row = await db.kysely
    .selectFrom('subscribers')
    .select(COLUMNS)
    .where(sql<string>`lower("email")`, '=', email.toLowerCase())
    .executeTakeFirst()
  return row ? asSubscriber(row) : null
}

export async function getSubscriberById({ db, id }: { db: Db; id: string }) {
  const row = await db.kysely
    .selectFrom('subscribers')
    .select(COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst()
  return row ? asSubscriber(row) : null
}

/** Counts one more temporary refusal of a subscriber's e-mails in a row; answers the count. */
export async function countSoftBounce({ db, id }: { db: Db; id: string }) {
  const row = await db.kysely
    .updateTable('subscribers')
    .set({ soft_bounces: sql<number>`soft_bounces + 1` })
    .where('id', '=', id)
    .returning('soft_bounces')
    .executeTakeFirst()
  return row ? Number(row.soft_bounces) : null
}

/** A subscriber's e-mail was delivered: its count of temporary refusals starts again. */
export async function clearSoftBounces({ db, id }: { db: Db; id: string }) {
  await db.kysely
    .updateTable('subscribers')
    .set({ soft_bounces: 0 })
    .where('id', '=', id)
    .where('soft_bounces', '>', 0)
    .execute()
}

/** The subscriber a link's token names, by the token's hash (`confirm` or `unsubscribe`). */
export async function getSubscriberByToken({
  db,
  link,
  hash,
}: {
  db: Db
  link: 'confirm' | 'unsubscribe'
  hash: string
}) {
  const row = await db.kysely
    .selectFrom('subscribers')
    .select(COLUMNS)
    .where(link === 'confirm' ? 'confirm_token_hash' : 'unsubscribe_token_hash', '=', hash)
    .executeTakeFirst()
  return row ? asSubscriber(row) : null
}

export async function createSubscriber({ db, row }: { db: Db; row: Insertable<SubscribersTable> }) {
  await db.kysely.insertInto('subscribers').values(row).execute()
}

/** Changes a subscriber (`id` may change too: a new sign-up after unsubscribing is a new subscription). */
export async function updateSubscriber({
  db,
  id,
  set,
}: {
  db: Db
  id: string
  set: Updateable<SubscribersTable>
}) {
  await db.kysely.updateTable('subscribers').set(set).where('id', '=', id).execute()
}

/** Appends one line to an address's consent history (never changed afterwards). */
export async function addConsent({ db, consent }: { db: Db; consent: Omit<SubscriberConsent, 'id'> }) {
  await db.kysely
    .insertInto('subscriber_consents')
    .values({ id: newId(), ...consent, email: consent.email.toLowerCase() })
    .execute()
}

/**
 * Subscribers, newest first, of one state or all, those whose address or name holds `q`; with the total for
 * X-Total-Count.
 */
export async function listSubscribers({
  db,
  status,
  q,
  limit = SUBSCRIBERS_PAGE_SIZE_MAX,
  offset = 0,
}: {
  db: Db
  status?: SubscriberStatus
  q?: string
  limit?: number
  offset?: number
}) {
  let query = db.kysely.selectFrom('subscribers')
  if (status) query = query.where('status', '=', status)
  const term = q?.trim().toLowerCase()
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    query = query.where(
      sql<boolean>`(lower("email") like ${pattern} escape '\\' or lower(coalesce("name", '')) like ${pattern} escape '\\')`,
    )
  }
  const [items, count] = await Promise.all([
    query.select(COLUMNS).orderBy('created_at', 'desc').orderBy('id').limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ])
  return { items: items.map(asSubscriber), total: Number(count.total) }
}

/** How many subscribers each state has. */
export async function countSubscribers({ db }: { db: Db }) {
  const rows = await db.kysely
    .selectFrom('subscribers')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('status')
    .execute()
  const counts: Record<SubscriberStatus, number> = { pending: 0, active: 0, unsubscribed: 0, suspended: 0 }
  for (const row of rows) {
    if (row.status in counts) counts[row.status as SubscriberStatus] = Number(row.count)
  }
  return counts
}

/**
 * Erases a subscriber (GDPR Art. 17): the row, every line of the address's consent history and every e-mail to
 * it still in the outbox, in one transaction; then the deleted pages are overwritten in the file and its
 * write-ahead log (forgetDeleted). Answers false when there was no such subscriber.
 */
export async function eraseSubscriber({ db, id }: { db: Db; id: string }) {
  const erased = await inTransaction(db, async (trx) => {
    const subscriber = await getSubscriberById({ db: trx, id })
    if (!subscriber) return false
    await deleteMailFor({ db: trx, refIds: [id] })
    await trx.kysely
      .deleteFrom('outbox')
      .where(sql<string>`lower("to_address")`, '=', subscriber.email.toLowerCase())
      .execute()
    await trx.kysely
      .deleteFrom('subscriber_consents')
      .where('email', '=', subscriber.email.toLowerCase())
      .execute()
    await trx.kysely.deleteFrom('subscribers').where('id', '=', id).execute()
    return true
  })
  if (erased) await forgetDeleted({ db })
  return erased
}

/** One address's consent history, oldest first. */
export async function listConsents({ db, email }: { db: Db; email: string }) {
  const rows = await db.kysely
    .selectFrom('subscriber_consents')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .orderBy('at')
    .orderBy('id')
    .execute()
  return rows as SubscriberConsent[]
}

/**
 * Deletes sign-ups never confirmed, made before `before`, with their e-mails still in the outbox and the lines of
 * their history that only say they signed up (no consent was given; an address that once confirmed keeps its
 * whole history). In batches, like the registrations' erasure. Answers how many.
 */
export async function deleteUnconfirmedSignUps({ db, before }: { db: Db; before: string }) {
  let deleted = 0
  for (;;) {
    const expired = await db.kysely
      .selectFrom('subscribers')
      .select(['id', 'email'])
      .where('status', '=', 'pending')
      .where('created_at', '<', before)
      .limit(500)
      .execute()
    if (expired.length === 0) {
      if (deleted > 0) await forgetDeleted({ db })
      return deleted
    }
    const ids = expired.map((row) => row.id)
    await inTransaction(db, async (trx) => {
      await deleteMailFor({ db: trx, refIds: ids })
      await trx.kysely.deleteFrom('subscribers').where('id', 'in', ids).execute()
      await trx.kysely
        .deleteFrom('subscriber_consents')
        .where(
          'email',
          'in',
          expired.map((row) => row.email.toLowerCase()),
        )
        .where('action', '=', 'subscribe' satisfies ConsentAction)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('subscriber_consents as confirmed')
                .select('confirmed.id')
                .whereRef('confirmed.email', '=', 'subscriber_consents.email')
                .where('confirmed.action', '=', 'confirm'),
            ),
          ),
        )
        .execute()
    })
    deleted += expired.length
  }
}

// The weekly sends ------------------------------------------------------------------------------------------------

export type DigestRow = Selectable<DigestsTable>

export async function getDigest({ db, week }: { db: Db; week: string }) {
  const row = await db.kysely.selectFrom('digests').selectAll().where('week', '=', week).executeTakeFirst()
  return row ?? null
}

/** The last weeks' sends, newest first. */
export async function listDigests({ db, limit = 10 }: { db: Db; limit?: number }) {
  return db.kysely.selectFrom('digests').selectAll().orderBy('week', 'desc').limit(limit).execute()
}

/**
 * Claims a week's send for `owner` until `leaseUntil`: a week never started is recorded now (the week is the
 * table's key, so of two workers or instances one inserts it), a previewed one (`pending`) is started, and one left
 * `sending` by a worker whose lease ran out (it died halfway) is taken over. Answers the row when this caller has it, else null.
 */
export async function claimDigest({
  db,
  week,
  dueAt,
  owner,
  now,
  leaseUntil,
  startNew = true,
}: {
  db: Db
  week: string
  dueAt: string
  owner: string
  now: number
  leaseUntil: number
  /** False past the week's last moment: only a send left halfway is taken (to be recorded as dropped). */
  startNew?: boolean
}): Promise<DigestRow | null> {
  const inserted = startNew
    ? await db.kysely
        .insertInto('digests')
        .values({
          week,
          due_at: dueAt,
          status: 'sending' satisfies DigestStatus,
          lease_owner: owner,
          lease_until: leaseUntil,
          started_at: new Date(now).toISOString(),
        })
        .onConflict((oc) => oc.column('week').doNothing())
        .executeTakeFirst()
    : null
  if (Number(inserted?.numInsertedOrUpdatedRows ?? 0) === 0) {
    const taken = await db.kysely
      .updateTable('digests')
      .set({
        status: 'sending' satisfies DigestStatus,
        lease_owner: owner,
        lease_until: leaseUntil,
        started_at: sql<string>`coalesce(started_at, ${new Date(now).toISOString()})`,
      })
      .where('week', '=', week)
      .where((eb) =>
        eb.or([
          // Previewed, waiting for its hour (a week past its last moment is never started).
          ...(startNew ? [eb('status', '=', 'pending' satisfies DigestStatus)] : []),
          eb.and([
            eb('status', '=', 'sending' satisfies DigestStatus),
            eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]),
          ]),
        ]),
      )
      .executeTakeFirst()
    if (Number(taken.numUpdatedRows) === 0) return null
  }
  return getDigest({ db, week })
}

/**
 * Records that the subscribers up to `lastSubscriberId` have their e-mails queued (in the transaction that queues
 * them) and keeps the lease; false when this owner no longer holds the week, and the caller must roll back.
 */
export async function recordDigestProgress({
  db,
  week,
  owner,
  lastSubscriberId,
  queued,
  leaseUntil,
}: {
  db: Db
  week: string
  owner: string
  lastSubscriberId: string
  queued: number
  leaseUntil: number
}) {
  const result = await db.kysely
    .updateTable('digests')
    .set({
      last_subscriber_id: lastSubscriberId,
      recipients: sql<number>`recipients + ${queued}`,
      lease_until: leaseUntil,
    })
    .where('week', '=', week)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'sending' satisfies DigestStatus)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Ends a week's send held by `owner`: `queued`, `empty` or `dropped`. */
export async function finishDigest({
  db,
  week,
  owner,
  status,
  now,
}: {
  db: Db
  week: string
  owner: string
  status: Exclude<DigestStatus, 'sending'>
  now: number
}) {
  await db.kysely
    .updateTable('digests')
    .set({ status, lease_owner: null, lease_until: null, finished_at: new Date(now).toISOString() })
    .where('week', '=', week)
    .where('lease_owner', '=', owner)
    .execute()
}

/** The next confirmed subscribers after `afterId`, by id: the order a week's send goes through them. */
export async function listActiveSubscribersAfter({
  db,
  afterId,
  limit,
}: {
  db: Db
  afterId: string | null
  limit: number
}) {
  const rows = await db.kysely
    .selectFrom('subscribers')
    .select(COLUMNS)
    .where('status', '=', 'active' satisfies SubscriberStatus)
    .$if(afterId !== null, (query) => query.where('id', '>', afterId!))
    .orderBy('id')
    .limit(limit)
    .execute()
  return rows.map(asSubscriber)
}

/** Deletes a subscriber's e-mails not sent yet (they unsubscribed: nothing more reaches them). */
export async function deleteWaitingMailOf({ db, subscriberId }: { db: Db; subscriberId: string }) {
  await db.kysely
    .deleteFrom('outbox')
    .where('ref_id', '=', subscriberId)
    .where('sent_at', 'is', null)
    .where('lease_owner', 'is', null)
    .execute()
}

/**
 * Records a week's preview (the day before): the week becomes `pending`. False when it was recorded already (by
 * another worker or instance, or staff skipped it): then no preview is sent.
 */
export async function recordDigestPreview({ db, week, dueAt }: { db: Db; week: string; dueAt: string }) {
  const inserted = await db.kysely
    .insertInto('digests')
    .values({ week, due_at: dueAt, status: 'pending' satisfies DigestStatus })
    .onConflict((oc) => oc.column('week').doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0
}

/**
 * The e-mails of one week's send still in the outbox (sent ones are kept a week): those sent, waiting for their
 * turn or a retry, and refused (given up). A week's e-mails are the subscribers' with a pace (`not_before`) queued
 * between its start and its end.
 */
export async function countDigestMail({ db, digest }: { db: Db; digest: DigestRow }) {
  if (!digest.started_at) return { sent: 0, waiting: 0, refused: 0 }
  const row = await db.kysely
    .selectFrom('outbox')
    .select([
      (eb) => eb.fn.count<number | string>('sent_at').as('sent'),
      (eb) => eb.fn.count<number | string>('failed_at').as('refused'),
      (eb) => eb.fn.countAll<number | string>().as('total'),
    ])
    .where('ref_id', 'is not', null)
    .where('not_before', 'is not', null)
    .where('created_at', '>=', digest.started_at)
    .$if(digest.finished_at !== null, (query) => query.where('created_at', '<=', digest.finished_at!))
    .executeTakeFirstOrThrow()
  const sent = Number(row.sent)
  const refused = Number(row.refused)
  return { sent, refused, waiting: Math.max(0, Number(row.total) - sent - refused) }
}

/** Staff's "Skip this week": a week not started yet is never sent. Answers the week as it now stands. */
export async function skipDigest({ db, week, dueAt }: { db: Db; week: string; dueAt: string }) {
  await db.kysely
    .insertInto('digests')
    .values({ week, due_at: dueAt, status: 'skipped' satisfies DigestStatus })
    .onConflict((oc) =>
      oc
        .column('week')
        .doUpdateSet({ status: 'skipped' satisfies DigestStatus })
        .where('digests.status', '=', 'pending' satisfies DigestStatus),
    )
    .execute()
  return (await getDigest({ db, week }))!
}
