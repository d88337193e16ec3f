import type { Route } from './+types/table.ts'
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
    const model = tableOr404(params.table)
    return publicJson(await model.list({ db: runtime.db }))
  } catch (error) {
    return errorResponse(error, (err) => runtime.logger.error({ err }, 'api list failed'))
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext)
  try {
    const model = tableOr404(params.table)
    if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
    await requireAdminApi(request, runtime)
    const record = await model.create({ db: runtime.db, data: await readJsonBody(request) })
    return json(record, { status: 201 })
  } catch (error) {
    return errorResponse(error, (err) => runtime.logger.error({ err }, 'api create failed'))
  }
}
