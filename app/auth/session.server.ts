import { createContext, type MiddlewareFunction, redirect, type RouterContextProvider } from 'react-router'

import { runtimeContext } from '#app/context.ts'
import { HttpError } from '#app/lib/errors.ts'
import { type TableName, TABLES } from '#app/schemas/tables.ts'
import type { AppRuntime } from '#app/runtime.server.ts'

export type AdminSession = NonNullable<Awaited<ReturnType<AppRuntime['auth']['api']['getSession']>>>

export const SIGN_IN_PAGE = '/admin/login'

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

/** For API reads: anyone may read a public table (app/schemas/tables.ts); any other needs an administrator. */
export async function requireReader(request: Request, runtime: AppRuntime, table: TableName) {
  if (!TABLES[table].public) await requireAdminApi(request, runtime)
}

/** The admin area's session, as its guard found it (null only in an action, when the session has ended). */
const adminSessionContext = createContext<AdminSession | null>(null)

/**
 * The admin area's guard, run before the loaders and actions of every page under the admin layout (and their
 * `.data` requests): a visitor without a session who asks for a page goes to the sign-in screen. A save sent
 * after the session ended still reaches its action, which refuses it in its own words and keeps the form as
 * typed (server/admin-actions.server.ts) rather than redirecting the work away.
 */
export const adminGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = await getAdminSession(request, context.get(runtimeContext))
  if (!session && (request.method === 'GET' || request.method === 'HEAD')) throw redirect(SIGN_IN_PAGE)
  context.set(adminSessionContext, session)
  return next()
}

/** In an admin page's loader: the administrator the guard let in. */
export function adminSession(context: Readonly<RouterContextProvider>): AdminSession {
  const session = context.get(adminSessionContext)
  if (!session) throw redirect(SIGN_IN_PAGE)
  return session
}

/** In an admin page's action: the administrator, or null when the session has ended since the page loaded. */
export function adminSessionOrNull(context: Readonly<RouterContextProvider>): AdminSession | null {
  return context.get(adminSessionContext)
}
