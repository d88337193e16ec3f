import { redirect } from 'react-router'

import { HttpError } from '#app/lib/errors.ts'
import type { AppServices } from '#app/services.server.ts'

export type AdminSession = NonNullable<Awaited<ReturnType<AppServices['auth']['api']['getSession']>>>

/** The signed-in administrator's session, or null. */
export async function getAdminSession(request: Request, services: AppServices): Promise<AdminSession | null> {
  return services.auth.api.getSession({ headers: request.headers })
}

/** For API routes: the session, or a 401 error. */
export async function requireAdminApi(request: Request, services: AppServices) {
  const session = await getAdminSession(request, services)
  if (!session) throw new HttpError(401, 'Sign in as an administrator to do this')
  return session
}

/** For admin pages: the session, or a redirect to the sign-in screen. */
export async function requireAdmin(request: Request, services: AppServices) {
  const session = await getAdminSession(request, services)
  if (!session) throw redirect('/admin/login')
  return session
}
