import type { Route } from './+types/church-info.ts'
import { requireAdminApi } from '#app/auth/session.server.ts'
import { servicesContext } from '#app/context.ts'
import { errorResponse, json, methodNotAllowed, publicJson, readJsonBody } from '#app/lib/api.server.ts'
import { getChurchInfo, saveChurchInfo } from '#app/models/church-info.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  try {
    return publicJson(await getChurchInfo({ db: services.db }))
  } catch (error) {
    return errorResponse(error, (err) => services.logger.error({ err }, 'api church_info failed'))
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext)
  try {
    if (request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT'])
    await requireAdminApi(request, services)
    return json(await saveChurchInfo({ db: services.db, data: await readJsonBody(request) }))
  } catch (error) {
    return errorResponse(error, (err) => services.logger.error({ err }, 'api church_info save failed'))
  }
}
