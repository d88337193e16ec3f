import type { MetaDescriptor } from 'react-router'
import type { Church, Event, Thing, WebPage, WithContext } from 'schema-dts'

import { type ColorTheme, DEFAULT_THEME, findTheme } from './themes.ts'

/** What every page's tags need to know of the site. */
export interface SeoSite {
  /** Where the site is reached, without a trailing slash: PUBLIC_URL's origin, or the request's own. */
  origin: string
  name: string
  /** Open Graph's form: 'en_IE'. */
  locale: string
  /** The page's other languages' locales (`ml_IN`), for `og:locale:alternate`. */
  localeAlternates?: readonly string[]
}

export interface SeoImage {
  /** Absolute, or a path on the site. */
  url: string
  width: number
  height: number
  alt: string
  type?: string
}

/** One page as search engines and share previews see it. */
export interface SeoPage {
  /** The canonical path ('/events'): never a query string. */
  path: string
  /** '' for the home page, whose title is the church's name alone. */
  title: string
  description: string
  image: SeoImage
  /** Open Graph's type: `website`, or `article` for a page about one thing (an event). */
  type?: 'website' | 'article'
  /** Structured data blocks, each written as its own `<script type="application/ld+json">`. */
  jsonLd?: ReadonlyArray<WithContext<Thing>>
  /**
   * The page in each of the site's languages (`{ hreflang: 'ml', path: '/ml/events' }`) and `x-default`, each
   * page naming all of them, itself included (issue 28). None for a site with one language.
   */
  alternates?: ReadonlyArray<{ hreflang: string; path: string }>
}

/** Share images are drawn at the size Facebook, WhatsApp and X show large. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const

/** The colour the site's own pictures and icons are drawn in: the default theme's primary colour. */
export const SITE_THEME: ColorTheme = findTheme(DEFAULT_THEME)

/** `hsl(210 60% 30%)` as `#1f4d7a`, for places that take hex only (the manifest, sharp). */
export function themeHex(theme: ColorTheme = SITE_THEME) {
  const s = theme.primarySaturation / 100
  const l = theme.primaryLightness / 100
  const a = s * Math.min(l, 1 - l)
  const channel = (n: number) => {
    const k = (n + theme.primaryHue / 30) % 12
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${channel(0)}${channel(8)}${channel(4)}`
}

/** An address on the site, absolute. */
export function absoluteUrl(origin: string, pathOrUrl: string) {
  return /^https?:\/\//.test(pathOrUrl)
    ? pathOrUrl
    : `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`
}

/** The page's `<title>`: 'Events | IPC Cork', or the name alone on the home page. */
export function pageTitle(site: Pick<SeoSite, 'name'>, title: string) {
  return title ? `${title} | ${site.name}` : site.name
}

/**
 * Every tag a page needs to be found and shared: title, description, canonical address, Open Graph and
 * Twitter card (absolute addresses throughout, as scrapers require), the theme colour and its structured data.
 */
export function seoMeta(site: SeoSite, page: SeoPage): MetaDescriptor[] {
  const url = absoluteUrl(site.origin, page.path)
  const title = pageTitle(site, page.title)
  const image = absoluteUrl(site.origin, page.image.url)
  return [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { name: 'theme-color', content: themeHex() },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:site_name', content: site.name },
    ...(page.alternates ?? []).map(({ hreflang, path }) => ({
      tagName: 'link' as const,
      rel: 'alternate',
      hrefLang: hreflang,
      href: absoluteUrl(site.origin, path),
    })),
    { property: 'og:locale', content: site.locale },
    ...(site.localeAlternates ?? []).map((locale) => ({ property: 'og:locale:alternate', content: locale })),
    { property: 'og:url', content: url },
    { property: 'og:title', content: page.title || site.name },
    { property: 'og:description', content: page.description },
    { property: 'og:image', content: image },
    ...(image.startsWith('https://') ? [{ property: 'og:image:secure_url', content: image }] : []),
    { property: 'og:image:type', content: page.image.type ?? 'image/jpeg' },
    { property: 'og:image:width', content: String(page.image.width) },
    { property: 'og:image:height', content: String(page.image.height) },
    { property: 'og:image:alt', content: page.image.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: page.image.alt },
    ...(page.jsonLd ?? []).map((block) => ({ 'script:ld+json': block })),
  ]
}

/** What a share image shows; any change to it makes a new picture (and a new address for it). */
export interface ShareCard {
  /** The church's name, at the top beside its logo. */
  name: string
  subtitle: string | null
  /** The page's title, large; the home page shows the church's tagline or subtitle instead. */
  title: string
  /** The logo's address on the site (an upload or a bundled picture). */
  logo: string
  /** The site's host, at the foot of the picture. */
  host: string
  /** A photo filling the picture behind the words (an event's picture), as an address on the site. */
  photo?: string | null
  /**
   * The page's language when it is not the site's main one (`ml`): its words are in it, and its address names it
   * (`/og/ml/events.jpg`), so each language's picture is kept apart from the others'.
   */
  language?: string | null
}

/** Raised whenever the drawing itself changes, so every share image is drawn again. */
const SHARE_CARD_DESIGN = 1

/** A short fingerprint of a text (FNV-1a, 32 bits): enough to tell one version of a picture from the next. */
export function fingerprint(text: string) {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(36)
}

/** The fingerprint of a share card: the `v` of its address, so a changed card is fetched anew. */
export function shareCardVersion(card: ShareCard) {
  return fingerprint(
    JSON.stringify([
      SHARE_CARD_DESIGN,
      themeHex(),
      card.name,
      card.subtitle,
      card.title,
      card.logo,
      card.host,
      card.photo ?? null,
      // Only when there is one: the main language's pictures keep the addresses they had.
      ...(card.language ? [card.language] : []),
    ]),
  )
}

/**
 * The address of a page's share image: `/og/<key>.jpg?v=<fingerprint>`, or `/og/<language>/<key>.jpg?v=…` for a
 * page in another language than the main one.
 */
export function shareImagePath(key: string, card: ShareCard) {
  return `/og/${card.language ? `${card.language}/` : ''}${key}.jpg?v=${shareCardVersion(card)}`
}

/** What the Church block says: the facts of church info, with absolute addresses. */
export interface ChurchFacts {
  origin: string
  /** The home page in the page's language (`/ml`), when it is not the main language's `/`. */
  home?: string
  name: string
  description: string | null
  /** Absolute address of the logo, and of a picture of the church (its share image). */
  logo: string
  image: string
  telephone: string | null
  email: string | null
  address: string | null
  /** The address in parts; without a street, the whole address (less its country) stands as the street. */
  streetAddress: string | null
  locality: string | null
  postalCode: string | null
  /** ISO 3166 code, 'IE'. */
  country: string
  countryName: string
  latitude: number | null
  longitude: number | null
  sameAs: string[]
}

/**
 * The church as schema.org structured data. A Church is a Place (Place → CivicStructure → PlaceOfWorship), which
 * search engines read like a LocalBusiness: name, address, telephone, geo, url. Its `@id` lets an Event name it
 * as its location.
 */
export function churchJsonLd(facts: ChurchFacts): WithContext<Church> {
  const url = absoluteUrl(facts.origin, facts.home ?? '/')
  return {
    '@context': 'https://schema.org',
    '@type': 'Church',
    '@id': `${url}#church`,
    name: facts.name,
    url,
    logo: facts.logo,
    image: facts.image,
    ...(facts.description ? { description: facts.description } : {}),
    ...(facts.telephone ? { telephone: facts.telephone } : {}),
    ...(facts.email ? { email: facts.email } : {}),
    ...(postalAddress(facts) ? { address: postalAddress(facts) } : {}),
    ...(geo(facts) ? { geo: geo(facts) } : {}),
    ...(facts.sameAs.length > 0 ? { sameAs: facts.sameAs } : {}),
  }
}

