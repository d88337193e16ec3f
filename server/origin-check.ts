import type { Request } from 'express'

/**
 * True when a browser tells us the request comes from another site: an Origin header that is not ours, or
 * `Sec-Fetch-Site: cross-site`. Requests without either header (curl, server-to-server) carry no ambient
 * browser cookies of a victim, so they are judged by their own credentials.
 */
export function isCrossSiteRequest(req: Request, publicUrl?: string) {
  const origin = req.get('origin')
  if (origin) {
    if (origin === 'null') return true
    const allowed = new Set<string>()
    if (publicUrl) allowed.add(new URL(publicUrl).origin)
    const host = req.get('host')
    if (host) {
      allowed.add(`http://${host}`)
      allowed.add(`https://${host}`)
    }
    return !allowed.has(origin)
  }
  return req.get('sec-fetch-site') === 'cross-site'
}
