import type { Route } from './+types/about-us.ts'
import { requireAdminApi } from '#app/auth/session.server.ts'
import { servicesContext } from '#app/context.ts'
import { errorResponse, json, methodNotAllowed, publicJson, readJsonBody } from '#app/lib/api.server.ts'
import { getAboutUs, saveAboutUs } from '#app/models/about-us.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext)
  try {
    return publicJson(await getAboutUs({ db: services.db }))
  } catch (error) {
    return errorResponse(error, (err) => services.logger.error({ err }, 'api about_us failed'))
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext)
  try {
    if (request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT'])
    await requireAdminApi(request, services)
    return json(await saveAboutUs({ db: services.db, data: await readJsonBody(request) }))
  } catch (error) {
    return errorResponse(error, (err) => services.logger.error({ err }, 'api about_us save failed'))
  }
}
