import crypto from 'node:crypto'

/**
 * The token of a registration's cancel link (decision 0022): an HMAC of the registration's id for this one purpose,
 * under a key derived from the server's secret. Nothing is stored: the link works until the registration is
 * cancelled (once), and a token made for anything else, or for another registration, does not match.
 */
export function cancelToken(secret: string, registrationId: string) {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, 'lampstand', 'registration-cancel', 32))
  return crypto.createHmac('sha256', key).update(`cancel:${registrationId}`).digest('base64url')
}

export function cancelTokenMatches(secret: string, registrationId: string, token: unknown) {
  if (typeof token !== 'string' || token.length > 100) return false
  const expected = Buffer.from(cancelToken(secret, registrationId))
  const given = Buffer.from(token)
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}

/**
 * The key a sign-up's connection is counted by (the places one IP address holds on a date): an HMAC of the address
 * under a key of its own, so that the table and its backups never hold visitors' IP addresses.
 */
export function connectionKey(secret: string, clientIp: string) {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, 'lampstand', 'registration-connection', 32))
  return crypto.createHmac('sha256', key).update(clientIp).digest('base64url').slice(0, 22)
}

/** A registration's cancel link: on the site's address, on the page of the registration's language (`path`). */
export function cancelUrl(origin: string, secret: string, registrationId: string, path: string) {
  return `${origin}${path}?token=${cancelToken(secret, registrationId)}`
}
