import type { RouterContextProvider } from 'react-router'

import type {
  SIGN_IN_PATH,
  SIGN_OUT_PATH,
  VERIFY_BACKUP_CODE_PATH,
  VERIFY_TOTP_PATH,
} from './auth-api.server.ts'
import { handleAuthRequest } from './auth-api.server.ts'
import { requestContext, runtimeContext } from '#app/context.ts'

/**
 * Sends a request to our auth API route from a page action, so the admin's sign-in and sign-out forms work
 * even before JavaScript has loaded, and go through the same throttling as any outside client.
 */
export async function callAuthApi({
  request,
  context,
  path,
  body,
}: {
  request: Request
  context: Readonly<RouterContextProvider>
  path: typeof SIGN_IN_PATH | typeof SIGN_OUT_PATH | typeof VERIFY_TOTP_PATH | typeof VERIFY_BACKUP_CODE_PATH
  body: Record<string, unknown>
}) {
  const headers = new Headers(request.headers)
  headers.set('content-type', 'application/json')
  headers.delete('content-length')
  const apiRequest = new Request(new URL(path, request.url), {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  })
  const response = await handleAuthRequest(
    context.get(runtimeContext),
    apiRequest,
    context.get(requestContext).clientIp,
  )
  const cookies = new Headers()
  for (const cookie of response.headers.getSetCookie()) cookies.append('Set-Cookie', cookie)
  let message: string | null = null
  // Sign-in's answer says whether a second step (two-step sign-in) is still to come.
  let twoStep = false
  const data = (await response.json().catch(() => null)) as {
    error?: { message?: unknown }
    twoFactorRedirect?: unknown
  } | null
  if (!response.ok) {
    message = typeof data?.error?.message === 'string' ? data.error.message : null
  } else {
    twoStep = data?.twoFactorRedirect === true
  }
  return { ok: response.ok, status: response.status, message, cookies, twoStep }
}
