/**
 * Whether a navigation link counts as the current page (docs/specification.md §2): the home link only on an
 * exact match, any other link also for the pages below it (`/events/christmas` keeps Events highlighted).
 */
export function isActivePath(pathname: string, to: string) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (to === '/') return path === '/'
  return path === to || path.startsWith(`${to}/`)
}
