import type { Route } from './+types/api.$registrationId.route.ts'
import { actorFromSession, requireRegistrationsApiAccess } from '#app/auth/session.server.ts'
import { NotFoundError } from '#app/lib/errors.ts'
import { allowMethods, apiHandler, json } from '#app/server/api.server.ts'
import { getRegistration } from './model.server.ts'
import { cancel } from './cancel.server.ts'

/** Staff: one registration of the event. */
export const loader = apiHandler<Route.LoaderArgs>(async ({ request, params, runtime }) => {
  await requireRegistrationsApiAccess(request, runtime)
  const registration = await getRegistration({ db: runtime.db, id: params.registrationId })
  if (!registration || registration.event_id !== params.id) throw new NotFoundError()
  return json(registration)
})

/**
 * Staff: `DELETE` cancels the registration (it stays in the list as cancelled until it is erased with the others);
 * the first on the waiting list move up into its places and are e-mailed. 204, or 404 for none of this event.
 */
export const action = apiHandler<Route.ActionArgs>(async ({ request, params, runtime }) => {
  allowMethods(request, ['GET', 'DELETE'])
  const actor = actorFromSession(await requireRegistrationsApiAccess(request, runtime), runtime.clock)
  const { registration } = await cancel({
    runtime,
    registrationId: params.registrationId,
    eventId: params.id,
    actor,
  })
  if (!registration) throw new NotFoundError()
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
})
