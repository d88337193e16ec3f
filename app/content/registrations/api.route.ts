import type { Route } from './+types/api.route.ts'
import { requireRegistrationsApiAccess } from '#app/auth/session.server.ts'
import { requestContext } from '#app/context.ts'
import { NotFoundError, ValidationError } from '#app/lib/errors.ts'
import { parseWholeNumber } from '#app/lib/whole-number.ts'
import { allowMethods, apiHandler, json, readJsonBody } from '#app/server/api.server.ts'
import { getEvent } from '#app/content/events/model.server.ts'
import { listRegistrations, REGISTRATIONS_PAGE_SIZE_MAX } from './model.server.ts'
import { REGISTRATION_STATUSES, type RegistrationStatus } from './schema.ts'
import { signUp } from './sign-up.server.ts'

/**
 * Staff: an event's registrations, by date and in the order they came; `occurrence`, `status`, `q`, `limit` and
 * `offset` filter, search and page (the total in X-Total-Count).
 */
export const loader = apiHandler<Route.LoaderArgs>(async ({ request, params, runtime }) => {
  await requireRegistrationsApiAccess(request, runtime)
  if (!(await getEvent({ db: runtime.db, id: params.id }))) throw new NotFoundError('There is no such event')
  const url = new URL(request.url)
  const fields: Record<string, string> = {}
  const status = url.searchParams.get('status') || undefined
  if (status !== undefined && !(REGISTRATION_STATUSES as readonly string[]).includes(status)) {
    fields.status = `status must be one of ${REGISTRATION_STATUSES.join(', ')}`
  }
  const number = (name: 'limit' | 'offset', min: number, message: string) => {
    const text = url.searchParams.get(name)
    if (text === null || text === '') return undefined
    const value = parseWholeNumber(text, { min, max: 1_000_000_000 })
    if (value === null) fields[name] = message
    return value ?? undefined
  }
  const limit = number('limit', 1, 'limit must be a whole number of 1 or more')
  const offset = number('offset', 0, 'offset must be a whole number of 0 or more')
  if (Object.keys(fields).length > 0) throw new ValidationError(fields, 'Invalid filter')
  const { items, total } = await listRegistrations({
    db: runtime.db,
    eventId: params.id,
    occurrence: url.searchParams.get('occurrence') || undefined,
    status: status as RegistrationStatus | undefined,
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
