import type Stripe from 'stripe'
import { Temporal } from 'temporal-polyfill'

import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import { HONEYPOT_FIELD } from '#app/lib/visitor-post.ts'
import { pagePath } from '#app/content/registry.ts'
import { oncePerContentVersion } from '#app/db/content-version.server.ts'
import type { Db } from '#app/db/database.server.ts'
import { HttpError, TooManyRequestsError, ValidationError } from '#app/lib/errors.ts'
import { languagePath } from '#app/lib/languages.ts'
import { consumeRateLimit } from '#app/models/rate-limits.server.ts'
import { getGivingSettings } from '#app/models/settings.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'
import { parseInput } from '#app/schemas/fields.ts'

import { createGift, getFund, updateGift } from './model.server.ts'
import { GIFT_PRESETS_EUR, GiveFormSchema } from './schema.ts'
import { checkoutLocale, stripeClient } from './stripe.server.ts'

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

/**
 * Whether the navigation links the giving page: Stripe's keys are set or Settings has bank details. Without
 * either the page has nothing to offer but the church office.
 */
export async function givingShown(runtime: Pick<AppRuntime, 'env' | 'db'>) {
  if (runtime.env.STRIPE_SECRET_KEY && runtime.env.STRIPE_WEBHOOK_SECRET) return true
  // Every public page asks; saving the bank details bumps the content version.
  const { db } = runtime
  return oncePerContentVersion(db, 'giving shown', async () =>
    Boolean((await getGivingSettings({ db })).iban),
  )
}

/** What the giving page shows besides its form: the bank transfer details. */
export async function bankTransfer({ db }: { db: Db }) {
  const settings = await getGivingSettings({ db })
  return settings.iban ? { ...settings, iban: settings.iban.replace(/(.{4})(?=.)/g, '$1 ') } : null
}

/** The amounts the giving form offers as buttons, in euro: Settings' own, else the defaults. */
export async function givingPresets({ db }: { db: Db }): Promise<readonly number[]> {
  return (await getGivingSettings({ db })).presets ?? GIFT_PRESETS_EUR
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