type AddressFacts = Pick<
  ChurchFacts,
  'address' | 'streetAddress' | 'locality' | 'postalCode' | 'country' | 'countryName'
>

/** The church's PostalAddress: its parts when staff gave them, else the address as typed as the street. */
function postalAddress(church: AddressFacts) {
  const street =
    church.streetAddress || (church.address && withoutCountry(church.address, church.countryName))
  if (!street) return undefined
  return {
    '@type': 'PostalAddress' as const,
    streetAddress: street,
    ...(church.streetAddress && church.locality ? { addressLocality: church.locality } : {}),
    ...(church.streetAddress && church.postalCode ? { postalCode: church.postalCode } : {}),
    addressCountry: church.country,
  }
}

function geo(place: { latitude?: number | null; longitude?: number | null }) {
  if (place.latitude == null || place.longitude == null) return undefined
  return { '@type': 'GeoCoordinates' as const, latitude: place.latitude, longitude: place.longitude }
}

/** Roughly how far apart two map positions are, in metres (an equirectangular estimate: fine within a town). */
function metresApart(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = Math.PI / 180
  const x = (b.longitude - a.longitude) * rad * Math.cos(((a.latitude + b.latitude) / 2) * rad)
  const y = (b.latitude - a.latitude) * rad
  return Math.sqrt(x * x + y * y) * 6_371_000
}

/** 'Unit 4, Kinsale Road, Cork, Ireland' → 'Unit 4, Kinsale Road, Cork': the country is said on its own. */
function withoutCountry(address: string, countryName: string) {
  const lines = address
    .split(/\s*[,\n]\s*/)
    .map((part) => part.trim())
    .filter(Boolean)
  if (lines.length > 1 && lines.at(-1)!.toLowerCase() === countryName.toLowerCase()) lines.pop()
  return lines.join(', ')
}

/**
 * A page as schema.org data, in its language: a Church is a Place, which has no language of its own, so the
 * page that describes it says which language its words are in (`inLanguage`, a BCP 47 tag), and what it is about.
 */
