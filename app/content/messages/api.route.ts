import type { Route } from './+types/api.route.ts'
import { requireApiAccess } from '#app/auth/session.server.ts'
import { requestContext } from '#app/context.ts'
import { allowMethods, apiHandler, json, readJsonBody } from '#app/server/api.server.ts'
import { submitContactMessage } from './contact.server.ts'
import { ValidationError } from '#app/lib/errors.ts'
import { parseWholeNumber } from '#app/lib/whole-number.ts'
import {
  listContactMessages,
  type MessageFilter,
  MESSAGES_PAGE_SIZE_MAX,
  MESSAGE_SORT_COLUMNS,
  type MessageSortColumn,
} from './model.server.ts'
import { MESSAGE_STATUSES } from './schema.ts'

const FILTERS: readonly string[] = [...MESSAGE_STATUSES, 'inbox']

/**
 * Admin: messages, newest first; `status` (one state, or `inbox`: new, read and replied), `q`, `sort`, `dir`,
 * `limit` and `offset` filter, search, sort and page on the server.
 */
export const loader = apiHandler<Route.LoaderArgs>(async ({ request, runtime }) => {
  await requireApiAccess(request, runtime, 'messages')
  const url = new URL(request.url)
  const sortParam = url.searchParams.get('sort') ?? 'created_at'
  const sort = (MESSAGE_SORT_COLUMNS as readonly string[]).includes(sortParam)
    ? (sortParam as MessageSortColumn)
    : 'created_at'
  const dirParam = url.searchParams.get('dir')
  const status = url.searchParams.get('status') || undefined
  if (status !== undefined && !FILTERS.includes(status)) {
    throw new ValidationError({ status: `status must be one of ${FILTERS.join(', ')}` }, 'Invalid filter')
  }
  const { items, total } = await listContactMessages({
    db: runtime.db,
    status: status as MessageFilter | undefined,
    q: url.searchParams.get('q') ?? undefined,
    sort,
    dir: dirParam === 'asc' || dirParam === 'desc' ? dirParam : undefined,
    ...pagingParams(url.searchParams),
  })
  return json(items, { headers: { 'X-Total-Count': String(total) } })
})

const OFFSET_MAX = 1_000_000_000

/** `limit` (1 or more; past the page maximum it is the maximum) and `offset`, or a 400 naming the bad one. */
function pagingParams(params: URLSearchParams) {
  const fields: Record<string, string> = {}
  const read = (name: 'limit' | 'offset', min: number, max: number, message: string) => {
    const text = params.get(name)
    if (text === null || text === '') return undefined
    const value = parseWholeNumber(text, { min, max })
    if (value === null) fields[name] = message
    return value ?? undefined
  }
  const limit = read('limit', 1, Number.MAX_SAFE_INTEGER, 'limit must be a whole number of 1 or more')
  const offset = read('offset', 0, OFFSET_MAX, `offset must be a whole number from 0 to ${OFFSET_MAX}`)
  if (Object.keys(fields).length > 0) throw new ValidationError(fields, 'Invalid paging')
  return { limit: limit === undefined ? undefined : Math.min(limit, MESSAGES_PAGE_SIZE_MAX), offset }
}

/** Public: a visitor's message from the contact form, limited per IP and with a honeypot against robots. */
export const action = apiHandler<Route.ActionArgs>(async ({ request, context, runtime }) => {
  allowMethods(request, ['GET', 'POST'])
  const body = await readJsonBody(request)
  const { clientIp } = context.get(requestContext)
  await submitContactMessage({ runtime, clientIp, data: body })
  return json({ ok: true }, { status: 201 })
})
