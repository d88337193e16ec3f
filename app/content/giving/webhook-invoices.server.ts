import type Stripe from 'stripe'

import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import type { Db } from '#app/db/database.server.ts'

import { taxYearOf } from './giving.server.ts'
import {
  createInvoiceGift,
  findFirstGiftOfSubscription,
  findGiftBy,
  getGift,
  type Gift,
  updateGift,
} from './model.server.ts'
import type { GiftStatus } from './schema.ts'
import { done, OPEN, type Outcome } from './webhook-outcome.server.ts'
import { idOf } from './webhook-reread.server.ts'

// A monthly gift's invoices (Stripe's `invoice.paid` and `invoice.payment_failed`): each month a gift row of its own.

/** Where an invoice names its subscription and that subscription's metadata, in older and newer API versions. */
function subscriptionOfInvoice(invoice: Stripe.Invoice) {
  const loose = invoice as unknown as {
    subscription?: unknown
    subscription_details?: { metadata?: Record<string, string> | null }
    payment_intent?: unknown
  }
  const details = invoice.parent?.subscription_details
  return {
    subscription: idOf(details?.subscription) ?? idOf(loose.subscription),
    metadata: details?.metadata ?? loose.subscription_details?.metadata ?? {},
    paymentIntent:
      idOf(loose.payment_intent) ??
      idOf(
        invoice.payments?.data?.find((payment) => payment.payment?.payment_intent)?.payment?.payment_intent,
      ),
  }
}

/** The first gift of the monthly gift an invoice is a month of, or null for the account's other sales. */
async function firstGiftOfInvoice(db: Db, invoice: Stripe.Invoice) {
  const { subscription, metadata } = subscriptionOfInvoice(invoice)
  if (!subscription) return null
  return (
    (metadata.gift_id ? await getGift({ db, id: metadata.gift_id }) : null) ??
    (await findFirstGiftOfSubscription({ db, subscriptionId: subscription }))
  )
}

/** A month of a monthly gift as a gift row of its own, as the first was given but dated when it was paid. */
async function addMonth(
  db: Db,
  invoice: Stripe.Invoice,
  first: Gift,
  status: GiftStatus,
  paidAt: string,
  now: string,
) {
  const { subscription, paymentIntent } = subscriptionOfInvoice(invoice)
  const zone = await churchTimeZone({ db })
  return createInvoiceGift({
    db,
    gift: {
      amount_cents: status === 'succeeded' ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      fund_id: first.fund_id,
      donor_id: first.donor_id,
      frequency: 'monthly',
      method: first.method,
      status,
      given_at: paidAt,
      cleared_at: status === 'succeeded' ? paidAt : null,
      tax_year: taxYearOf(new Date(paidAt), zone),
      ie_taxpayer: first.ie_taxpayer,
      language: first.language,
      stripe_checkout_session_id: null,
      stripe_payment_intent_id: paymentIntent,
      stripe_subscription_id: subscription,
      stripe_invoice_id: invoice.id!,
    },
    now,
  })
}

/**
 * A month of a monthly gift was paid. Its first invoice is the gift the form made (it gets the invoice's id); every
 * later one is a gift row of its own. The invoice's id is unique among gifts: the same invoice twice is one gift,
 * and a month that failed first and was paid on Stripe's retry becomes succeeded.
 */
export async function invoicePaid(
  db: Db,
  invoice: Stripe.Invoice,
  at: string,
  now: string,
): Promise<Outcome> {
  if (!invoice.id) return done()
  const paidAt = invoice.status_transitions?.paid_at
    ? new Date(invoice.status_transitions.paid_at * 1000).toISOString()
    : at
  const known = await findGiftBy({ db, column: 'stripe_invoice_id', value: invoice.id })
  if (known) {
    await updateGift({
      db,
      id: known.id,
      change: { status: 'succeeded', cleared_at: paidAt },
      onlyFrom: ['processing', 'failed'],
      now,
    })
    return done(known.id)
  }
  const first = await firstGiftOfInvoice(db, invoice)
  // A subscription the giving form did not make (the account's other sales) is not a gift.
  if (!first) return done()
  const { subscription, paymentIntent } = subscriptionOfInvoice(invoice)
  if (invoice.billing_reason === 'subscription_create' && first.stripe_invoice_id === null) {
    await updateGift({
      db,
      id: first.id,
      change: {
        stripe_invoice_id: invoice.id,
        stripe_subscription_id: subscription,
        stripe_payment_intent_id: paymentIntent ?? first.stripe_payment_intent_id,
      },
      now,
    })
    await updateGift({
      db,
      id: first.id,
      change: { status: 'succeeded', cleared_at: paidAt },
      onlyFrom: ['processing', 'failed'],
      now,
    })
    return done(first.id)
  }
  return done(await addMonth(db, invoice, first, 'succeeded', paidAt, now))
}

/**
 * A month could not be taken (a card declined, a debit refused): the first month's gift fails; a later month is
 * kept as a failed gift of its own, which Stripe's retry may still make succeeded (invoice.paid, same invoice).
 */
export async function invoiceFailed(
  db: Db,
  invoice: Stripe.Invoice,
  at: string,
  now: string,
): Promise<Outcome> {
  if (!invoice.id) return done()
  const known = await findGiftBy({ db, column: 'stripe_invoice_id', value: invoice.id })
  if (known) {
    await updateGift({ db, id: known.id, change: { status: 'failed' }, onlyFrom: OPEN, now })
    return done()
  }
  const first = await firstGiftOfInvoice(db, invoice)
  if (!first) return done()
  if (invoice.billing_reason === 'subscription_create' && first.stripe_invoice_id === null) {
    await updateGift({ db, id: first.id, change: { stripe_invoice_id: invoice.id }, now })
    await updateGift({ db, id: first.id, change: { status: 'failed' }, onlyFrom: OPEN, now })
    return done()
  }
  await addMonth(db, invoice, first, 'failed', at, now)
  return done()
}
