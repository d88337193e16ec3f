import type { Route } from './+types/webhook.route.ts'
import { MethodNotAllowedError } from '#app/lib/errors.ts'
import { allowMethods, apiHandler, json } from '#app/server/api.server.ts'
import { receiveStripeWebhook } from './webhook-events.server.ts'

/** Stripe's webhook (issue 49): the raw body, as sent, is what its signature covers. */
export const action = apiHandler<Route.ActionArgs>(async ({ request, runtime }) => {
  allowMethods(request, ['POST'])
  // Express parses no body (host/app.ts): the route reads the bytes Stripe signed, unchanged.
  const body = Buffer.from(await request.arrayBuffer())
  const result = await receiveStripeWebhook({
    runtime,
    body,
    signature: request.headers.get('stripe-signature'),
  })
  // Answered now; this process's job worker processes it (another instance's would too, at its next look).
  if (!result.repeat) runtime.giving.wake()
  return json(result)
})

export const loader = apiHandler<Route.LoaderArgs>(() => {
  throw new MethodNotAllowedError(['POST'])
})
