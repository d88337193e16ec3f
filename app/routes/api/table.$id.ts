import type { Route } from './+types/table.$id.ts'
import { actorFromSession, requireApiAccess, requireReader } from '#app/auth/session.server.ts'
import { MethodNotAllowedError, NotFoundError } from '#app/lib/errors.ts'
import { listModels } from '#app/models/content-models.server.ts'
import { isListTable, TABLES } from '#app/content/registry.ts'
import { inRequestedLanguage } from '#app/models/translations.server.ts'
import { apiHandler, json, readJson, readJsonBody } from '#app/server/api.server.ts'

// `/api/<table>/:id`: one record of a list table: read it (anyone), change some fields or delete it (admin).

function listTable(table: string) {
  if (!isListTable(table)) throw new NotFoundError(`There is no table called ${table}`)
  return table
}

export const loader = apiHandler<Route.LoaderArgs>(async ({ request, params, runtime }) => {
  const table = listTable(params.table)
  const scope = await requireReader(request, runtime, table)
  const record = await listModels[table].get({ db: runtime.db, id: params.id, ...scope })
  if (!record) throw new NotFoundError()
  const declaration = TABLES[table]
  return readJson(
    table,
    await inRequestedLanguage({ db: runtime.db, request, declaration, data: record }),
    scope,
  )
})

export const action = apiHandler<Route.ActionArgs>(async ({ request, params, runtime }) => {
  const model = listModels[listTable(params.table)]
  // PUT is taken as PATCH (a client that sends the whole record gets what it means), but not advertised.
  if (!['PATCH', 'PUT', 'DELETE'].includes(request.method)) {
    throw new MethodNotAllowedError(['GET', 'PATCH', 'DELETE'])
  }
  const actor = actorFromSession(await requireApiAccess(request, runtime, 'content'), runtime.clock)
  const { db } = runtime
  if (request.method === 'DELETE') {
    if (!(await model.delete({ db, id: params.id, actor }))) throw new NotFoundError()
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
  }
  const record = await model.update({ db, id: params.id, data: await readJsonBody(request), actor })
  if (!record) throw new NotFoundError()
  return json(record)
})
