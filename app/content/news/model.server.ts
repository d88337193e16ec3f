import { type Insertable, sql, type Updateable } from 'kysely'

import { type Db, forgetDeleted, inTransaction } from '#app/db/database.server.ts'
import type { SubscribersTable } from '#app/db/types.ts'
import { newId } from '#app/lib/ids.server.ts'
import { deleteMailFor } from '#app/models/outbox.server.ts'

import type { ConsentAction, Subscriber, SubscriberConsent, SubscriberStatus } from './schema.ts'

// The weekly news' subscribers and their consent history; the weekly sends are digests-model.server.ts's.

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
