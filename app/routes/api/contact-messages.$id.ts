import type { Route } from './+types/contact-messages.$id.ts'
import { requireAdminApi } from '#app/auth/session.server.ts'
import { runtimeContext } from '#app/context.ts'
import { errorResponse, json, methodNotAllowed } from '#app/server/api.server.ts'
import { NotFoundError } from '#app/lib/errors.ts'
import { deleteContactMessage, getContactMessage } from '#app/models/contact-messages.server.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  try {
    await requireAdminApi(request, runtime)
    const message = await getContactMessage({ db: runtime.db, id: params.id })
    if (!message) throw new NotFoundError()
    return json(message)
  } catch (error) {
    return errorResponse(error, (err) => runtime.logger.error({ err }, 'api contact_message get failed'))
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext)
  try {
    if (request.method !== 'DELETE') return methodNotAllowed(['GET', 'DELETE'])
    await requireAdminApi(request, runtime)
    if (!(await deleteContactMessage({ db: runtime.db, id: params.id }))) throw new NotFoundError()
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    return errorResponse(error, (err) => runtime.logger.error({ err }, 'api contact_message delete failed'))
  }
}
