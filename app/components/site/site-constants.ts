/** Fixed texts and links of the public site (spec §1, §2, §9). */

export const SITE_SUBTITLE = 'Indian Pentecostal Church of God'
export const FOOTER_TAGLINE = 'Spreading the Gospel and making disciples in Cork, Ireland.'
/** Shown wherever the church's name is missing from its settings. */
export const FALLBACK_CHURCH_NAME = 'Our Church'

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

export const SOCIAL_LINKS = {
  facebook: 'https://www.facebook.com/',
  instagram: 'https://www.instagram.com/',
} as const

export const OFFICE_HOURS = [
  { days: 'Monday - Friday', hours: '9:00 AM - 5:00 PM' },
  { days: 'Saturday', hours: '10:00 AM - 2:00 PM' },
  { days: 'Sunday', hours: 'Closed' },
] as const
