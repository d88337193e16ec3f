import type { Route } from './+types/api.$id.route.ts'
import { actorFromSession, requireSubscribersApiAccess } from '#app/auth/session.server.ts'
import { NotFoundError } from '#app/lib/errors.ts'
import { allowMethods, apiHandler, json } from '#app/server/api.server.ts'
import { getSubscriberById } from './model.server.ts'
import { eraseSubscriberByStaff } from './subscribers-admin.server.ts'

/** Administrators (editors when Settings allows): one subscriber. */
export const loader = apiHandler<Route.LoaderArgs>(async ({ request, params, runtime }) => {
  await requireSubscribersApiAccess(request, runtime)
  const subscriber = await getSubscriberById({ db: runtime.db, id: params.id })
  if (!subscriber) throw new NotFoundError()
  return json(subscriber)
})

/**
 * `DELETE` erases the subscriber (a request to be forgotten): the row, the address's consent history and its
 * e-mails, 204. To stop their e-mails but keep the record, staff remove them on the Subscribers screen instead.
 */
export const action = apiHandler<Route.ActionArgs>(async ({ request, params, runtime }) => {
  allowMethods(request, ['GET', 'DELETE'])
  const actor = actorFromSession(await requireSubscribersApiAccess(request, runtime), runtime.clock)
  await eraseSubscriberByStaff({ db: runtime.db, id: params.id, actor })
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
})
