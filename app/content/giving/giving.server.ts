import type Stripe from 'stripe'
import { Temporal } from 'temporal-polyfill'

import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import { HONEYPOT_FIELD } from '#app/lib/visitor-post.ts'
import { pagePath } from '#app/content/registry.ts'
import { type Db, inTransaction } from '#app/db/database.server.ts'
import { HttpError, TooManyRequestsError, ValidationError } from '#app/lib/errors.ts'
import { languagePath } from '#app/lib/languages.ts'
import { consumeRateLimit } from '#app/models/rate-limits.server.ts'
import { getGivingSettings } from '#app/models/settings.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'
import { parseInput } from '#app/schemas/fields.ts'

import {
  createGift,
  createInvoiceGift,
  findFirstGiftOfSubscription,
  findGiftBy,
  getFund,
  getGift,
  type Gift,
  listWaitingStripeEvents,
  markStripeEvent,
  setSubscriptionDonor,
  storeStripeEvent,
  updateGift,
  upsertDonor,
} from './model.server.ts'
import { type GiftStatus, GiveFormSchema } from './schema.ts'
import { checkoutLocale, stripeClient, verifiedEvent } from './stripe.server.ts'

/** Gifts one connection may start in GIVE_WINDOW_MS: each is a call to Stripe's API. */
const GIVE_RATE_LIMIT = 20
const GIVE_WINDOW_MS = 10 * 60 * 1000

/**
 * Whether the giving page takes gifts, and what stops it: the secret key, the webhook's secret (without it no
 * gift would ever leave `processing`) and the site's address (Stripe's return links are made from it, decision
 * 0018). The giving page then shows the bank transfer details only; the admin names what is missing.
 */
export async function givingState(runtime: Pick<AppRuntime, 'env' | 'siteAddress'>) {
  const missing: string[] = []
  if (!runtime.env.STRIPE_SECRET_KEY) missing.push('STRIPE_SECRET_KEY')
  if (!runtime.env.STRIPE_WEBHOOK_SECRET) missing.push('STRIPE_WEBHOOK_SECRET')
  const origin = await runtime.siteAddress.get()
  if (!origin) missing.push('the site address (PUBLIC_URL, or Settings)')
  return { online: missing.length === 0, missing, origin }
}

/** What the giving page shows besides its form: the bank transfer details. */
export async function bankTransfer({ db }: { db: Db }) {
  const settings = await getGivingSettings({ db })
  return settings.iban ? { ...settings, iban: settings.iban.replace(/(.{4})(?=.)/g, '$1 ') } : null
}

/** The calendar year of a moment in the church's zone: the gift's tax year. */
export function taxYearOf(at: Date, zone: string) {
  return Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(zone).year
}

/**
 * The giving form's post: checked, kept as a `processing` gift, and given to Stripe as a Checkout Session (one-off:
 * a payment, shown as a donation; monthly: a subscription with a monthly price of that amount). Answers the
 * session's address, where the visitor is sent. The gift's status then comes from Stripe's events only.
 */
export async function startGift({
  runtime,
  form,
  language,
  languages,
  clientIp,
}: {
  runtime: AppRuntime
  form: Record<string, string>
  language: string
  languages: readonly string[]
  clientIp: string
}) {
  const { db, clock } = runtime
  const now = clock.now()
  const { allowed } = await consumeRateLimit({
    db,
    key: `give:${clientIp}`,
    limit: GIVE_RATE_LIMIT,
    windowMs: GIVE_WINDOW_MS,
    now: now.getTime(),
  })
  if (!allowed) {
    throw new TooManyRequestsError(
      'Too many attempts from your connection. Please wait a little and try again.',
      GIVE_WINDOW_MS / 1000,
    )
  }
  // The field people never see: only a robot fills it in, and nothing is started for one.
  if (form[HONEYPOT_FIELD]) throw new ValidationError({ form: 'Please check what you entered' })
  const data = parseInput(GiveFormSchema, form)
  const fund = await getFund({ db, id: data.fund })
  if (!fund || !fund.open) throw new ValidationError({ fund: 'Please choose one of the funds' })
  const { online, origin } = await givingState(runtime)
  const stripe = stripeClient(runtime.env)
  if (!online || !stripe || !origin) {
    throw new HttpError(503, 'Giving online is not set up yet: please use the bank transfer details')
  }

  const zone = await churchTimeZone({ db })
  const giftId = await createGift({
    db,
    gift: {
      amount_cents: data.amount,
      fund_id: fund.id,
      frequency: data.frequency,
      given_at: now.toISOString(),
      tax_year: taxYearOf(now, zone),
      ie_taxpayer: data.ie_taxpayer,
      language,
      donor_id: null,
    },
    now: now.toISOString(),
  })
  const link = (path: string) => `${origin}${languagePath(path, language, languages)}`
  const metadata = {
    gift_id: giftId,
    fund_id: fund.id,
    fund: fund.name,
    language,
    ...(data.name ? { donor_name: data.name } : {}),
    ie_taxpayer: data.ie_taxpayer ? 'yes' : 'no',
  }
  const product = { name: `Gift to ${fund.name}` }
  const params: Stripe.Checkout.SessionCreateParams =
    data.frequency === 'once'
      ? {
          mode: 'payment',
          submit_type: 'donate',
          line_items: [
            { quantity: 1, price_data: { currency: 'eur', unit_amount: data.amount, product_data: product } },
          ],
          // A customer for every donor, so that their gifts can be told apart and their year's statement made.
          customer_creation: 'always',
          payment_intent_data: { metadata, description: product.name },
        }
      : {
          mode: 'subscription',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'eur',
                unit_amount: data.amount,
                recurring: { interval: 'month' },
                product_data: product,
              },
            },
          ],
          // Each month's invoice carries the gift it continues (invoice.paid may come before the session's event).
          subscription_data: { metadata, description: product.name },
        }
  let session: Stripe.Checkout.Session
  try {
    session = await stripe.checkout.sessions.create(
      {
        ...params,
        client_reference_id: giftId,
        metadata,
        locale: checkoutLocale(language),
        success_url: link(pagePath('give-thanks')),
        cancel_url: link(pagePath('give')),
        ...(data.email ? { customer_email: data.email } : {}),
      },
      { idempotencyKey: `gift-${giftId}` },
    )
  } catch (error) {
    runtime.logger.error({ err: error, giftId }, 'Stripe refused a Checkout Session')
    await updateGift({ db, id: giftId, change: { status: 'failed' }, now: clock.now().toISOString() })
    throw new HttpError(502, 'The payment page could not be opened. Please try again in a moment.')
  }
  await updateGift({
    db,
    id: giftId,
    change: { stripe_checkout_session_id: session.id },
    now: clock.now().toISOString(),
  })
  if (!session.url) throw new HttpError(502, 'The payment page could not be opened. Please try again.')
  return { giftId, url: session.url }
}

