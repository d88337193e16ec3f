import type { Db } from '#app/db/database.server.ts'
import { pageWords } from '#app/i18n/pages.ts'
import type { Clock } from '#app/lib/clock.ts'
import { officeHoursRows, summarise, textLines } from '#app/lib/church-text.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import { FALLBACK_IMAGES } from '#app/lib/images.ts'
import { type PublicLayoutData, shareCard } from '#app/lib/page-meta.ts'
import { countryName, DEFAULT_COUNTRY, formatPhone, whatsAppUrl } from '#app/lib/phone.ts'
import { sanitizeHtml } from '#app/lib/sanitize-html.server.ts'
import { absoluteUrl, type ShareCard, SITE_THEME, themeHex } from '#app/lib/seo.ts'
import { isSitePageKey, pagePath, SITE_PAGES } from '#app/content/registry.ts'
import { listServices } from '#app/content/services/model.server.ts'
import { FALLBACK_CHURCH_NAME } from '#app/lib/church-text.ts'
import { socialLinks } from '#app/lib/social-links.ts'
import { getChurchInfo } from '#app/content/church-info/model.server.ts'
import { latestContentChanges } from '#app/models/content-dates.server.ts'
import { RECORD_PAGES, recordOfShareKey } from './record-pages.server.ts'
import { loadImageSources } from '#app/server/image-sources.server.ts'
import { inLocale } from '#app/models/locale.server.ts'
import { oncePerContentVersion } from '#app/db/content-version.server.ts'
import type { PageLanguage } from '#app/context.ts'
import { DEFAULT_LANGUAGES, languagePath, siteLanguages } from '#app/lib/languages.ts'
import { escapeXml } from '#app/lib/escape.ts'

/**
 * The church's public settings and where the site is reached: what the public layout gives every page, and
 * what share images, the sitemap and the web app manifest are made from.
 */
export async function loadPublicSite({
  db,
  origin,
  siteAddress,
  language,
  givingOn = false,
}: {
  db: Db
  /** Whether giving is on (Stripe's keys or bank details): the navigation links the giving page only then. */
  givingOn?: boolean
  /** Where pages' absolute addresses point: the site's address, or until it is known the request's own. */
  origin: string
  /** The site's address when known (decision 0018): share images name it, and nothing else. */
  siteAddress: string | null
  /** The page's language (a share image, the sitemap and the manifest are made in the main language). */
  language?: PageLanguage
}) {
  // What it shows of the content changes only with it: read and shaped once, not on every page.
  const { languages, inLanguage, locale, streamed, church } = await oncePerContentVersion(
    db,
    language ? `public site ${language.language} ${language.languages.join()}` : 'public site',
    () => readChurch({ db, language }),
  )
  const site = {
    // A share image names the host only when it is the site's own: one picture per card, whatever Host asked.
    site: {
      origin,
      host: siteAddress ? new URL(siteAddress).host : '',
      locale,
      /** The page's language, the site's languages (the main one first) and the page's main-language path. */
      language: inLanguage,
      languages,
      path: language?.path ?? '/',
      /** The page's query string as kept (`?category=worship`, or ''), carried by the language switch. */
      search: language?.search ?? '',
      /** False for an address whose first part names no language: the layout shows the 404 page. */
      known: language?.known ?? true,
      /** Pages there only at times that are there now (the live page while a service is streamed). */
      present: { streamed, giving: givingOn },
    },
    church,
  }
  // What every page's meta reads of it (lib/page-meta.ts), checked here.
  return site satisfies PublicLayoutData
}

export type PublicSite = Awaited<ReturnType<typeof loadPublicSite>>

/** The church's settings as the public pages show them in `language` (the main one without), and its languages. */
async function readChurch({ db, language }: { db: Db; language?: PageLanguage }) {
  const [stored, services] = await Promise.all([getChurchInfo({ db }), listServices({ db })])
  const languages = language?.languages ?? siteLanguages(stored?.languages)
  const inLanguage = language?.language ?? languages[0]!
  const info = stored && inLocale('church_info', [stored], { language: inLanguage, languages })[0]!
  const imageSource = await loadImageSources({ db, urls: [info?.logo_url] })
  const country = info?.country ?? DEFAULT_COUNTRY
  const description = sanitizeHtml(info?.description)
  return {
    languages,
    inLanguage,
    locale: mainLocale(languages[0], country),
    streamed: services.some((service) => service.streamed),
    church: {
      name: info?.name || FALLBACK_CHURCH_NAME,
      subtitle: info?.subtitle ?? null,
      tagline: info?.tagline ?? null,
      description,
      summary: summarise(htmlToText(description)),
      address: info?.address ?? null,
      streetAddress: info?.street_address ?? null,
      locality: info?.address_locality ?? null,
      postalCode: info?.postal_code ?? null,
      country,
      countryName: countryName(country),
      email: info?.email ?? null,
      /** International form, '+353214320199', and as shown, '+353 21 432 0199'. */
      phone: info?.phone ?? null,
      phoneDisplay: info?.phone ? formatPhone(info.phone) : null,
      whatsAppUrl: info?.whatsapp_number ? whatsAppUrl(info.whatsapp_number) : null,
      officeHours: officeHoursRows(info?.office_hours),
      publicTransport: textLines(info?.public_transport),
      parking: textLines(info?.parking),
      social: socialLinks(info),
      latitude: info?.latitude ?? null,
      longitude: info?.longitude ?? null,
      logo: imageSource(info?.logo_url, FALLBACK_IMAGES.logo)!,
    },
  }
}

