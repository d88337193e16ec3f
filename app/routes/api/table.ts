import type { Route } from './+types/table.ts'
import { actorFromSession, requireApiAccess, requireReader } from '#app/auth/session.server.ts'
import { NotFoundError } from '#app/lib/errors.ts'
import { listModels, singleModels } from '#app/models/content-models.server.ts'
import { isListTable, isSingleTable, TABLES } from '#app/content/registry.ts'
import { inRequestedLanguage } from '#app/models/translations.server.ts'
import { allowMethods, apiHandler, json, readJson, readJsonBody } from '#app/server/api.server.ts'

// `/api/<table>`: a list table's records (GET) and a new one (POST), or a single-record table's record (GET, PUT).

function noSuchTable(name: string): never {
  throw new NotFoundError(`There is no table called ${name}`)
}

export const loader = apiHandler<Route.LoaderArgs>(async ({ request, params, runtime }) => {
  const { db } = runtime
  if (isListTable(params.table)) {
    const scope = await requireReader(request, runtime, params.table)
    const records = await listModels[params.table].list({ db, ...scope })
    const declaration = TABLES[params.table]
    return readJson(
      params.table,
      await inRequestedLanguage({ db, request, declaration, data: records }),
      scope,
    )
  }
  if (isSingleTable(params.table)) {
    await requireReader(request, runtime, params.table)
    const record = await singleModels[params.table].get({ db })
    const declaration = TABLES[params.table]
    return readJson(
      params.table,
      record && (await inRequestedLanguage({ db, request, declaration, data: record })),
    )
  }
  noSuchTable(params.table)
})

export const action = apiHandler<Route.ActionArgs>(async ({ request, params, runtime }) => {
  const { db } = runtime
  if (isListTable(params.table)) {
    allowMethods(request, ['GET', 'POST'])
    const actor = actorFromSession(await requireApiAccess(request, runtime, 'content'), runtime.clock)
    const record = await listModels[params.table].create({ db, data: await readJsonBody(request), actor })
    return json(record, { status: 201 })
  }
  if (isSingleTable(params.table)) {
    allowMethods(request, ['GET', 'PUT'])
    const actor = actorFromSession(await requireApiAccess(request, runtime, 'content'), runtime.clock)
    return json(await singleModels[params.table].save({ db, data: await readJsonBody(request), actor }))
  }
  noSuchTable(params.table)
})
