import type Stripe from 'stripe'

import { type Db, inTransaction } from '#app/db/database.server.ts'
import type { Env } from '#app/env.server.ts'
import { HttpError } from '#app/lib/errors.ts'
import type { AppRuntime } from '#app/runtime.server.ts'

import {
  claimStripeEvent,
  finishStripeEvent,
  listClaimableStripeEvents,
  listSubscriptionGiftIds,
  markGiftStopped,
  setMandateReference,
} from './gifts-model.server.ts'
import {
  findFirstGiftOfSubscription,
  findGiftBy,
  getGift,
  type Gift,
  recordRefund,
  storeStripeEvent,
  updateGift,
  upsertDonor,
} from './model.server.ts'
import { queueReceipts, type ReceiptDeps } from './receipts.server.ts'
import type { GiftStatus } from './schema.ts'
import { verifiedEvent } from './stripe.server.ts'
import { invoiceFailed, invoicePaid } from './webhook-invoices.server.ts'
import { done, OPEN, type Outcome } from './webhook-outcome.server.ts'
import { type Fresh, idOf, reread, statusNow } from './webhook-reread.server.ts'

/**
 * A webhook request from Stripe: its raw body verified (a bad signature or a timestamp older than the tolerance
 * is a 400, and nothing is stored) and the event stored by its id (a repeat does nothing). It is answered then:
 * the job worker (processStripeEvents) does the work, woken by the route.
 */
export async function receiveStripeWebhook({
  runtime,
  body,
  signature,
}: {
  runtime: Pick<AppRuntime, 'env' | 'db' | 'clock'>
  body: Buffer
  signature: string | null
}) {
  const secret = runtime.env.STRIPE_WEBHOOK_SECRET
  if (!secret) throw new HttpError(503, 'Stripe webhooks are not set up: STRIPE_WEBHOOK_SECRET is unset')
  if (!signature) throw new HttpError(400, 'The Stripe-Signature header is missing')
  let event: Stripe.Event
  try {
    event = verifiedEvent({ body, signature, secret, now: runtime.clock.now() })
  } catch (error) {
    throw new HttpError(
      400,
      `The webhook's signature was refused: ${error instanceof Error ? error.message : 'it does not match'}`,
    )
  }
  const stored = await storeStripeEvent({
    db: runtime.db,
    event: { id: event.id, type: event.type, payload: body.toString('utf8') },
    now: runtime.clock.now().toISOString(),
  })
  return { received: true, repeat: !stored }
}

/** Events taken per pass, oldest first. */
const EVENTS_PER_PASS = 50
/** How long a worker holds an event it took: another takes it after this (the first one died mid-way). */
const HOLD_MS = 2 * 60 * 1000
/** How long an event may wait for its gift: Stripe retries a webhook for 3 days. */
const WAIT_AT_MOST_MS = 3 * 24 * 60 * 60 * 1000
/** Passes per run: an event waiting for another (a refund for its payment) is tried again once that one is done. */
const MAX_PASSES = 3

export type EventDeps = ReceiptDeps &
  Pick<AppRuntime, 'logger'> & { env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'> }

/**
 * The job worker's run: every event not processed yet that no other worker (of this or another instance) holds,
 * oldest first. Each is taken (claimStripeEvent), its objects re-read from Stripe where their order matters, and
 * applied with its receipts in one transaction that also marks it processed; what waits for another event (a
 * refund before its payment) is tried again in the next pass while a pass gets anything done, and at the next run.
 * Answers how many were applied.
 */
export async function processStripeEvents(deps: EventDeps) {
  let applied = 0
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const now = deps.clock.now()
    const rows = await listClaimableStripeEvents({
      db: deps.db,
      now: now.toISOString(),
      limit: EVENTS_PER_PASS,
    })
    let done = 0
    for (const row of rows) {
      if (await processOne(deps, row)) done++
    }
    applied += done
    if (done === 0 || done === rows.length) break
  }
  return applied
}