/** Open Graph's locale of the main language: its own region, else the church's country (`en` in Ireland: `en_IE`). */
function mainLocale(code: string | undefined, country: string) {
  try {
    const locale = new Intl.Locale(code ?? 'en')
    return `${locale.language}_${locale.region ?? country}`
  } catch {
    return `en_${country}`
  }
}

/**
 * The share card behind `/og/<key>.jpg` (or `/og/<language>/<key>.jpg`, `site` then being made in that language):
 * a page of SITE_PAGES, a record's page whose kind makes it a card ('events/<id>', 'sermons/<id>'), or null. Its words are those
 * of the page that names it, so the picture's fingerprint is the page's.
 */
export async function shareCardFor({
  db,
  site,
  key,
}: {
  db: Db
  site: PublicSite
  key: string
}): Promise<ShareCard | null> {
  const { language, languages } = site.site
  if (isSitePageKey(key)) return shareCard(site, pageWords(key, language).title)
  // A record's page (`events/<id>`): its kind says what its card shows (record-pages.server.ts).
  const named = recordOfShareKey(key)
  const found = named && (await named.card({ db, id: named.id, locale: { language, languages } }))
  return found ? shareCard(site, found.record.title, found.image) : null
}

export interface SitemapEntry {
  path: string
  /** ISO 8601, or null when nothing it shows has a date. */
  lastmod: string | null
}

/**
 * Every public page with the date of the newest content it shows (church info shows on every page), and each
 * record's page that is there now (an event still to come or repeating, a published sermon, a series), with the
 * date it last changed, as its kind lists them (a kind's `record-pages.server.ts`).
 */
export async function sitemapEntries({ db, clock }: { db: Db; clock: Clock }): Promise<SitemapEntry[]> {
  const [changed, services] = await Promise.all([latestContentChanges({ db }), listServices({ db })])
  const records = await Promise.all(
    RECORD_PAGES.map(async ({ key, page }) => ({ key, records: await page.sitemap({ db, clock, changed }) })),
  )
  // A page there only at times is listed only then (the live page while a service is streamed).
  const present = { streamed: services.some((service) => service.streamed) }
  const newest = (...dates: Array<string | null>) =>
    dates
      .filter((date): date is string => date !== null)
      .sort()
      .at(-1) ?? null
  return [
    ...Object.values(SITE_PAGES)
      .filter((page) => !page.when || present[page.when])
      .map((page) => ({
        path: page.path,
        lastmod: newest(changed.church_info, ...page.shows.map((table) => changed[table])),
      })),
    // Each record's own page (an event's, a sermon's), as its kind lists them (record-pages.server.ts).
    ...records.flatMap(({ key, records }) =>
      records.map(({ id, dates }) => ({
        path: pagePath(key, { id }),
        lastmod: newest(changed.church_info, ...dates),
      })),
    ),
  ]
}

/**
 * The sitemap protocol's XML (sitemaps.org/protocol.html), with absolute addresses. A site with several languages
 * lists each page at each language's address, each naming all of them and `x-default` (the main language's) as
 * its alternates (`xhtml:link`, the form search engines read for translated pages); one language, none.
 */
export function sitemapXml(
  origin: string,
  entries: readonly SitemapEntry[],
  languages: readonly string[] = DEFAULT_LANGUAGES,
) {
  const several = languages.length > 1
  const link = (hreflang: string, path: string) =>
    `    <xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(absoluteUrl(origin, path))}"/>\n`
  const urls = entries.flatMap((entry) => {
    const alternates = several
      ? languages.map((code) => link(code, languagePath(entry.path, code, languages))).join('') +
        link('x-default', entry.path)
      : ''
    return (several ? languages : languages.slice(0, 1)).map(
      (code) =>
        `  <url>\n    <loc>${escapeXml(absoluteUrl(origin, languagePath(entry.path, code, languages)))}</loc>\n` +
        (entry.lastmod ? `    <lastmod>${escapeXml(entry.lastmod)}</lastmod>\n` : '') +
        alternates +
        '  </url>\n',
    )
  })
  const namespaces = `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${
    several ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : ''
  }`
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${namespaces}>\n${urls.join('')}</urlset>\n`
}

/** robots.txt: everything but the admin area and the API, and where the sitemap is. */
export function robotsTxt(origin: string) {
  return `User-agent: *\nDisallow: /admin\nDisallow: /api/\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`
}

/** The icons of the web app manifest and the home-screen icon, drawn by /icons/<name> from the logo. */
export const APP_ICONS = {
  'icon-192.png': { size: 192, maskable: false },
  'icon-512.png': { size: 512, maskable: false },
  'maskable-512.png': { size: 512, maskable: true },
  'apple-touch-icon.png': { size: 180, maskable: false },
} as const

export type AppIconName = keyof typeof APP_ICONS

export function isAppIconName(name: string): name is AppIconName {
  return Object.hasOwn(APP_ICONS, name)
}

/** The web app manifest: the church's name, its colour and icons, opening on the home page. */
export function webManifest({ church }: PublicSite, iconVersion: string) {
  const icon = (name: AppIconName) => ({
    src: `/icons/${name}?v=${iconVersion}`,
    sizes: `${APP_ICONS[name].size}x${APP_ICONS[name].size}`,
    type: 'image/png',
    purpose: APP_ICONS[name].maskable ? 'maskable' : 'any',
  })
  return {
    name: church.name,
    short_name: church.name.length <= 12 ? church.name : church.name.split(/\s+/)[0].slice(0, 12),
    description: church.summary || undefined,
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: themeHex(SITE_THEME),
    icons: [icon('icon-192.png'), icon('icon-512.png'), icon('maskable-512.png')],
  }
}

/** What the app icons are drawn from: the logo's address (the bundled default when the church has none). */
export function iconLogo(site: PublicSite) {
  return site.church.logo.src
}
