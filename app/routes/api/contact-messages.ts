import type { Route } from './+types/contact-messages.ts'
import { requireAdminApi } from '#app/auth/session.server.ts'
import { requestContext, servicesContext } from '#app/context.ts'
import { errorResponse, json, methodNotAllowed, readJsonBody } from '#app/lib/api.server.ts'
import { HttpError } from '#app/lib/errors.ts'
import { consumeRateLimit } from '#app/lib/rate-limit.server.ts'
import {
  createContactMessage,
  listContactMessages,
  MESSAGE_SORT_COLUMNS,
  type MessageSortColumn,
} from '#app/models/contact-messages.server.ts'
import { HONEYPOT_FIELD } from '#app/schemas/contact-message.ts'

const CONTACT_WINDOW_MS = 10 * 60 * 1000

/** Admin: messages, newest first; `q`, `sort`, `dir`, `limit` and `offset` search, sort and page on the server. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  try {
    await requireAdminApi(request, services)
    const url = new URL(request.url)
    const sortParam = url.searchParams.get('sort') ?? 'created_at'
    const sort = (MESSAGE_SORT_COLUMNS as readonly string[]).includes(sortParam)
      ? (sortParam as MessageSortColumn)
      : 'created_at'
    const dirParam = url.searchParams.get('dir')
    const { items, total } = await listContactMessages({
      db: services.db,
      q: url.searchParams.get('q') ?? undefined,
      sort,
      dir: dirParam === 'asc' || dirParam === 'desc' ? dirParam : undefined,
      limit: Number(url.searchParams.get('limit') ?? '') || undefined,
      offset: Number(url.searchParams.get('offset') ?? '') || undefined,
    })
    return json(items, { headers: { 'X-Total-Count': String(total) } })
  } catch (error) {
    return errorResponse(error, (err) => services.logger.error({ err }, 'api contact_messages list failed'))
  }
}

/** Public: a visitor's message from the contact form, limited per IP and with a honeypot against robots. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext)
  try {
    if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
    const body = await readJsonBody(request)
    const ip = context.get(requestContext).clientIp
    const allowed = await consumeRateLimit(services.db, {
      key: `contact:${ip}`,
      limit: services.env.CONTACT_RATE_LIMIT,
      windowMs: CONTACT_WINDOW_MS,
    })
    if (!allowed)
      throw new HttpError(429, 'Too many messages from your connection. Please try again in a few minutes.')
    if (typeof body[HONEYPOT_FIELD] === 'string' && body[HONEYPOT_FIELD].trim() !== '') {
      // Robots get the same answer as people, so they learn nothing.
      return json({ ok: true }, { status: 201 })
    }
    await createContactMessage({ db: services.db, data: body })
    return json({ ok: true }, { status: 201 })
  } catch (error) {
    return errorResponse(error, (err) => services.logger.error({ err }, 'api contact_messages create failed'))
  }
}
