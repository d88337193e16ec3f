import { actorFromSession } from './session.server.ts'
import { recordActivity } from '#app/models/activity.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'

/** better-auth's endpoints that finish a sign-in: the password, or the second step after it. */
const SIGN_IN_PATHS = /^\/api\/auth\/(sign-in\/|two-factor\/verify-)/
/** The session cookie (with the __Secure- prefix under https). */
const SESSION_COOKIE = /^((?:__Secure-)?better-auth\.session_token)=([^;]+)/

/**
 * Logs a sign-in in the activity log once better-auth has answered it: when a sign-in endpoint sets a session
 * cookie, someone has proved who they are. A password sign-in that still waits for a two-step code sets none
 * (better-auth's two-factor plugin deletes the session it began and clears the cookie), so it is logged once, when
 * the code is accepted. A failure to log is reported and does not undo the sign-in.
 */
export async function logSignIn(runtime: AppRuntime, request: Request, response: Response) {
  if (request.method !== 'POST' || !SIGN_IN_PATHS.test(new URL(request.url).pathname)) return
  const cookie = response.headers
    .getSetCookie()
    .map((header) => SESSION_COOKIE.exec(header))
    .find((match) => match !== null)
  if (!cookie) return
  try {
    const session = await runtime.auth.api.getSession({
      headers: new Headers({ cookie: `${cookie[1]}=${cookie[2]}` }),
    })
    if (!session) return
    await recordActivity({
      db: runtime.db,
      actor: actorFromSession(session, runtime.clock),
      action: 'signed_in',
      section: 'sign_in',
    })
  } catch (error) {
    runtime.logger.error({ err: error }, 'a sign-in could not be logged in the activity log')
  }
}
