import type { Route } from './+types/contact-messages.$id.ts'
import { requireAdminApi } from '#app/auth/session.server.ts'
import { NotFoundError } from '#app/lib/errors.ts'
import { deleteContactMessage, getContactMessage } from '#app/models/contact-messages.server.ts'
import { allowMethods, apiHandler, json } from '#app/server/api.server.ts'

export const loader = apiHandler<Route.LoaderArgs>(async ({ request, params, runtime }) => {
  await requireAdminApi(request, runtime)
  const message = await getContactMessage({ db: runtime.db, id: params.id })
  if (!message) throw new NotFoundError()
  return json(message)
})

export const action = apiHandler<Route.ActionArgs>(async ({ request, params, runtime }) => {
  allowMethods(request, ['GET', 'DELETE'])
  await requireAdminApi(request, runtime)
  if (!(await deleteContactMessage({ db: runtime.db, id: params.id }))) throw new NotFoundError()
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
})
