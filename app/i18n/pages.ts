/**
 * The pages' own words in each language: their label in the navigation, their title and meta description. English's
 * are the pages' declarations (app/content/<kind>/content.ts); another language's are in its catalogue, by page
 * key, falling back to the declaration's one by one.
 */
import { NAV_LINKS, type PageKey, SITE_PAGES, isSitePageKey } from '#app/content/registry.ts'

import { CATALOGUES } from './catalogues.ts'

/** A page's words in `language`: each the translation where there is one, English's declaration otherwise. */
export function pageWords(key: PageKey, language: string) {
  const link = NAV_LINKS.find((candidate) => candidate.key === key)
  const meta = isSitePageKey(key) ? SITE_PAGES[key] : undefined
  const translated = CATALOGUES[language.split('-')[0]]?.pages?.[key] ?? {}
  return {
    nav: translated.nav ?? link?.label ?? '',
    footerLabel: translated.footerLabel ?? translated.nav ?? link?.footerLabel ?? '',
    title: translated.title ?? meta?.title ?? '',
    description: translated.description ?? meta?.description ?? '',
  }
}
