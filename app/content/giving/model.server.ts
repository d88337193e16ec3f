import type { Selectable } from 'kysely'

import { type Db, inTransaction } from '#app/db/database.server.ts'
import type { GiftsTable } from '#app/db/types.ts'
import { HttpError } from '#app/lib/errors.ts'
import { newId } from '#app/lib/ids.server.ts'
import { type Actor, recordActivity } from '#app/models/activity.server.ts'
import { listModels } from '#app/models/content-models.server.ts'

import type { GiftFrequency, GiftStatus } from './schema.ts'

const funds = listModels.funds

export const listFunds = funds.list
export const getFund = funds.get
export const createFund = funds.create
export const updateFund = funds.update

/** Deletes a fund no gift was given to; one with gifts is refused (409): close it instead, its gifts keep it. */
export async function deleteFund(args: Parameters<typeof funds.delete>[0]) {
  const gift = await args.db.kysely
    .selectFrom('gifts')
    .select('id')
    .where('fund_id', '=', args.id)
    .executeTakeFirst()
  if (gift) throw new HttpError(409, 'This fund has gifts: close it instead, and its gifts keep it')
  return funds.delete(args)
}
export const reorderFunds = funds.reorder!

/** A gift as stored and as the gifts' API sends it (booleans as booleans). */
export type Gift = Omit<Selectable<GiftsTable>, 'benefit' | 'ie_taxpayer'> & {
  benefit: boolean
  ie_taxpayer: boolean
}

const toGift = (row: Selectable<GiftsTable>): Gift => ({
  ...row,
  benefit: Boolean(row.benefit),
  ie_taxpayer: Boolean(row.ie_taxpayer),
})

