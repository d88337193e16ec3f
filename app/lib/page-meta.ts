import { type ShareCard } from './seo.ts'
import { FALLBACK_CHURCH_NAME } from './church-text.ts'

/** The route id React Router gives the public layout (its file path). */
export const PUBLIC_LAYOUT_ID = 'routes/public/_layout'

/** What the public layout's loader gives every page's meta (routes/public/_layout.tsx). */
export interface PublicLayoutData {
  site: {
    origin: string
    host: string
    locale: string
    /** The page's language and the site's languages, the main one first (issue 28). */
    language: string
    languages: readonly string[]
    /** The page's address in the main language (`/events`), and its query string ('' for none). */
    path: string
    search: string
    known: boolean
  }
  church: {
    name: string
    subtitle: string | null
    tagline: string | null
    /** The welcome text as plain text, for descriptions. */
    summary: string
    address: string | null
    /** The address in parts (schema.org PostalAddress), each null until staff fill it. */
    streetAddress: string | null
    locality: string | null
    postalCode: string | null
    country: string
    countryName: string
    email: string | null
    /** International form, '+353214320199'. */
    phone: string | null
    social: ReadonlyArray<{ url: string }>
    latitude: number | null
    longitude: number | null
    logo: { src: string }
  }
}

interface MetaMatch {
  id: string
  loaderData?: unknown
}

export interface MetaArgs {
  matches: ReadonlyArray<MetaMatch | undefined>
  error?: unknown
}

/** The public layout's data as a page's meta sees it; absent on error pages above the layout. */
export function publicLayoutData(matches: MetaArgs['matches']) {
  const layout = matches.find((match) => match?.id === PUBLIC_LAYOUT_ID)
  return layout?.loaderData as PublicLayoutData | undefined
}

/** The church's name as the public layout loaded it, for page titles. */
export function churchNameFrom(matches: MetaArgs['matches']) {
  return publicLayoutData(matches)?.church.name ?? FALLBACK_CHURCH_NAME
}

/**
 * The language a page's words are in as a BCP 47 tag, for `<html lang>` and structured data's `inLanguage`: the
 * main language's pages keep their regional tag (`en-IE`, from the Open Graph locale); another language's is its
 * code (`ml`).
 */
export function pageLanguageTag(site: Pick<PublicLayoutData['site'], 'language' | 'languages' | 'locale'>) {
  return site.language === site.languages[0] ? site.locale.replace('_', '-') : site.language
}

/** The share card of a page: the church's name and logo with the page's title (or the church's own line). */
export function shareCard(data: PublicLayoutData, title: string, photo?: string | null): ShareCard {
  const { church, site } = data
  return {
    name: church.name,
    subtitle: church.subtitle,
    title: title || church.tagline || church.subtitle || church.name,
    logo: church.logo.src,
    host: site.host,
    photo: photo ?? null,
    // Drawn in the page's language, at an address of its own (issue 28); the main language's as before.
    ...(site.language !== site.languages[0] ? { language: site.language } : {}),
  }
}
