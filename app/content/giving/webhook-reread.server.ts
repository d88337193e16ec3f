import type Stripe from 'stripe'

import type { GiftStatus } from './schema.ts'
import { stripeClient } from './stripe.server.ts'
import type { Env } from '#app/env.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'

/**
 * What was read again from Stripe for an event whose order matters: a Checkout Session's status and payment status
 * and its PaymentIntent's status now, a dispute's status now, a SEPA mandate's reference.
 */
export interface Fresh {
  sessionStatus?: string | null
  paymentStatus?: string
  intentStatus?: string
  disputeStatus?: string
  mandateReference?: string
}

/** A Stripe id that may come as the id or as the expanded object. */
export const idOf = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object' && 'id' in value
      ? String(value.id)
      : null

/** What a re-read needs: Stripe's keys, and the log for a question Stripe could not answer. */
type RereadDeps = Pick<AppRuntime, 'logger'> & { env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'> }

/**
 * Re-reads from Stripe what an event's own copy may have outdated, outside the transaction: for a Checkout
 * Session's events the session and its PaymentIntent as they are now (a `completed, unpaid` that comes after the
 * debit cleared or failed must not decide the gift), with a SEPA debit's mandate reference (for the receipt); for a
 * dispute its status now (a `created` read after its `closed` must not make a won dispute's gift disputed again).
 * Each read on its own: what cannot be read is left out, and the event's copy decides that part.
 */
export async function reread(deps: RereadDeps, event: Stripe.Event): Promise<Fresh> {
  const stripe = stripeClient(deps.env)
  if (!stripe) return {}
  const attempt = async <T>(read: () => Promise<T>) => {
    try {
      return await read()
    } catch (error) {
      deps.logger.warn({ err: error, event: event.id }, 'Stripe could not be asked again about an event')
      return null
    }
  }
  if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed') {
    const dispute = await attempt(() => stripe.disputes.retrieve(event.data.object.id))
    return dispute ? { disputeStatus: dispute.status } : {}
  }
  if (!event.type.startsWith('checkout.session.')) return {}
  const copy = event.data.object as Stripe.Checkout.Session
  const fresh: Fresh = {}
  const session = await attempt(() => stripe.checkout.sessions.retrieve(copy.id))
  if (session) {
    fresh.sessionStatus = session.status
    fresh.paymentStatus = session.payment_status
  }
  const paymentIntent = idOf(session?.payment_intent ?? copy.payment_intent)
  if (!paymentIntent) return fresh
  const intent = await attempt(() =>
    stripe.paymentIntents.retrieve(paymentIntent, { expand: ['latest_charge'] }),
  )
  if (!intent) return fresh
  if (intent.status) fresh.intentStatus = intent.status
  const charge = intent.latest_charge as Stripe.Charge | string | null
  const mandate = typeof charge === 'object' ? charge?.payment_method_details?.sepa_debit?.mandate : null
  const cleared = intent.status === 'succeeded' || event.type === 'checkout.session.async_payment_succeeded'
  if (!mandate || !cleared) return fresh
  const reference = (await attempt(() => stripe.mandates.retrieve(mandate)))?.payment_method_details
    .sepa_debit?.reference
  if (reference) fresh.mandateReference = reference
  return fresh
}

/**
 * A Checkout Session's gift as Stripe has it now: succeeded once paid, failed once its debit failed or the session
 * expired, processing (null: no change) while the debit is on its way; undefined when nothing could be read.
 */
export function statusNow(fresh: Fresh): GiftStatus | null | undefined {
  if (fresh.paymentStatus === 'paid' || fresh.paymentStatus === 'no_payment_required') return 'succeeded'
  if (fresh.intentStatus === 'succeeded') return 'succeeded'
  if (fresh.sessionStatus === 'expired') return 'failed'
  if (fresh.intentStatus === 'requires_payment_method' || fresh.intentStatus === 'canceled') return 'failed'
  if (fresh.intentStatus === 'processing') return null
  return undefined
}
