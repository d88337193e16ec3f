/**
 * Fixed texts and links of the public site (docs/specification.md §1, §2); the church's own words are church
 * info.
 */

/** The public navigation, in order; the footer's Quick Links label /about as 'About Us'. */
export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/services', label: 'Services' },
  { to: '/events', label: 'Events' },
  { to: '/ministries', label: 'Ministries' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/contact', label: 'Contact' },
] as const
