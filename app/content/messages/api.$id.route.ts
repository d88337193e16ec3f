import type { Route } from './+types/api.$id.route.ts'
import { actorFromSession, requireApiAccess } from '#app/auth/session.server.ts'
import { NotFoundError } from '#app/lib/errors.ts'
import { deleteContactMessage, getContactMessage, updateContactMessageStatus } from './model.server.ts'
import { allowMethods, apiHandler, json, readJsonBody } from '#app/server/api.server.ts'

export const loader = apiHandler<Route.LoaderArgs>(async ({ request, params, runtime }) => {
  await requireApiAccess(request, runtime, 'messages')
  const message = await getContactMessage({ db: runtime.db, id: params.id })
  if (!message) throw new NotFoundError()
  return json(message)
})

/** Admin: `PATCH` with `{ "status": "read" }` moves a message to another state; `DELETE` deletes it. */
export const action = apiHandler<Route.ActionArgs>(async ({ request, params, runtime }) => {
  allowMethods(request, ['GET', 'PATCH', 'DELETE'])
  const actor = actorFromSession(await requireApiAccess(request, runtime, 'messages'), runtime.clock)
  if (request.method === 'PATCH') {
    const body = await readJsonBody(request)
    const message = await updateContactMessageStatus({ db: runtime.db, id: params.id, data: body, actor })
    if (!message) throw new NotFoundError()
    return json(message)
  }
  if (!(await deleteContactMessage({ db: runtime.db, id: params.id, actor }))) throw new NotFoundError()
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
})
