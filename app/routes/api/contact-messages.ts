import type { Route } from './+types/contact-messages.ts'
import { requireAdminApi } from '#app/auth/session.server.ts'
import { requestContext, servicesContext } from '#app/context.ts'
import { errorResponse, json, methodNotAllowed, readJsonBody } from '#app/lib/api.server.ts'
import { submitContactMessage } from '#app/lib/contact.server.ts'
import {
  listContactMessages,
  MESSAGE_SORT_COLUMNS,
  type MessageSortColumn,
} from '#app/models/contact-messages.server.ts'

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
    await submitContactMessage({ services, clientIp: context.get(requestContext).clientIp, data: body })
    return json({ ok: true }, { status: 201 })
  } catch (error) {
    return errorResponse(error, (err) => services.logger.error({ err }, 'api contact_messages create failed'))
  }
}
