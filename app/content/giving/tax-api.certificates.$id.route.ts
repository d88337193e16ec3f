import type { Route } from './+types/tax-api.certificates.$id.route.ts'
import { actorFromSession, requireApiAccess } from '#app/auth/session.server.ts'
import { MethodNotAllowedError } from '#app/lib/errors.ts'
import { allowMethods, apiHandler } from '#app/server/api.server.ts'
import { deleteCertificate } from './certificates.server.ts'

/**
 * Treasurers and administrators: `DELETE` a certificate entered wrongly, its sealed PPSN with it (204). One a
 * claim was made with answers 409; an unknown id 404.
 */
export const action = apiHandler<Route.ActionArgs>(async ({ request, params, runtime }) => {
  const session = await requireApiAccess(request, runtime, 'giving')
  allowMethods(request, ['DELETE'])
  await deleteCertificate({ db: runtime.db, id: params.id, actor: actorFromSession(session, runtime.clock) })
  return new Response(null, { status: 204 })
})

export const loader = apiHandler<Route.LoaderArgs>(async ({ request, runtime }) => {
  await requireApiAccess(request, runtime, 'giving')
  throw new MethodNotAllowedError(['DELETE'])
})
