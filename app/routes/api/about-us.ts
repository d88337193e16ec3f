import type { Route } from './+types/about-us.ts'
import { requireAdminApi } from '#app/auth/session.server.ts'
import { runtimeContext } from '#app/context.ts'
import { errorResponse, json, methodNotAllowed, publicJson, readJsonBody } from '#app/server/api.server.ts'
import { getAboutUs, saveAboutUs } from '#app/models/about-us.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  try {
    return publicJson(await getAboutUs({ db: runtime.db }))
  } catch (error) {
    return errorResponse(error, (err) => runtime.logger.error({ err }, 'api about_us failed'))
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext)
  try {
    if (request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT'])
    await requireAdminApi(request, runtime)
    return json(await saveAboutUs({ db: runtime.db, data: await readJsonBody(request) }))
  } catch (error) {
    return errorResponse(error, (err) => runtime.logger.error({ err }, 'api about_us save failed'))
  }
}
