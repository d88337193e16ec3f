import type { Route } from './+types/gifts-api.route.ts'
import { requireApiAccess } from '#app/auth/session.server.ts'
import { MethodNotAllowedError, ValidationError } from '#app/lib/errors.ts'
import { parseWholeNumber } from '#app/lib/whole-number.ts'
import { apiHandler, json } from '#app/server/api.server.ts'
import { listGifts } from './model.server.ts'
import { GIFT_STATUSES, type GiftStatus } from './schema.ts'

/** The most gifts one answer holds; `offset` pages on (the total is in X-Total-Count). */
const GIFTS_PAGE_SIZE_MAX = 500

/**
 * Treasurers and administrators: the gifts, newest first, filtered by `status`, `fund` (its id) and `year` (the
 * tax year), paged with `limit` and `offset`; the number that match in X-Total-Count. Editors get 403.
 */
export const loader = apiHandler<Route.LoaderArgs>(async ({ request, runtime }) => {
  await requireApiAccess(request, runtime, 'giving')
  const url = new URL(request.url)
  const fields: Record<string, string> = {}
  const status = url.searchParams.get('status') || undefined
  if (status !== undefined && !(GIFT_STATUSES as readonly string[]).includes(status)) {
    fields.status = `status must be one of ${GIFT_STATUSES.join(', ')}`
  }
  const number = (name: string, min: number, max: number, message: string) => {
    const text = url.searchParams.get(name)
    if (text === null || text === '') return undefined
    const value = parseWholeNumber(text, { min, max })
    if (value === null) fields[name] = message
    return value ?? undefined
  }
  const year = number('year', 2000, 9999, 'year must be a year such as 2027')
  const limit = number('limit', 1, 1_000_000_000, 'limit must be a whole number of 1 or more')
  const offset = number('offset', 0, 1_000_000_000, 'offset must be a whole number of 0 or more')
  if (Object.keys(fields).length > 0) throw new ValidationError(fields, 'Invalid filter')
  const { items, total } = await listGifts({
    db: runtime.db,
    status: status as GiftStatus | undefined,
    fundId: url.searchParams.get('fund')?.slice(0, 100) || undefined,
    year,
    limit: Math.min(limit ?? GIFTS_PAGE_SIZE_MAX, GIFTS_PAGE_SIZE_MAX),
    offset,
  })
  return json(items, { headers: { 'X-Total-Count': String(total), 'Cache-Control': 'private, no-store' } })
})

export const action = apiHandler<Route.ActionArgs>(async ({ request, runtime }) => {
  await requireApiAccess(request, runtime, 'giving')
  throw new MethodNotAllowedError(['GET'])
})
