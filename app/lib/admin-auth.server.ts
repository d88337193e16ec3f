import { action as authApiAction } from '#app/routes/api/auth.ts'

type AuthApiArgs = Parameters<typeof authApiAction>[0]

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
  context: AuthApiArgs['context']
  path: '/api/auth/sign-in/email' | '/api/auth/sign-out'
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
  const response = await authApiAction({
    request: apiRequest,
    context,
    params: { '*': path.replace('/api/auth/', '') },
  } as AuthApiArgs)
  const cookies = new Headers()
  for (const cookie of response.headers.getSetCookie()) cookies.append('Set-Cookie', cookie)
  let message: string | null = null
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null
    message = typeof data?.error?.message === 'string' ? data.error.message : null
  }
  return { ok: response.ok, status: response.status, message, cookies }
}
