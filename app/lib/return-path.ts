/**
 * The admin page to go back to after signing in (`/admin/messages?message=…`, as an alert e-mail links to it), or
 * null for anything else: another site (`//evil.example`, `https://…`, `/\evil.example`), a page outside the
 * admin, the sign-in and sign-out pages themselves, or a value with control characters.
 */
export function adminReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2_000) return null
  if (!value.startsWith('/') || value.startsWith('//') || [...value].some(isUnsafe)) return null
  let url: URL
  try {
    url = new URL(value, 'http://site.invalid')
  } catch {
    return null
  }
  if (url.origin !== 'http://site.invalid') return null
  if (url.pathname !== '/admin' && !url.pathname.startsWith('/admin/')) return null
  if (/^\/admin\/(login|logout)(\/|$)/.test(url.pathname)) return null
  return `${url.pathname}${url.search}`
}

/** A backslash (read as a slash by browsers) or a control character. */
function isUnsafe(character: string) {
  const code = character.charCodeAt(0)
  return character === '\\' || code < 0x20 || code === 0x7f
}
