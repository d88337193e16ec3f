import { pleaseWait } from '#app/lib/please-wait.ts'
import { logSignIn } from './sign-in-activity.server.ts'
import { beginSignInAttempt } from './sign-in-throttle.server.ts'
import { HttpError, MethodNotAllowedError } from '#app/lib/errors.ts'
import { consumeRateLimit, releaseRateLimit } from '#app/models/rate-limits.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'
import { errorResponse, json } from '#app/server/api.server.ts'

export const SIGN_IN_PATH = '/api/auth/sign-in/email'
export const SIGN_OUT_PATH = '/api/auth/sign-out'
const SESSION_PATH = '/api/auth/get-session'
/** Sign-in's second step (two-step sign-in): a code from the authenticator app, or a backup code. */
export const VERIFY_TOTP_PATH = '/api/auth/two-factor/verify-totp'
export const VERIFY_BACKUP_CODE_PATH = '/api/auth/two-factor/verify-backup-code'
const SECOND_STEP_PATHS = new Set([VERIFY_TOTP_PATH, VERIFY_BACKUP_CODE_PATH])
/** Wrong second-step codes from one address: 20 per 15 minutes (better-auth also ends a challenge after 5). */
const SECOND_STEP_FAILURES_PER_IP = 20
const SECOND_STEP_WINDOW_MS = 15 * 60 * 1000
/**
 * The only endpoints of better-auth that are ours (DESIGN.md); its others (sign-up, account changes, session
 * lists…) are not offered, so no setting of the library can open them by accident.
 */
const ENDPOINTS: Record<string, string> = {
  [SIGN_IN_PATH]: 'POST',
  [SIGN_OUT_PATH]: 'POST',
  [SESSION_PATH]: 'GET',
  [VERIFY_TOTP_PATH]: 'POST',
  [VERIFY_BACKUP_CODE_PATH]: 'POST',
}

/** 404 for paths we do not offer; 405 (with Allow) for ours asked with another method. */
function refuseUnknown(request: Request) {
  const allowed = ENDPOINTS[new URL(request.url).pathname]
  if (!allowed) throw new HttpError(404, 'Not found')
  const method = request.method === 'HEAD' ? 'GET' : request.method
  if (method !== allowed) return errorResponse(new MethodNotAllowedError([allowed]))
  return null
}

/** Hands the request to better-auth and reshapes its errors into the API's `{ error: { message } }`. */
async function handle(runtime: AppRuntime, request: Request) {
  const response = await runtime.auth.handler(request)
  if (response.ok) await logSignIn(runtime, request, response)
  if (response.ok || !response.headers.get('content-type')?.includes('application/json')) return response
  const body = (await response.json().catch(() => null)) as { message?: string } | null
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  return json(
    { error: { message: body?.message ?? response.statusText ?? 'Request failed' } },
    { status: response.status, headers },
  )
}

/**
 * Answers a request for `/api/auth/*`: our three endpoints through better-auth, sign-in through the throttle,
 * every error in the API's shape. The API route and the admin's sign-in and sign-out forms both come here.
 */
export async function handleAuthRequest(runtime: AppRuntime, request: Request, clientIp: string) {
  try {
    const refused = refuseUnknown(request)
    if (refused) return refused
    const url = new URL(request.url)
    if (request.method === 'POST' && url.pathname === SIGN_OUT_PATH && !request.headers.get('content-type')) {
      // better-auth wants a JSON body even for sign-out; a bare `POST /api/auth/sign-out` is just as clear.
      const headers = new Headers(request.headers)
      headers.set('content-type', 'application/json')
      return await handle(runtime, new Request(request.url, { method: 'POST', headers, body: '{}' }))
    }
    if (request.method === 'POST' && SECOND_STEP_PATHS.has(url.pathname)) {
      return await throttledSecondStep(runtime, request, clientIp)
    }
    if (request.method !== 'POST' || url.pathname !== SIGN_IN_PATH) return await handle(runtime, request)
    return await throttledSignIn(runtime, request, clientIp)
  } catch (error) {
    return errorResponse(error, (err) => runtime.logger.error({ err }, 'auth failed'))
  }
}

/** Sign-in through the throttle of app/auth/sign-in-throttle.server.ts; past a limit the answer is 429. */
async function throttledSignIn(runtime: AppRuntime, request: Request, ip: string) {
  // better-auth also takes form bodies, which the account count below cannot read: only JSON is let through.
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) {
    return json({ error: { message: 'Send JSON with Content-Type: application/json' } }, { status: 415 })
  }
  const body = (await request
    .clone()
    .json()
    .catch(() => null)) as { email?: unknown } | null
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : ''
  const attempt = await beginSignInAttempt(runtime, {
    email,
    ip,
    cookieHeader: request.headers.get('cookie'),
  })
  if (!attempt.allowed) {
    return json(
      { error: { message: `Too many sign-in attempts. ${pleaseWait(attempt.retryAfterSeconds)}` } },
      { status: 429, headers: { 'Retry-After': String(attempt.retryAfterSeconds) } },
    )
  }
  const response = await handle(runtime, request)
  if (response.ok) {
    const headers = new Headers(response.headers)
    headers.append('Set-Cookie', await attempt.succeeded({ secureCookie: runtime.env.secureCookies }))
    return new Response(response.body, { status: response.status, headers })
  }
  if (![400, 401, 403].includes(response.status)) await attempt.notCounted()
  return response
}

/**
 * Sign-in's second step, throttled per address (wrong codes only, 429 past the limit). better-auth itself ends a
 * challenge after 5 wrong codes and locks the account's second step after 10 in a row; both are 429 here too.
 */
async function throttledSecondStep(runtime: AppRuntime, request: Request, ip: string) {
  const key = `two-step:ip:${ip}`
  const now = runtime.clock.now().getTime()
  const counted = await consumeRateLimit({
    db: runtime.db,
    key,
    limit: SECOND_STEP_FAILURES_PER_IP,
    windowMs: SECOND_STEP_WINDOW_MS,
    now,
  })
  if (!counted.allowed) {
    await releaseRateLimit({ db: runtime.db, key })
    return json(
      { error: { message: `Too many wrong codes. ${pleaseWait(counted.retryAfterSeconds)}` } },
      { status: 429, headers: { 'Retry-After': String(counted.retryAfterSeconds) } },
    )
  }
  const response = await handle(runtime, request)
  if (response.ok) {
    await releaseRateLimit({ db: runtime.db, key })
    return response
  }
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: { message?: string } } | null
  const message = body?.error?.message ?? ''
  if (/too many/i.test(message)) {
    const headers = new Headers(response.headers)
    headers.delete('content-length')
    headers.set('Retry-After', String(15 * 60))
    return json(
      {
        error: {
          message: /locked/i.test(message)
            ? 'Too many wrong codes for this account. Please wait 15 minutes and try again.'
            : 'Too many wrong codes. Sign in again with your password.',
        },
      },
      { status: 429, headers },
    )
  }
  if (![400, 401].includes(response.status)) await releaseRateLimit({ db: runtime.db, key })
  return response
}
