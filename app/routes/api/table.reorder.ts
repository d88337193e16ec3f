import type { Route } from './+types/table.reorder.ts'
import { requireAdminApi } from '#app/auth/session.server.ts'
import { runtimeContext } from '#app/context.ts'
import { errorResponse, json, methodNotAllowed, readJsonBody } from '#app/server/api.server.ts'
import { NotFoundError } from '#app/lib/errors.ts'
import { getListTable } from '#app/models/registry.server.ts'

export function loader({ params }: Route.LoaderArgs) {
  if (!getListTable(params.table)?.reorder) {
    return errorResponse(new NotFoundError(`${params.table} cannot be reordered`))
  }
  return methodNotAllowed(['POST'])
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext)
  try {
    const model = getListTable(params.table)
    if (!model?.reorder) throw new NotFoundError(`${params.table} cannot be reordered`)
    if (request.method !== 'POST') return methodNotAllowed(['POST'])
    await requireAdminApi(request, runtime)
    const body = await readJsonBody(request)
    return json(await model.reorder({ db: runtime.db, ids: body.ids }))
  } catch (error) {
    return errorResponse(error, (err) => runtime.logger.error({ err }, 'api reorder failed'))
  }
}
