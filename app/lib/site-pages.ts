import type { ContentTableName } from '#app/schemas/tables.ts'

/** Shown wherever the church's name is missing from its settings. */
export const FALLBACK_CHURCH_NAME = 'Our Church'

/** What search engines, share previews and the sitemap are told of a public page. */
export interface SitePage {
  path: string
  /** The page's name in its title ('Events | IPC Cork') and on its share image; the home page has none. */
  title: string
  /** Its meta description; `{church}` becomes the church's name. */
  description: string
  /** The content it shows besides the church info every page shows: its sitemap `lastmod` is theirs. */
  shows: readonly ContentTableName[]
}

/**
 * The public pages, said once: each page's meta, its share image (/og/<key>.jpg) and the sitemap are worked out
 * from this list. (An event's own page adds itself the same way: a path, a title and what it shows.)
 */
export const SITE_PAGES = {
  home: {
    path: '/',
    title: '',
    description:
      'Welcome to {church}: Sunday worship, events, ministries and a warm welcome for everyone who comes.',
    shows: ['carousel_slides', 'services', 'events', 'ministries', 'gallery_images', 'leadership_team'],
  },
  about: {
    path: '/about',
    title: 'About Us',
    description:
      'The story of {church}, our mission, vision and values, the leadership team and how to find us.',
    shows: ['about_us', 'leadership_team', 'getting_here'],
  },
  services: {
    path: '/services',
    title: 'Services',
    description:
      'Service times at {church}: Sunday worship, Bible study and prayer meetings, special services, and how to find us.',
    shows: ['services'],
  },
  events: {
    path: '/events',
    title: 'Events',
    description:
      'Upcoming events and regular gatherings at {church}: conferences, family days, youth nights and more.',
    shows: ['events'],
  },
  ministries: {
    path: '/ministries',
    title: 'Ministries',
    description:
      "The ministries of {church}: children, youth, worship, prayer, women's fellowship and outreach. Find your place to serve.",
    shows: ['ministries'],
  },
  gallery: {
    path: '/gallery',
    title: 'Gallery',
    description: 'Photos from worship, prayer, youth, children and events at {church}.',
    shows: ['gallery_images'],
  },
  contact: {
    path: '/contact',
    title: 'Contact',
    description:
      'Get in touch with {church}: send us a message, find our address, phone, email, office hours and directions.',
    shows: [],
  },
  'privacy-policy': {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    description: 'How the {church} website uses cookies, and how you can manage them.',
    shows: [],
  },
} as const satisfies Record<string, SitePage>

export type SitePageKey = keyof typeof SITE_PAGES

export function isSitePageKey(key: string): key is SitePageKey {
  return Object.hasOwn(SITE_PAGES, key)
}
