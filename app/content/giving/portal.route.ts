import type { Route } from './+types/portal.route.ts'
import { MethodNotAllowedError } from '#app/lib/errors.ts'
import { apiHandler } from '#app/server/api.server.ts'
import { openCustomerPortal } from './portal.server.ts'

/**
 * A receipt's link to Stripe's customer portal (issue 49): signed by our server, it makes a portal session for the
 * donor's Stripe customer and sends them there (change or stop a monthly gift, update a card or IBAN).
 */
export const loader = apiHandler<Route.LoaderArgs>(async ({ request, runtime }) => {
  const url = await openCustomerPortal({ runtime, params: new URL(request.url).searchParams })
  return new Response(null, { status: 303, headers: { Location: url, 'Cache-Control': 'no-store' } })
})

export const action = apiHandler<Route.ActionArgs>(() => {
  throw new MethodNotAllowedError(['GET'])
})
