import { redirect } from 'react-router'

import { HttpError } from '#app/lib/errors.ts'
import type { AppRuntime } from '#app/runtime.server.ts'

export type AdminSession = NonNullable<Awaited<ReturnType<AppRuntime['auth']['api']['getSession']>>>

/** The signed-in administrator's session, or null. */
export async function getAdminSession(request: Request, runtime: AppRuntime): Promise<AdminSession | null> {
  return runtime.auth.api.getSession({ headers: request.headers })
}

/** For API routes: the session, or a 401 error. */
export async function requireAdminApi(request: Request, runtime: AppRuntime) {
  const session = await getAdminSession(request, runtime)
  if (!session) throw new HttpError(401, 'Sign in as an administrator to do this')
  return session
}

/** For admin pages: the session, or a redirect to the sign-in screen. */
export async function requireAdmin(request: Request, runtime: AppRuntime) {
  const session = await getAdminSession(request, runtime)
  if (!session) throw redirect('/admin/login')
  return session
}
