// Pages timed one request after another: what one visitor (or one secretary) waits for.
import { LARGE } from './large-data.ts'
import { BROWSER_HEADERS } from './targets.ts'

export const ADMIN = { email: 'bench@example.org', password: 'bench-password-1234' }
/** The admin messages page with a search and a sort, as a person would use it. */
const MESSAGES_QUERY = '?q=kelly&sort=first_name&dir=asc'

export interface Timing {
  path: string
  status: number
  bytes: number
  medianMs: number
  p95Ms: number
}

/** Times `count` requests for `target` one after another (after two that warm up the JIT and SQLite's cache). */
export async function timeSequential(
  url: string,
  target: string,
  headers: Record<string, string>,
  count = 20,
) {
  const samples: number[] = []
  let status = 0
  let bytes = 0
  for (let i = 0; i < count + 2; i++) {
    const began = performance.now()
    const response = await fetch(url + target, {
      headers: { ...headers, ...BROWSER_HEADERS },
      redirect: 'manual',
    })
    const body = await response.arrayBuffer()
    const ms = performance.now() - began
    status = response.status
    bytes = body.byteLength
    if (i >= 2) samples.push(ms)
  }
  samples.sort((a, b) => a - b)
  return {
    path: target,
    status,
    bytes,
    medianMs: samples[Math.floor(samples.length / 2)],
    p95Ms: samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.95) - 1)],
  } satisfies Timing
}

/** Signs in and times the messages page (document and `.data`) with a search and a sort, one request at a time. */
export async function timeMessagesPage(url: string, count = 20) {
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(ADMIN),
  })
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ')
  if (!signIn.ok || !cookie) throw new Error(`Sign-in failed: ${signIn.status} ${await signIn.text()}`)
  return {
    messages: LARGE.messages,
    document: await timeSequential(url, `/admin/messages${MESSAGES_QUERY}`, { cookie }, count),
    data: await timeSequential(url, `/admin/messages.data${MESSAGES_QUERY}`, { cookie }, count),
  }
}