async function processOne(
  deps: EventDeps,
  row: { id: string; type: string; payload: string; received_at: string },
) {
  const { db, clock, logger } = deps
  const now = clock.now()
  const claimed = await claimStripeEvent({
    db,
    id: row.id,
    now: now.toISOString(),
    until: new Date(now.getTime() + HOLD_MS).toISOString(),
  })
  if (!claimed) return false
  try {
    const event = JSON.parse(row.payload) as Stripe.Event
    const fresh = await reread(deps, event)
    return await inTransaction(db, async (trx) => {
      const outcome = await applyEvent(trx, deps, event, fresh)
      const at = clock.now()
      // What still waits after Stripe's own retries would have ended is not about one of our gifts (a refund of
      // the account's other sales): it is set aside, its reason kept, so that it stops being tried.
      const givenUp = !outcome.done && at.getTime() - Date.parse(row.received_at) > WAIT_AT_MOST_MS
      const finished = await finishStripeEvent({
        db: trx,
        id: row.id,
        processedAt: outcome.done || givenUp ? at.toISOString() : null,
        error: outcome.done ? null : outcome.waiting,
      })
      // Processed meanwhile by a worker that took it over after this one's hold ran out: nothing is kept.
      if (!finished) throw new Error(`Stripe event ${row.id} was processed by another worker`)
      if (outcome.done) await queueReceipts({ db: trx, deps, giftIds: outcome.gifts })
      return outcome.done
    })
  } catch (error) {
    logger.error({ err: error, event: row.id, type: row.type }, 'Stripe event could not be processed')
    // Tried again at the next look, until Stripe's own retries would have ended: then set aside, its reason kept.
    const at = clock.now()
    const givenUp = at.getTime() - Date.parse(row.received_at) > WAIT_AT_MOST_MS
    await finishStripeEvent({
      db,
      id: row.id,
      processedAt: givenUp ? at.toISOString() : null,
      error: 'failed: see the log',
    })
    return false
  }
}

async function applyEvent(db: Db, deps: EventDeps, event: Stripe.Event, fresh: Fresh): Promise<Outcome> {
  const now = deps.clock.now().toISOString()
  const at = new Date(event.created * 1000).toISOString()
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return sessionEvent(db, event.type, event.data.object, { at, now, fresh })
    case 'invoice.paid':
      return invoicePaid(db, event.data.object, at, now)
    case 'invoice.payment_failed':
      return invoiceFailed(db, event.data.object, at, now)
    case 'customer.subscription.deleted': {
      const subscription = event.data.object
      const first =
        (subscription.metadata?.gift_id ? await getGift({ db, id: subscription.metadata.gift_id }) : null) ??
        (await findFirstGiftOfSubscription({ db, subscriptionId: subscription.id }))
      if (!first) return done()
      const ended = subscription.ended_at ?? subscription.canceled_at
      await markGiftStopped({ db, id: first.id, at: ended ? new Date(ended * 1000).toISOString() : at, now })
      return done()
    }
    case 'charge.refunded': {
      const charge = event.data.object
      const gift = await giftOfPayment(db, charge.payment_intent)
      if (!gift) return { done: false, waiting: `no gift for the refunded charge ${charge.id}` }
      // What was given back is recorded (it only grows, so a repeat or an older event changes nothing); only a
      // whole refund makes the gift refunded, a part refund leaves it succeeded and counted less that part.
      await recordRefund({
        db,
        id: gift.id,
        refundedCents: charge.refunded ? gift.amount_cents : charge.amount_refunded,
        now,
      })
      if (charge.refunded) {
        await updateGift({
          db,
          id: gift.id,
          change: { status: 'refunded' },
          onlyFrom: ['succeeded', 'disputed'],
          now,
        })
      }
      return done()
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = event.data.object
      const gift = await giftOfPayment(db, dispute.payment_intent)
      if (!gift) return { done: false, waiting: `no gift for the disputed charge ${idOf(dispute.charge)}` }
      // The dispute as it is now: a `created` that comes after its `closed` must not open it again.
      const status = fresh.disputeStatus ?? dispute.status
      if (status === 'won' || status === 'warning_closed') {
        await updateGift({ db, id: gift.id, change: { status: 'succeeded' }, onlyFrom: ['disputed'], now })
      } else {
        await updateGift({ db, id: gift.id, change: { status: 'disputed' }, onlyFrom: ['succeeded'], now })
      }
      return done()
    }
    default:
      return done()
  }
}

