import Stripe from 'stripe'

import type { Env } from '#app/env.server.ts'

/** Stripe's API client for the church's own account, or null while STRIPE_SECRET_KEY is unset. */
export function stripeClient(env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null
  const key = `${env.STRIPE_SECRET_KEY} ${env.STRIPE_API_URL}`
  if (cached?.key === key) return cached.client
  // STRIPE_API_URL is Stripe's own unless a stand-in answers for it (tests): the client takes it in parts.
  const url = new URL(env.STRIPE_API_URL)
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  const client = new Stripe(env.STRIPE_SECRET_KEY, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    // One retry, with Stripe's idempotency key: the visitor is waiting for the redirect.
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  })
  cached = { key, client }
  return client
}

let cached: { key: string; client: Stripe } | null = null

/** How old a webhook event's signed timestamp may be, in seconds (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300

/**
 * The event of a webhook request, its raw body checked against the `Stripe-Signature` header with the endpoint's
 * secret; throws when the signature does not match or its timestamp is older than the tolerance by `now`.
 */
export function verifiedEvent({
  body,
  signature,
  secret,
  now,
}: {
  body: Buffer
  signature: string
  secret: string
  now: Date
}): Stripe.Event {
  return Stripe.webhooks.constructEvent(
    body,
    signature,
    secret,
    WEBHOOK_TOLERANCE_SECONDS,
    undefined,
    now.getTime(),
  )
}

/**
 * Checkout's languages (Stripe's list), of which the page's is used, else English: Stripe has no Malayalam.
 * https://docs.stripe.com/api/checkout/sessions/create#create_checkout_session-locale
 */
const CHECKOUT_LOCALES = new Set([
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'en-GB',
  'es',
  'es-419',
  'et',
  'fi',
  'fil',
  'fr',
  'fr-CA',
  'hi-IN',
  'hr',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'ms',
  'mt',
  'nb',
  'nl',
  'pl',
  'pt',
  'pt-BR',
  'ro',
  'ru',
  'sk',
  'sl',
  'sv',
  'th',
  'tr',
  'vi',
  'zh',
  'zh-HK',
  'zh-TW',
])

/** The Checkout locale for a page's language: `de` → `de`, `pt-PT` → `pt`, `ml` → `en`. */
export function checkoutLocale(language: string): Stripe.Checkout.SessionCreateParams.Locale {
  if (CHECKOUT_LOCALES.has(language)) return language as Stripe.Checkout.SessionCreateParams.Locale
  const base = language.split('-')[0]!.toLowerCase()
  return (CHECKOUT_LOCALES.has(base) ? base : 'en') as Stripe.Checkout.SessionCreateParams.Locale
}
