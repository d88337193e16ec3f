import type { IncomingHttpHeaders } from 'node:http'

/** A host as a Host header may name it: a name or an IPv4 address, or an IPv6 one in brackets; a port or not. */
const HOST =
  /^(?:[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?)*|\[[\da-f:.]+\])(?::\d{1,5})?$/i

const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim()

/**
 * The origin a request was made to, for absolute addresses when PUBLIC_URL is not set: its Host (and behind a
 * trusted proxy, the proxy's X-Forwarded-Proto and X-Forwarded-Host). The server itself speaks only http. A
 * Host that is no host name is read as localhost, so no made-up text reaches a page.
 */
export function requestOrigin(headers: IncomingHttpHeaders, trustProxy: boolean) {
  const forwardedProto = trustProxy ? first(headers['x-forwarded-proto'])?.toLowerCase() : undefined
  const protocol = forwardedProto === 'https' ? 'https' : 'http'
  const host = ((trustProxy && first(headers['x-forwarded-host'])) || headers.host || '').toLowerCase()
  return `${protocol}://${HOST.test(host) ? host : 'localhost'}`
}

/**
 * Where the site is reached: PUBLIC_URL's origin when set (every page then names the same host, whoever asks),
 * else the request's own. Pages, the sitemap and share images use it for their absolute addresses.
 */
export function siteOrigin(publicUrl: string | undefined, trustProxy: boolean) {
  const fixed = publicUrl ? new URL(publicUrl).origin : null
  return (headers: IncomingHttpHeaders) => fixed ?? requestOrigin(headers, trustProxy)
}
