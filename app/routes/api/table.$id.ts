import type { Route } from './+types/table.$id.ts'
import { requireAdminApi } from '#app/auth/session.server.ts'
import { MethodNotAllowedError, NotFoundError } from '#app/lib/errors.ts'
import { listModels } from '#app/models/content-models.server.ts'
import { isListTable } from '#app/schemas/tables.ts'
import { apiHandler, json, publicJson, readJsonBody } from '#app/server/api.server.ts'

// `/api/<table>/:id`: one record of a list table: read it (anyone), change some fields or delete it (admin).

function modelOf(table: string) {
  if (!isListTable(table)) throw new NotFoundError(`There is no table called ${table}`)
  return listModels[table]
}

export const loader = apiHandler<Route.LoaderArgs>(async ({ params, runtime: { db } }) => {
  const record = await modelOf(params.table).get({ db, id: params.id })
  if (!record) throw new NotFoundError()
  return publicJson(record)
})

export const action = apiHandler<Route.ActionArgs>(async ({ request, params, runtime }) => {
  const model = modelOf(params.table)
  // PUT is taken as PATCH (a client that sends the whole record gets what it means), but not advertised.
  if (!['PATCH', 'PUT', 'DELETE'].includes(request.method)) {
    throw new MethodNotAllowedError(['GET', 'PATCH', 'DELETE'])
  }
  await requireAdminApi(request, runtime)
  const { db } = runtime
  if (request.method === 'DELETE') {
    if (!(await model.delete({ db, id: params.id }))) throw new NotFoundError()
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
  }
  const record = await model.update({ db, id: params.id, data: await readJsonBody(request) })
  if (!record) throw new NotFoundError()
  return json(record)
})
