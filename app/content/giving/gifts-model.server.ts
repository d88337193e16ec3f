import { type Db, inTransaction } from '#app/db/database.server.ts'
import { type Actor, recordActivity } from '#app/models/activity.server.ts'

import { type Gift, getGift } from './model.server.ts'

/**
 * The giving's second part (issue 49): Stripe's events as the job worker takes them, receipts, January statements
 * and the Gifts screen's donors. The first part's queries are in model.server.ts.
 */

// The job worker's events ----------------------------------------------------------------------------------------

/** Events not processed yet that no worker holds now, oldest first. */
export async function listClaimableStripeEvents({ db, now, limit }: { db: Db; now: string; limit: number }) {
  return db.kysely
    .selectFrom('stripe_events')
    .selectAll()
    .where('processed_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('received_at')
    .orderBy('id')
    .limit(limit)
    .execute()
}

/**
 * Takes an event for this worker until `until`: true when it was free (not processed, held by no one or by a
 * worker whose hold has run out). One statement: of two workers (or instances) asking at once, one gets it.
 */
export async function claimStripeEvent({
  db,
  id,
  now,
  until,
}: {
  db: Db
  id: string
  now: string
  until: string
}) {
  const result = await db.kysely
    .updateTable('stripe_events')
    .set((eb) => ({ claimed_until: until, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('processed_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/**
 * Ends a worker's hold on an event: processed (`processedAt`) or still waiting (`error` says for what). False when
 * it was processed meanwhile: the caller's transaction is then undone.
 */
export async function finishStripeEvent({
  db,
  id,
  processedAt,
  error,
}: {
  db: Db
  id: string
  processedAt: string | null
  error: string | null
}) {
  const result = await db.kysely
    .updateTable('stripe_events')
    .set({ processed_at: processedAt, error, claimed_until: null })
    .where('id', '=', id)
    .where('processed_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** The gifts of one monthly gift (its subscription), its first one first. */
export async function listSubscriptionGiftIds({ db, subscriptionId }: { db: Db; subscriptionId: string }) {
  const rows = await db.kysely
    .selectFrom('gifts')
    .select('id')
    .where('stripe_subscription_id', '=', subscriptionId)
    .orderBy('given_at')
    .execute()
  return rows.map((row) => row.id)
}

/** Records that a monthly gift was stopped, on its first row. */
export async function markGiftStopped({ db, id, at, now }: { db: Db; id: string; at: string; now: string }) {
  await db.kysely
    .updateTable('gifts')
    .set({ stopped_at: at, updated_at: now })
    .where('id', '=', id)
    .where('stopped_at', 'is', null)
    .execute()
}

/** Keeps a SEPA gift's mandate reference, read from Stripe, for its receipt. */
export async function setMandateReference({ db, id, reference }: { db: Db; id: string; reference: string }) {
  await db.kysely.updateTable('gifts').set({ mandate_reference: reference }).where('id', '=', id).execute()
}

// Receipts ---------------------------------------------------------------------------------------------------------

/**
 * Marks a gift's receipt as queued, once: answers the gift (with its donor and fund) when it has succeeded, its
 * donor has an address and no receipt was queued before; else null. Called in the transaction that queues it.
 */
export async function claimReceipt({ db, id, now }: { db: Db; id: string; now: string }) {
  const donor = await db.kysely
    .selectFrom('gifts')
    .innerJoin('donors', 'donors.id', 'gifts.donor_id')
    .select(['donors.id', 'donors.email', 'donors.name', 'donors.language', 'donors.stripe_customer_id'])
    .where('gifts.id', '=', id)
    .where('donors.email', 'is not', null)
    .executeTakeFirst()
  if (!donor?.email) return null
  const result = await db.kysely
    .updateTable('gifts')
    .set({ receipt_at: now })
    .where('id', '=', id)
    .where('status', '=', 'succeeded')
    .where('receipt_at', 'is', null)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) === 0) return null
  const gift = (await getGift({ db, id }))!
  const fund = await db.kysely
    .selectFrom('funds')
    .select(['name', 'translations'])
    .where('id', '=', gift.fund_id)
    .executeTakeFirst()
  return { gift, donor: { ...donor, email: donor.email }, fund: fund ?? null }
}

// January statements -------------------------------------------------------------------------------------------

/** Donors with an address and succeeded gifts in `year` who have no statement of it yet, with their total. */
export async function listStatementsDue({ db, year, limit }: { db: Db; year: number; limit: number }) {
  return db.kysely
    .selectFrom('gifts')
    .innerJoin('donors', 'donors.id', 'gifts.donor_id')
    .select((eb) => [
      'donors.id as donor_id',
      // Each gift less what was given back of it (a part refund leaves the gift succeeded: decision 0046).
      eb.fn
        .sum<number | string>(eb('gifts.amount_cents', '-', eb.ref('gifts.refunded_cents')))
        .as('total_cents'),
    ])
    .where('gifts.tax_year', '=', year)
    .where('gifts.status', '=', 'succeeded')
    .where('donors.email', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('giving_statements')
            .select('giving_statements.donor_id')
            .whereRef('giving_statements.donor_id', '=', 'donors.id')
            .where('giving_statements.year', '=', year),
        ),
      ),
    )
    .groupBy('donors.id')
    .orderBy('donors.id')
    .limit(limit)
    .execute()
}

/** Claims a donor's statement of a year (its key): false when one was sent already, by any worker. */
export async function claimStatement({
  db,
  donorId,
  year,
  totalCents,
  now,
}: {
  db: Db
  donorId: string
  year: number
  totalCents: number
  now: string
}) {
  const result = await db.kysely
    .insertInto('giving_statements')
    .values({ donor_id: donorId, year, total_cents: totalCents, sent_at: now })
    .onConflict((oc) => oc.columns(['donor_id', 'year']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

// Donors, for the Gifts screen -------------------------------------------------------------------------------------

export async function getDonor({ db, id }: { db: Db; id: string }) {
  return (await db.kysely.selectFrom('donors').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
}

/** A donor's gifts, newest first (succeeded or not), optionally of one tax year. */
export async function listDonorGifts({ db, donorId, year }: { db: Db; donorId: string; year?: number }) {
  let query = db.kysely.selectFrom('gifts').selectAll().where('donor_id', '=', donorId)
  if (year !== undefined) query = query.where('tax_year', '=', year)
  const rows = await query.orderBy('given_at', 'desc').orderBy('id').execute()
  return rows.map(
    (row): Gift => ({ ...row, benefit: Boolean(row.benefit), ie_taxpayer: Boolean(row.ie_taxpayer) }),
  )
}

/** The donors' names and addresses by id, for a list of gifts. */
export async function donorsById({ db, ids }: { db: Db; ids: string[] }) {
  if (ids.length === 0) return new Map<string, { name: string | null; email: string | null }>()
  const rows = await db.kysely
    .selectFrom('donors')
    .select(['id', 'name', 'email'])
    .where('id', 'in', [...new Set(ids)])
    .execute()
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]))
}

/** The tax years gifts were given in, newest first (the Gifts screen's year filter). */
export async function listGiftYears({ db }: { db: Db }) {
  const rows = await db.kysely
    .selectFrom('gifts')
    .select('tax_year')
    .distinct()
    .orderBy('tax_year', 'desc')
    .execute()
  return rows.map((row) => row.tax_year)
}

/** Records that a treasurer or administrator looked at a donor or downloaded gifts (issue 49: every one). */
export async function logGivingAccess({
  db,
  actor,
  action,
  itemId,
  title,
}: {
  db: Db
  actor: Actor
  action: 'viewed' | 'exported'
  itemId: string | null
  title: string
}) {
  await inTransaction(db, (trx) =>
    recordActivity({ db: trx, actor, action, section: 'gifts', itemId, itemTitle: title }),
  )
}
