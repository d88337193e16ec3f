const ALLOWED = /^(https?:\/\/|mailto:|tel:)/i

/** Whether a link address is one the server's sanitiser keeps (http(s), mailto, tel). */
export function isAllowedLink(href: string | null | undefined) {
  return typeof href === 'string' && ALLOWED.test(href.trim())
}

/**
 * What staff type into the link box, as an address the sanitiser keeps: `ipccork.ie` → `https://ipccork.ie`,
 * `office@ipccork.ie` → `mailto:…`, `+353 21 432 0199` → `tel:+353214320199`. Null when nothing usable.
 */
export function normalizeLink(input: string) {
  const value = input.trim()
  if (!value) return null
  if (isAllowedLink(value)) return value
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(value)) return `mailto:${value}`
  if (/^\+?[\d\s().-]{5,}$/.test(value)) return `tel:${value.replace(/[^\d+]/g, '')}`
  if (/^[a-z][a-z\d+.-]*:/i.test(value)) return null
  if (/^[^\s]+\.[^\s]+$/.test(value)) return `https://${value.replace(/^\/+/, '')}`
  return null
}

/** The attributes the sanitiser gives a link, in its order: external ones open in a new tab. */
export function linkAttributes(href: string) {
  return /^https?:\/\//i.test(href) ? { href, target: '_blank', rel: 'noopener noreferrer' } : { href }
}
