import type { Request } from 'express'

/**
 * True when a browser tells us the request comes from another site: an Origin header that is not ours, or
 * `Sec-Fetch-Site: cross-site`. Requests without either header (curl, server-to-server) carry no ambient
 * browser cookies of a victim, so they are judged by their own credentials.
 *
 * Ours are the site's address (PUBLIC_URL, or the one confirmed in Settings), the Host the request was sent to
 * and, behind a trusted proxy, the host it forwards (`X-Forwarded-Host`), over http or https: a proxy that ends
 * TLS talks plain http to us while the browser's Origin says https.
 */
export function isCrossSiteRequest(
  req: Request,
  {
    siteAddresses = [],
    trustProxy = false,
  }: { siteAddresses?: Array<string | null>; trustProxy?: boolean } = {},
) {
  const origin = req.get('origin')
  if (origin) {
    if (origin === 'null') return true
    const allowed = new Set<string>()
    for (const address of siteAddresses) if (address) allowed.add(new URL(address).origin)
    const forwarded = trustProxy ? req.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined
    for (const host of [req.get('host'), forwarded]) {
      if (!host) continue
      allowed.add(`http://${host}`)
      allowed.add(`https://${host}`)
    }
    return !allowed.has(origin)
  }
  return req.get('sec-fetch-site') === 'cross-site'
}
