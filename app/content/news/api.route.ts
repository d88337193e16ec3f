import type { Route } from './+types/api.route.ts'
import { requireSubscribersApiAccess } from '#app/auth/session.server.ts'
import { requestContext } from '#app/context.ts'
import { allowMethods, apiHandler, json, readJsonBody } from '#app/server/api.server.ts'
import { readPostsFilter } from '#app/server/visitor-posts.server.ts'
import { listSubscribers, SUBSCRIBERS_PAGE_SIZE_MAX } from './model.server.ts'
import { SUBSCRIBER_STATUSES } from './schema.ts'
import { subscribe } from './subscribers.server.ts'

/**
 * Administrators (editors when Settings allows, as for registrations): the subscribers, newest first; `status`
 * filters, `q` searches addresses and names, `limit` and `offset` page (the total in X-Total-Count).
 */
export const loader = apiHandler<Route.LoaderArgs>(async ({ request, runtime }) => {
  await requireSubscribersApiAccess(request, runtime)
  const url = new URL(request.url)
  const { status, limit, offset } = readPostsFilter(url, SUBSCRIBER_STATUSES)
  const { items, total } = await listSubscribers({
    db: runtime.db,
    status,
    q: url.searchParams.get('q')?.trim().slice(0, 200) || undefined,
    limit: Math.min(limit ?? SUBSCRIBERS_PAGE_SIZE_MAX, SUBSCRIBERS_PAGE_SIZE_MAX),
    offset,
  })
  return json(items, { headers: { 'X-Total-Count': String(total) } })
})

/** The same answer in every case. */
const ACCEPTED = {
  ok: true,
  message: 'If this address can receive the weekly news, an e-mail is on its way to confirm it.',
}

/**
 * Public: a sign-up `{ email, name?, language? }`, under the contact form's limits and spam defences. 202 with the
 * same body whatever the address's state (no one learns who is subscribed); a confirmation e-mail goes to it, at
 * most one an hour.
 */
export const action = apiHandler<Route.ActionArgs>(async ({ request, context, runtime }) => {
  allowMethods(request, ['GET', 'POST'])
  const body = await readJsonBody(request)
  const { clientIp } = context.get(requestContext)
  await subscribe({ runtime, data: body, clientIp, source: { fromForm: false, page: null } })
  return json(ACCEPTED, { status: 202 })
})