export function webPageJsonLd(page: {
  type: 'WebPage' | 'AboutPage' | 'ContactPage'
  url: string
  name: string
  description: string
  inLanguage: string
  /** The `@id` of the block the page is about (the Church's). */
  about?: string
}): WithContext<WebPage> {
  return {
    '@context': 'https://schema.org',
    '@type': page.type,
    '@id': page.url,
    url: page.url,
    name: page.name,
    ...(page.description ? { description: page.description } : {}),
    inLanguage: page.inLanguage,
    ...(page.about ? { about: { '@id': page.about } } : {}),
  }
}

/** What an Event block says; dates are ISO 8601 with their UTC offset ('2027-03-28T10:30:00+01:00'). */
export interface EventFacts {
  origin: string
  /** The event's own page, a path on the site (in the page's language: `/ml/events/<id>`). */
  path: string
  /** The language its words are in, a BCP 47 tag (the page's `<html lang>`). */
  inLanguage?: string
  /** The home page in that language (`/ml`), the organiser's address; `/` by default. */
  home?: string
  name: string
  description: string | null
  startDate: string
  endDate: string | null
  /** Absolute addresses of its pictures (its share image at least). */
  images: string[]
  /** The church, which organises it, and whose address it is at when it has no place of its own. */
  church: AddressFacts & Pick<ChurchFacts, 'name' | 'latitude' | 'longitude'>
  /** The event's location text ('Glengarriff', 'Main Hall'): the place's name. */
  venue?: string | null
  /** The event's own map position, when staff gave one. */
  latitude?: number | null
  longitude?: number | null
  cancelled?: boolean
}

/**
 * An event as schema.org structured data, with what search engines require for event results (name,
 * startDate, location with an address) and recommend (endDate, description, image, eventStatus,
 * eventAttendanceMode, organizer). The organiser is the church as an Organization (a Church is a Place).
 */
export function eventJsonLd(facts: EventFacts): WithContext<Event> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: facts.name,
    url: absoluteUrl(facts.origin, facts.path),
    startDate: facts.startDate,
    ...(facts.endDate ? { endDate: facts.endDate } : {}),
    ...(facts.description ? { description: facts.description } : {}),
    image: facts.images,
    ...(facts.inLanguage ? { inLanguage: facts.inLanguage } : {}),
    eventStatus: facts.cancelled ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: eventPlace(facts),
    organizer: {
      '@type': 'Organization',
      name: facts.church.name,
      url: absoluteUrl(facts.origin, facts.home ?? '/'),
    },
  }
}

/** Words that name a part of a building: 'Fellowship Room', 'Main Hall', 'Car park'. */
const ROOM_WORDS =
  /\b(rooms?|halls?|sanctuary|chapel|foyer|kitchen|lobby|auditorium|nursery|office|upstairs|downstairs|basement|car ?park|vestry|annexe?)\b/i
/** Words that name a place of its own: 'City Hall', 'Parish Hall', 'Community Centre' are not the church's rooms. */
const PLACE_WORDS =
  /\b(city|town|county|community|parish|civic|village|school|college|university|hotel|cent(re|er)|cathedral|market|street|road|avenue|square|beach|park|homes?|across)\b/i

/**
 * Whether a location without a map position is inside the church: each of its parts ('Main Hall, Kinsale Road')
 * is a room ('Main Hall': a room word, no place word, at most three words) or part of the church's own name or
 * address ('Kinsale Road'). 'Homes across Cork', 'Parish Hall, Douglas' and 'The English Market, Princes Street'
 * are elsewhere.
 */
function roomOfTheChurch(venue: string, church: EventFacts['church']) {
  const own = [church.name, church.address, church.streetAddress].filter(Boolean).join(' | ').toLowerCase()
  const parts = venue
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
  return parts.every(
    (part) =>
      (ROOM_WORDS.test(part) && !PLACE_WORDS.test(part) && part.split(/\s+/).length <= 3) ||
      (part.length >= 4 && own.includes(part.toLowerCase())),
  )
}

/**
 * Where an event is. At the church (no location; a room of it without a map position of its own; a map position
 * within 250 m of the church's): the church's address and position. Elsewhere (the retreat in Glengarriff, the
 * baptism at Myrtleville, the carol singing in homes across Cork): its own name, its location text as the
 * address and its own position when staff gave one — never the church's.
 */
function eventPlace(facts: EventFacts) {
  const { church, venue } = facts
  const own = geo(facts)
  const churchGeo = geo(church)
  const atChurch =
    !venue ||
    (own ? churchGeo !== undefined && metresApart(own, churchGeo) < 250 : roomOfTheChurch(venue, church))
  if (atChurch) {
    const address = postalAddress(church)
    return {
      '@type': 'Place' as const,
      name: venue || church.name,
      ...(address ? { address } : {}),
      ...(churchGeo ? { geo: churchGeo } : {}),
    }
  }
  return { '@type': 'Place' as const, name: venue, address: venue, ...(own ? { geo: own } : {}) }
}