async function giftOfPayment(db: Db, paymentIntent: unknown) {
  const id = idOf(paymentIntent)
  return id ? findGiftBy({ db, column: 'stripe_payment_intent_id', value: id }) : null
}

/** A Checkout Session's events: the gift's donor and Stripe ids, and its status when the payment is decided. */
async function sessionEvent(
  db: Db,
  type: string,
  session: Stripe.Checkout.Session,
  { at, now, fresh }: { at: string; now: string; fresh: Fresh },
): Promise<Outcome> {
  const gift = await giftOfSession(db, session)
  // Every session of ours has its gift before Stripe has the session: another is not a gift (the account's other
  // sales), and nothing is done with it.
  if (!gift) return done()
  const donorId = await donorOf(db, session, gift, now)
  const ids = {
    stripe_checkout_session_id: session.id,
    stripe_payment_intent_id: idOf(session.payment_intent) ?? gift.stripe_payment_intent_id,
    stripe_subscription_id: idOf(session.subscription) ?? gift.stripe_subscription_id,
    donor_id: donorId ?? gift.donor_id,
  }
  await updateGift({ db, id: gift.id, change: ids, now })
  // A month paid before this event came (events come in any order) was kept without its donor.
  const months = ids.stripe_subscription_id
    ? await listSubscriptionGiftIds({ db, subscriptionId: ids.stripe_subscription_id })
    : []
  if (ids.stripe_subscription_id && ids.donor_id) {
    await updateGift({
      db,
      subscriptionId: ids.stripe_subscription_id,
      change: { donor_id: ids.donor_id },
      onlyUnset: 'donor_id',
      now,
    })
  }
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required'
  // The session and its payment as Stripe has them now decide, when they could be read: the event's copy may be
  // older than another event already applied, or than one still to come.
  const asNow = statusNow(fresh)
  const status: GiftStatus | null =
    asNow !== undefined
      ? asNow
      : type === 'checkout.session.async_payment_failed' || type === 'checkout.session.expired'
        ? 'failed'
        : type === 'checkout.session.async_payment_succeeded' || paid
          ? 'succeeded'
          : null
  // A completed session still unpaid is a SEPA debit on its way: the gift stays processing.
  const types = session.payment_method_types ?? []
  const method =
    (status === null || type === 'checkout.session.async_payment_succeeded') && types.includes('sepa_debit')
      ? 'sepa_debit'
      : types.length === 1
        ? types[0]!
        : null
  if (method && !gift.method) await updateGift({ db, id: gift.id, change: { method }, now })
  if (fresh.mandateReference)
    await setMandateReference({ db, id: gift.id, reference: fresh.mandateReference })
  if (status) {
    await updateGift({
      db,
      id: gift.id,
      change: { status, cleared_at: status === 'succeeded' ? at : null },
      onlyFrom: OPEN,
      now,
    })
  }
  return done(gift.id, ...months)
}

/** The gift a Checkout Session was made for: ours by `client_reference_id`, or the one that names the session. */
async function giftOfSession(db: Db, session: Stripe.Checkout.Session) {
  const byReference = session.client_reference_id
    ? await getGift({ db, id: session.client_reference_id })
    : null
  return byReference ?? (await findGiftBy({ db, column: 'stripe_checkout_session_id', value: session.id }))
}

async function donorOf(db: Db, session: Stripe.Checkout.Session, gift: Gift, now: string) {
  const customer = idOf(session.customer)
  const email = session.customer_details?.email ?? session.customer_email ?? null
  if (!customer && !email) return null
  return upsertDonor({
    db,
    customerId: customer,
    email,
    name: session.customer_details?.name ?? session.metadata?.donor_name ?? null,
    language: gift.language,
    now,
  })
}