// Webhooks ------------------------------------------------------------------------------------------------------

/** Events worked on after each new one, oldest first: those that waited for their gift's first event. */
const WAITING_EVENTS_PER_RUN = 50

/**
 * A webhook request from Stripe: its raw body verified (a bad signature or a timestamp older than the tolerance
 * is a 400, and nothing is stored), the event stored by its id (a repeat does nothing) and then worked on.
 *
 * NOTE: the work is done inline, right after the event is stored, not by the job worker: it is a few statements
 * on our own database (Stripe's objects are in the event), well within Stripe's wait. An event that cannot be
 * applied yet (a refund before its payment's event) stays unprocessed and is tried again after each later event.
 */
export async function receiveStripeWebhook({
  runtime,
  body,
  signature,
}: {
  runtime: AppRuntime
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
  if (!stored) return { received: true, repeat: true }
  await processWaitingEvents(runtime)
  return { received: true, repeat: false }
}

/**
 * Works on every event not processed yet, oldest first, each applied once (its row says so). An event that waited
 * for another (a refund for its payment) is tried again in a next pass while a pass gets anything done.
 */
export async function processWaitingEvents(runtime: AppRuntime) {
  const { db, clock, logger } = runtime
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const rows = await listWaitingStripeEvents({ db, limit: WAITING_EVENTS_PER_RUN })
    let done = 0
    for (const row of rows) {
      try {
        const event = JSON.parse(row.payload) as Stripe.Event
        const applied = await inTransaction(db, async (trx) => {
          const outcome = await applyEvent(trx, runtime, event)
          // What still waits after Stripe's own retries would have ended is not about one of our gifts (a refund
          // of the account's other sales): it is set aside, its reason kept, so that it stops being tried.
          const givenUp =
            outcome !== 'done' && clock.now().getTime() - Date.parse(row.received_at) > WAIT_AT_MOST_MS
          await markStripeEvent({
            db: trx,
            id: row.id,
            processedAt: outcome === 'done' || givenUp ? clock.now().toISOString() : null,
            error: outcome === 'done' ? null : outcome.waiting,
          })
          return outcome === 'done'
        })
        if (applied) done++
      } catch (error) {
        logger.error({ err: error, event: row.id, type: row.type }, 'Stripe event could not be processed')
        await markStripeEvent({ db, id: row.id, processedAt: null, error: 'failed: see the log' })
      }
    }
    if (done === 0 || done === rows.length) return
  }
}

/** How long an event may wait for its gift: Stripe retries a webhook for 3 days. */
const WAIT_AT_MOST_MS = 3 * 24 * 60 * 60 * 1000

/** Passes over the waiting events per webhook: a chain of events waiting on one another is rarely longer. */
const MAX_PASSES = 3

type Outcome = 'done' | { waiting: string }

/** A Stripe id that may come as the id or as the expanded object. */
const idOf = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object' && 'id' in value
      ? String(value.id)
      : null

/** Statuses a gift may leave for succeeded or failed: only one still waiting. */
const OPEN: readonly GiftStatus[] = ['processing']

