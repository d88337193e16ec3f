import type { Route } from './+types/table.$id.ts'
import { requireAdminApi } from '#app/auth/session.server.ts'
import { runtimeContext } from '#app/context.ts'
import { errorResponse, json, methodNotAllowed, publicJson, readJsonBody } from '#app/server/api.server.ts'
import { NotFoundError } from '#app/lib/errors.ts'
import { getListTable } from '#app/models/registry.server.ts'

function tableOr404(name: string) {
  const model = getListTable(name)
  if (!model) throw new NotFoundError(`There is no table called ${name}`)
  return model
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  try {
    const record = await tableOr404(params.table).get({ db: runtime.db, id: params.id })
    if (!record) throw new NotFoundError()
    return publicJson(record)
  } catch (error) {
    return errorResponse(error, (err) => runtime.logger.error({ err }, 'api get failed'))
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext)
  try {
    const model = tableOr404(params.table)
    if (request.method !== 'PATCH' && request.method !== 'PUT' && request.method !== 'DELETE') {
      return methodNotAllowed(['GET', 'PATCH', 'DELETE'])
    }
    await requireAdminApi(request, runtime)
    if (request.method === 'DELETE') {
      if (!(await model.delete({ db: runtime.db, id: params.id }))) throw new NotFoundError()
      return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
    }
    const record = await model.update({ db: runtime.db, id: params.id, data: await readJsonBody(request) })
    if (!record) throw new NotFoundError()
    return json(record)
  } catch (error) {
    return errorResponse(error, (err) => runtime.logger.error({ err }, 'api update failed'))
  }
}
