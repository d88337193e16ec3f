/**
 * A public page's meta tags from the site's pages (SITE_PAGES) and their words in the page's language: what the
 * pages' `meta` functions call. The public layout's data they read is lib/page-meta.ts's.
 */
import type { MetaDescriptor } from 'react-router'
import type { Thing, WithContext } from 'schema-dts'

import { pageWords } from '#app/i18n/pages.ts'
import { textsFor } from '#app/i18n/texts.ts'
import { languagePath } from '#app/lib/languages.ts'
import {
  type MetaArgs,
  pageLanguageTag,
  type PublicLayoutData,
  publicLayoutData,
  shareCard,
} from '#app/lib/page-meta.ts'
import {
  absoluteUrl,
  churchJsonLd,
  fingerprint,
  pageTitle,
  SHARE_IMAGE_SIZE,
  seoMeta,
  type SeoPage,
  shareImagePath,
  webPageJsonLd,
} from '#app/lib/seo.ts'

import { SITE_PAGES, type SitePageKey } from './registry.ts'

/** The fixed texts in the page's language, for words a page's meta adds (a feed's name). */
export function metaTexts(matches: MetaArgs['matches']) {
  return textsFor(publicLayoutData(matches)?.site.language ?? 'en')
}

/** A page that is not one of SITE_PAGES (an event's own page): its own path, title, words and picture. */
export interface OwnPage {
  path: string
  title: string
  description: string
  /** The key of its share image under /og/ ('events/<id>'), drawn from `photo` when it has one. */
  shareImage: { key: string; photo?: string | null; alt?: string }
  type?: SeoPage['type']
}

/**
 * A public page's tags: title and description, canonical address, Open Graph and Twitter card with its share
 * image, and structured data (`church: true` adds the Church block). An error answer gets none of them: the
 * error page says noindex itself (SiteError).
 */
export function pageMeta(
  { matches, error }: MetaArgs,
  page: SitePageKey | OwnPage,
  options: { church?: boolean; jsonLd?: ReadonlyArray<WithContext<Thing>> } = {},
): MetaDescriptor[] {
  const data = publicLayoutData(matches)
  // An address whose first part names no language is the 404 page: it says noindex itself (SiteError).
  if (error || !data || !data.site.known) return []
  const { church, site } = data
  const own = typeof page === 'string' ? null : page
  const known = typeof page === 'string' ? SITE_PAGES[page] : null
  // A page's own title and description in the page's language (issue 28).
  const words = typeof page === 'string' ? pageWords(page, site.language) : null
  const title = own?.title ?? words!.title
  const key = own?.shareImage.key ?? (page as SitePageKey)
  const card = shareCard(data, title, own?.shareImage.photo)
  const image = {
    url: shareImagePath(key, card),
    ...SHARE_IMAGE_SIZE,
    alt: own?.shareImage.alt ?? (title ? `${title} · ${church.name}` : church.name),
  }
  const description =
    own?.description ??
    (page === 'home' && church.summary
      ? church.summary
      : words!.description.replaceAll('{church}', church.name))
  const { language, languages } = site
  const path = own?.path ?? known!.path
  const jsonLd = [
    ...(options.church
      ? [
          churchBlock(data),
          // The Church (a Place) has no language: the page describing it says which its words are in.
          webPageJsonLd({
            type: page === 'about' ? 'AboutPage' : page === 'contact' ? 'ContactPage' : 'WebPage',
            url: absoluteUrl(site.origin, languagePath(path, language, languages)),
            name: pageTitle({ name: church.name }, title),
            description,
            inLanguage: pageLanguageTag(site),
            about: churchId(data),
          }),
        ]
      : []),
    ...(options.jsonLd ?? []),
  ]
  const localeOf = (code: string) => (code === languages[0] ? site.locale : ogLocale(code))
  return [
    ...seoMeta(
      {
        origin: site.origin,
        name: church.name,
        locale: localeOf(language),
        localeAlternates: languages.filter((code) => code !== language).map(localeOf),
      },
      {
        path: languagePath(path, language, languages),
        title,
        description,
        image,
        type: own?.type,
        jsonLd,
        alternates:
          languages.length > 1
            ? [
                ...languages.map((code) => ({ hreflang: code, path: languagePath(path, code, languages) })),
                { hreflang: 'x-default', path },
              ]
            : [],
      },
    ),
    // "Add to Home Screen": the manifest and the icon iOS asks for, both drawn from the logo.
    { tagName: 'link', rel: 'manifest', href: '/manifest.webmanifest' },
    {
      tagName: 'link',
      rel: 'apple-touch-icon',
      href: `/icons/apple-touch-icon.png?v=${fingerprint(church.logo.src)}`,
    },
  ]
}

/** The Church block, its words in the page's language; its picture is the home page's share image. */
function churchBlock(data: PublicLayoutData) {
  const { church, site } = data
  return churchJsonLd({
    origin: site.origin,
    home: languagePath('/', site.language, site.languages),
    name: church.name,
    description: church.summary || null,
    logo: absoluteUrl(site.origin, church.logo.src),
    image: absoluteUrl(site.origin, shareImagePath('home', shareCard(data, ''))),
    telephone: church.phone,
    email: church.email,
    address: church.address,
    streetAddress: church.streetAddress,
    locality: church.locality,
    postalCode: church.postalCode,
    country: church.country,
    countryName: church.countryName,
    latitude: church.latitude,
    longitude: church.longitude,
    sameAs: church.social.map((link) => link.url),
  })
}

/** The `@id` of the Church block of a page in the page's language (`https://church.example/ml#church`). */
function churchId({ site }: PublicLayoutData) {
  return `${absoluteUrl(site.origin, languagePath('/', site.language, site.languages))}#church`
}

/** Open Graph's form of a language (`ml` → `ml_IN`): its likeliest region when the code names none. */
function ogLocale(code: string) {
  try {
    const locale = new Intl.Locale(code).maximize()
    return locale.region ? `${locale.language}_${locale.region}` : locale.language
  } catch {
    return code.replace('-', '_')
  }
}