/** The visitor's gift as the giving form made it, before Stripe has seen it: `processing` until Stripe says. */
export async function createGift({
  db,
  gift,
  now,
}: {
  db: Db
  gift: {
    amount_cents: number
    fund_id: string
    frequency: GiftFrequency
    given_at: string
    tax_year: number
    ie_taxpayer: boolean
    language: string
    donor_id: string | null
  }
  now: string
}) {
  const id = newId()
  await db.kysely
    .insertInto('gifts')
    .values({
      id,
      ...gift,
      ie_taxpayer: gift.ie_taxpayer ? 1 : 0,
      status: 'processing',
      method: null,
      cleared_at: null,
      stripe_checkout_session_id: null,
      stripe_payment_intent_id: null,
      stripe_subscription_id: null,
      stripe_invoice_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute()
  return id
}

export async function getGift({ db, id }: { db: Db; id: string }) {
  const row = await db.kysely.selectFrom('gifts').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toGift(row) : null
}

/** The gift a Stripe id belongs to: its Checkout Session, PaymentIntent or Invoice. */
export async function findGiftBy({
  db,
  column,
  value,
}: {
  db: Db
  column: 'stripe_checkout_session_id' | 'stripe_payment_intent_id' | 'stripe_invoice_id'
  value: string
}) {
  const row = await db.kysely.selectFrom('gifts').selectAll().where(column, '=', value).executeTakeFirst()
  return row ? toGift(row) : null
}

/** The first gift of a monthly gift (the one its Checkout Session made), by its subscription. */
export async function findFirstGiftOfSubscription({
  db,
  subscriptionId,
}: {
  db: Db
  subscriptionId: string
}) {
  const row = await db.kysely
    .selectFrom('gifts')
    .selectAll()
    .where('stripe_subscription_id', '=', subscriptionId)
    .where('stripe_checkout_session_id', 'is not', null)
    .executeTakeFirst()
  return row ? toGift(row) : null
}

type GiftChange = Partial<
  Pick<
    GiftsTable,
    | 'status'
    | 'method'
    | 'cleared_at'
    | 'donor_id'
    | 'stripe_checkout_session_id'
    | 'stripe_payment_intent_id'
    | 'stripe_subscription_id'
    | 'stripe_invoice_id'
  >
>

/**
 * Changes a gift's status, Stripe ids or donor: the gift `id`, or every gift of the monthly gift `subscriptionId`
 * (its months). `onlyFrom` keeps a status from going back (succeeded → processing); `onlyUnset` keeps a column
 * already set (a donor known before). True when a gift was changed.
 */
export async function updateGift({
  db,
  change,
  onlyFrom,
  onlyUnset,
  now,
  ...which
}: {
  db: Db
  change: GiftChange
  onlyFrom?: readonly GiftStatus[]
  onlyUnset?: keyof GiftChange
  now: string
} & ({ id: string } | { subscriptionId: string })) {
  let query = db.kysely.updateTable('gifts').set({ ...change, updated_at: now })
  query =
    'id' in which
      ? query.where('id', '=', which.id)
      : query.where('stripe_subscription_id', '=', which.subscriptionId)
  if (onlyFrom) query = query.where('status', 'in', [...onlyFrom])
  if (onlyUnset) query = query.where(onlyUnset, 'is', null)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/**
 * Records how much of a gift Stripe has refunded (a charge's `amount_refunded`, which only grows): never less than
 * already recorded, so a repeated or older event changes nothing; at most the gift's amount.
 */
export async function recordRefund({
  db,
  id,
  refundedCents,
  now,
}: {
  db: Db
  id: string
  refundedCents: number
  now: string
}) {
  await db.kysely
    .updateTable('gifts')
    .set((eb) => ({
      refunded_cents: eb
        .case()
        .when('amount_cents', '<', refundedCents)
        .then(eb.ref('amount_cents'))
        .else(refundedCents)
        .end(),
      updated_at: now,
    }))
    .where('id', '=', id)
    .where('refunded_cents', '<', refundedCents)
    .execute()
}

/** Marks a gift as buying a benefit (or not), with its activity entry; false when there is no such gift. */
export async function setGiftBenefit({
  db,
  id,
  benefit,
  actor,
}: {
  db: Db
  id: string
  benefit: boolean
  actor: Actor
}) {
  return inTransaction(db, async (trx) => {
    const gift = await trx.kysely
      .updateTable('gifts')
      .set({ benefit: benefit ? 1 : 0, updated_at: actor.at.toISOString() })
      .where('id', '=', id)
      .returning(['id', 'amount_cents', 'given_at'])
      .executeTakeFirst()
    if (!gift) return false
    await recordActivity({
      db: trx,
      actor,
      action: 'changed',
      section: 'gifts',
      itemId: id,
      itemTitle: `A gift of €${(gift.amount_cents / 100).toFixed(2)} on ${gift.given_at.slice(0, 10)}: ${
        benefit ? 'bought a benefit' : 'no benefit'
      }`,
    })
    return true
  })
}

/** One more month of a monthly gift: a gift row of its own, made once per invoice (a unique index). */
export async function createInvoiceGift({
  db,
  gift,
  now,
}: {
  db: Db
  gift: Omit<
    Selectable<GiftsTable>,
    | 'id'
    | 'created_at'
    | 'updated_at'
    | 'benefit'
    | 'ie_taxpayer'
    | 'receipt_at'
    | 'mandate_reference'
    | 'stopped_at'
    | 'refunded_cents'
  > & {
    ie_taxpayer: boolean
  }
  now: string
}) {
  const id = newId()
  const inserted = await db.kysely
    .insertInto('gifts')
    .values({
      id,
      ...gift,
      ie_taxpayer: gift.ie_taxpayer ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('stripe_invoice_id').doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? id : null
}

/** Gifts newest first, filtered by status, fund and tax year, with their total count. */
export async function listGifts({
  db,
  status,
  fundId,
  year,
  limit,
  offset = 0,
}: {
  db: Db
  status?: GiftStatus
  fundId?: string
  year?: number
  limit?: number
  offset?: number
}) {
  let query = db.kysely.selectFrom('gifts')
  if (status) query = query.where('status', '=', status)
  if (fundId) query = query.where('fund_id', '=', fundId)
  if (year !== undefined) query = query.where('tax_year', '=', year)
  const { total } = await query
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow()
  let rows = query.selectAll().orderBy('given_at', 'desc').orderBy('id').offset(offset)
  if (limit !== undefined) rows = rows.limit(limit)
  else if (offset > 0) rows = rows.limit(Number.MAX_SAFE_INTEGER)
  return { items: (await rows.execute()).map(toGift), total: Number(total) }
}

/** The donor with this Stripe customer, else with this e-mail address, made or brought up to date. */
export async function upsertDonor({
  db,
  customerId,
  email,
  name,
  language,
  now,
}: {
  db: Db
  customerId: string | null
  email: string | null
  name: string | null
  language: string
  now: string
}) {
  const byCustomer = customerId
    ? await db.kysely
        .selectFrom('donors')
        .selectAll()
        .where('stripe_customer_id', '=', customerId)
        .executeTakeFirst()
    : undefined
  const byEmail =
    !byCustomer && email
      ? await db.kysely
          .selectFrom('donors')
          .selectAll()
          .where('email', '=', email.toLowerCase())
          .orderBy('created_at')
          .executeTakeFirst()
      : undefined
  const found = byCustomer ?? byEmail
  if (found) {
    await db.kysely
      .updateTable('donors')
      .set({
        email: email?.toLowerCase() ?? found.email,
        name: name ?? found.name,
        stripe_customer_id: found.stripe_customer_id ?? customerId,
        updated_at: now,
      })
      .where('id', '=', found.id)
      .execute()
    return found.id
  }
  const id = newId()
  await db.kysely
    .insertInto('donors')
    .values({
      id,
      email: email?.toLowerCase() ?? null,
      name,
      language,
      stripe_customer_id: customerId,
      created_at: now,
      updated_at: now,
    })
    .execute()
  return id
}

// Stripe's events ---------------------------------------------------------------------------------------------

/** Stores an event by its id; false when it was stored before (a repeat, which then does nothing). */
export async function storeStripeEvent({
  db,
  event,
  now,
}: {
  db: Db
  event: { id: string; type: string; payload: string }
  now: string
}) {
  const result = await db.kysely
    .insertInto('stripe_events')
    .values({
      id: event.id,
      type: event.type,
      payload: event.payload,
      received_at: now,
      processed_at: null,
      error: null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}
