import type { Route } from './+types/table.reorder.ts'
import { actorFromSession, requireApiAccess } from '#app/auth/session.server.ts'
import { MethodNotAllowedError, NotFoundError } from '#app/lib/errors.ts'
import { listModels } from '#app/models/content-models.server.ts'
import { isListTable } from '#app/content/registry.ts'
import { allowMethods, apiHandler, json, readJsonBody } from '#app/server/api.server.ts'

// `/api/<table>/reorder` with `{ "ids": [...] }`: numbers a list ordered by position 1..n (admin).

function reorderOf(table: string) {
  const reorder = isListTable(table) ? listModels[table].reorder : undefined
  if (!reorder) throw new NotFoundError(`${table} cannot be reordered`)
  return reorder
}

export const loader = apiHandler<Route.LoaderArgs>(({ params }) => {
  reorderOf(params.table)
  throw new MethodNotAllowedError(['POST'])
})

export const action = apiHandler<Route.ActionArgs>(async ({ request, params, runtime }) => {
  const reorder = reorderOf(params.table)
  allowMethods(request, ['POST'])
  const actor = actorFromSession(await requireApiAccess(request, runtime, 'content'), runtime.clock)
  const body = await readJsonBody(request)
  return json(await reorder({ db: runtime.db, ids: body.ids, actor }))
})
