import type { Route } from './+types/api.route.ts'
import { requireRegistrationsApiAccess } from '#app/auth/session.server.ts'
import { requestContext } from '#app/context.ts'
import { NotFoundError } from '#app/lib/errors.ts'
import { allowMethods, apiHandler, json, readJsonBody } from '#app/server/api.server.ts'
import { readPostsFilter } from '#app/server/visitor-posts.server.ts'
import { getEvent } from '#app/content/events/model.server.ts'
import { listRegistrations, REGISTRATIONS_PAGE_SIZE_MAX } from './model.server.ts'
import { REGISTRATION_STATUSES } from './schema.ts'
import { signUp } from './sign-up.server.ts'

/**
 * Staff: an event's registrations, by date and in the order they came; `occurrence`, `status`, `q`, `limit` and
 * `offset` filter, search and page (the total in X-Total-Count).
 */
export const loader = apiHandler<Route.LoaderArgs>(async ({ request, params, runtime }) => {
  await requireRegistrationsApiAccess(request, runtime)
  if (!(await getEvent({ db: runtime.db, id: params.id }))) throw new NotFoundError('There is no such event')
  const url = new URL(request.url)
  const { status, limit, offset } = readPostsFilter(url, REGISTRATION_STATUSES)
  const { items, total } = await listRegistrations({
    db: runtime.db,
    eventId: params.id,
    occurrence: url.searchParams.get('occurrence') || undefined,
    status,
    q: url.searchParams.get('q')?.slice(0, 200) ?? undefined,
    limit: limit === undefined ? undefined : Math.min(limit, REGISTRATIONS_PAGE_SIZE_MAX),
    offset,
  })
  return json(items, { headers: { 'X-Total-Count': String(total) } })
})

/**
 * Public, like POST /api/contact_messages: a sign-up `{ name, email, people, note, occurrence }` (201 with where it
 * went: `confirmed` or `waiting`), under the contact form's limits and spam defences. The address's registration
 * for the date, if it has one, is changed instead: 200 with `updated: true`.
 */
export const action = apiHandler<Route.ActionArgs>(async ({ request, params, context, runtime }) => {
  allowMethods(request, ['GET', 'POST'])
  const body = await readJsonBody(request)
  const { clientIp } = context.get(requestContext)
  const { status, updated } = await signUp({ runtime, eventId: params.id, data: body, clientIp })
  // A second sign-up from the same address for the date changed the first: nothing was made.
  if (updated) return json({ ok: true, status, updated: true })
  return json({ ok: true, status }, { status: 201 })
})
