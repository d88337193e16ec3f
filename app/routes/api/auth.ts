import type { Route } from './+types/auth.ts'
import { handleAuthRequest } from '#app/auth/auth-api.server.ts'
import { requestContext, runtimeContext } from '#app/context.ts'

/** `/api/auth/*`: sign-in, sign-out and the current session (app/auth/auth-api.server.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleAuthRequest(context.get(runtimeContext), request, context.get(requestContext).clientIp)
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleAuthRequest(context.get(runtimeContext), request, context.get(requestContext).clientIp)
}