async function applyEvent(db: Db, runtime: AppRuntime, event: Stripe.Event): Promise<Outcome> {
  const now = runtime.clock.now().toISOString()
  const at = new Date(event.created * 1000).toISOString()
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object
      const gift = await giftOfSession(db, session)
      // Every session of ours has its gift before Stripe has the session: another is not a gift (the account's
      // other sales), and nothing is done with it.
      if (!gift) return 'done'
      const donorId = await donorOf(db, session, gift, now)
      const ids = {
        stripe_checkout_session_id: session.id,
        stripe_payment_intent_id: idOf(session.payment_intent) ?? gift.stripe_payment_intent_id,
        stripe_subscription_id: idOf(session.subscription) ?? gift.stripe_subscription_id,
        donor_id: donorId ?? gift.donor_id,
      }
      await updateGift({ db, id: gift.id, change: ids, now })
      // A month paid before this event came (events come in any order) was kept without its donor.
      if (ids.stripe_subscription_id && ids.donor_id) {
        await setSubscriptionDonor({
          db,
          subscriptionId: ids.stripe_subscription_id,
          donorId: ids.donor_id,
          now,
        })
      }
      const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required'
      const status: GiftStatus | null =
        event.type === 'checkout.session.async_payment_failed' || event.type === 'checkout.session.expired'
          ? 'failed'
          : event.type === 'checkout.session.async_payment_succeeded' || paid
            ? 'succeeded'
            : null
      // A completed session still unpaid is a SEPA debit on its way: the gift stays processing.
      const method =
        status === null && (session.payment_method_types ?? []).includes('sepa_debit')
          ? 'sepa_debit'
          : (session.payment_method_types ?? []).length === 1
            ? session.payment_method_types[0]!
            : null
      if (method && !gift.method) await updateGift({ db, id: gift.id, change: { method }, now })
      if (status) {
        await updateGift({
          db,
          id: gift.id,
          change: { status, cleared_at: status === 'succeeded' ? at : null },
          onlyFrom: OPEN,
          now,
        })
      }
      return 'done'
    }
    case 'invoice.paid': {
      const invoice = event.data.object
      return invoicePaid(db, invoice, at, now)
    }
    case 'charge.refunded': {
      const charge = event.data.object
      const paymentIntent = idOf(charge.payment_intent)
      const gift = paymentIntent
        ? await findGiftBy({ db, column: 'stripe_payment_intent_id', value: paymentIntent })
        : null
      if (!gift) return { waiting: `no gift for the refunded charge ${charge.id}` }
      // Only a whole refund makes the gift refunded; a part refund is for the treasurer to see in Stripe.
      if (charge.refunded) {
        await updateGift({ db, id: gift.id, change: { status: 'refunded' }, onlyFrom: ['succeeded'], now })
      }
      return 'done'
    }
    default:
      return 'done'
  }
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

/**
 * A month of a monthly gift was paid. Its first invoice is the gift the form made (it gets the invoice's id); every
 * later one is a gift row of its own, as the first one was given (fund, donor, language) but dated when it was
 * paid. The invoice's id is unique among gifts: the same invoice twice is one gift.
 */
async function invoicePaid(db: Db, invoice: Stripe.Invoice, at: string, now: string): Promise<Outcome> {
  if (!invoice.id) return 'done'
  const known = await findGiftBy({ db, column: 'stripe_invoice_id', value: invoice.id })
  const { subscription, metadata, paymentIntent } = subscriptionOfInvoice(invoice)
  if (known) {
    await updateGift({
      db,
      id: known.id,
      change: { status: 'succeeded', cleared_at: at },
      onlyFrom: OPEN,
      now,
    })
    return 'done'
  }
  if (!subscription) return 'done'
  const first =
    (metadata.gift_id ? await getGift({ db, id: metadata.gift_id }) : null) ??
    (await findFirstGiftOfSubscription({ db, subscriptionId: subscription }))
  // A subscription the giving form did not make (the account's other sales) is not a gift.
  if (!first) return 'done'
  const paidAt = invoice.status_transitions?.paid_at
    ? new Date(invoice.status_transitions.paid_at * 1000).toISOString()
    : at
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
      onlyFrom: OPEN,
      now,
    })
    return 'done'
  }
  const zone = await churchTimeZone({ db })
  await createInvoiceGift({
    db,
    gift: {
      amount_cents: invoice.amount_paid,
      currency: invoice.currency,
      fund_id: first.fund_id,
      donor_id: first.donor_id,
      frequency: 'monthly',
      method: first.method,
      status: 'succeeded',
      given_at: paidAt,
      cleared_at: paidAt,
      tax_year: taxYearOf(new Date(paidAt), zone),
      ie_taxpayer: first.ie_taxpayer,
      language: first.language,
      stripe_checkout_session_id: null,
      stripe_payment_intent_id: paymentIntent,
      stripe_subscription_id: subscription,
      stripe_invoice_id: invoice.id,
    },
    now,
  })
  return 'done'
}
