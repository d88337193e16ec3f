import { pagePath } from '#app/content/registry.ts'
import { HttpError } from '#app/lib/errors.ts'
import { languagePath } from '#app/lib/languages.ts'
import { readSiteLanguages } from '#app/models/translations.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'

import { getDonor } from './gifts-model.server.ts'
import { checkPortalLink } from './receipts.server.ts'
import { stripeClient } from './stripe.server.ts'

/**
 * The address of a Stripe customer portal session for the donor a receipt's signed link names; back to our giving
 * page (from the site's address, never the request's) when they are done.
 */
export async function openCustomerPortal({
  runtime,
  params,
}: {
  runtime: AppRuntime
  params: URLSearchParams
}) {
  const link = checkPortalLink(runtime.secret, params, runtime.clock.now())
  if (!link) {
    throw new HttpError(
      404,
      'This link does not work (any more): please use the link in your latest receipt, or contact the church',
    )
  }
  const donor = await getDonor({ db: runtime.db, id: link.donorId })
  const stripe = stripeClient(runtime.env)
  const origin = await runtime.siteAddress.get()
  if (!donor?.stripe_customer_id || !stripe || !origin) {
    throw new HttpError(503, 'Managing a monthly gift online is not available now: please contact the church')
  }
  const languages = await readSiteLanguages({ db: runtime.db })
  const language = languages.includes(link.language) ? link.language : languages[0]!
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer: donor.stripe_customer_id,
      return_url: `${origin}${languagePath(pagePath('give'), language, languages)}`,
    })
    return session.url
  } catch (error) {
    runtime.logger.error({ err: error }, 'Stripe refused a customer portal session')
    throw new HttpError(502, 'Stripe’s page could not be opened. Please try again in a moment.')
  }
}
