import type { Route } from './+types/contact-messages.$id.ts'
import { requireAdminApi } from '#app/auth/session.server.ts'
import { NotFoundError } from '#app/lib/errors.ts'
import {
  deleteContactMessage,
  getContactMessage,
  updateContactMessageStatus,
} from '#app/models/contact-messages.server.ts'
import { allowMethods, apiHandler, json, readJsonBody } from '#app/server/api.server.ts'

export const loader = apiHandler<Route.LoaderArgs>(async ({ request, params, runtime }) => {
  await requireAdminApi(request, runtime)
  const message = await getContactMessage({ db: runtime.db, id: params.id })
  if (!message) throw new NotFoundError()
  return json(message)
})

/** Admin: `PATCH` with `{ "status": "read" }` moves a message to another state; `DELETE` deletes it. */
export const action = apiHandler<Route.ActionArgs>(async ({ request, params, runtime }) => {
  allowMethods(request, ['GET', 'PATCH', 'DELETE'])
  await requireAdminApi(request, runtime)
  if (request.method === 'PATCH') {
    const body = await readJsonBody(request)
    const message = await updateContactMessageStatus({ db: runtime.db, id: params.id, data: body })
    if (!message) throw new NotFoundError()
    return json(message)
  }
  if (!(await deleteContactMessage({ db: runtime.db, id: params.id }))) throw new NotFoundError()
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
})
