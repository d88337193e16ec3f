import { feedPath } from '#app/content/registry.ts'

/** A podcast's addresses, for its subscribe buttons and the page's `<link rel="alternate">`. */
export interface PodcastLinks {
  /** The feed's address, for any podcast app. */
  url: string
  /** The same feed for Apple Podcasts: `podcast://<host>/sermons/feed.xml` opens it there. */
  apple: string
}

/**
 * The church's podcast, or a series' (`seriesId`), at the site's address `origin`, in the page's language: `to`
 * gives a path its language's prefix (`/ml/sermons/feed.xml`).
 */
export function podcastLinks(origin: string, to: (path: string) => string, seriesId?: string): PodcastLinks {
  const url = `${origin}${to(seriesId ? feedPath('series-podcast', { id: seriesId }) : feedPath('podcast'))}`
  return { url, apple: url.replace(/^https?:\/\//, 'podcast://') }
}

/** The page head's pointer to a feed (`<link rel="alternate" type="application/rss+xml">`). */
export function feedLinkTag(links: PodcastLinks, title: string) {
  return { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title, href: links.url } as const
}
