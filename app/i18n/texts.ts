/**
 * The public site's fixed texts (nav, buttons, labels, footer, cookie banner, forms, toasts, the 404 page) in each
 * language the site is made in (issue 28), through i18next: interpolation (`{{name}}`) and plurals by the
 * language's own rules (`_one`, `_other`: Intl.PluralRules). One catalogue folder per language (`en/`, `ml/`,
 * listed in catalogues.ts), its keys checked against English's by the type `Messages`, so a text missing from a
 * translation is a type error.
 * A site language with no catalogue (a congregation adding Tamil before its texts exist) gets English's texts;
 * its content is still its own.
 *
 * NOTE: public pages are server-rendered only (decision 0013): this runs on the server and adds nothing to a
 * page's script, so react-i18next's provider and hooks would only wrap what `usePageTexts()` does in one line.
 */
import i18next, { type TFunction } from 'i18next'

import { SOURCE_LANGUAGE } from '#app/lib/languages.ts'

import { CATALOGUES } from './catalogues.ts'

const i18n = i18next.createInstance()
void i18n.init({
  resources: Object.fromEntries(
    Object.entries(CATALOGUES).map(([code, { texts }]) => [code, { translation: texts }]),
  ),
  lng: SOURCE_LANGUAGE,
  fallbackLng: SOURCE_LANGUAGE,
  // Synchronous: the resources are in memory, and a page is made in one pass.
  initAsync: false,
  // React escapes what it renders; i18next escaping too would show `&amp;` in a heading.
  interpolation: { escapeValue: false },
  returnNull: false,
})

/** Each language's function, made once: a page asks for some 200 texts, most with no options. */
const fixedTexts = new Map<string, TFunction>()
/** Enough for every catalogue's keys; a text past it is looked up each time, as before. */
const MAX_REMEMBERED_TEXTS = 2_000

/**
 * i18next's function for `language`, remembering what a key without options gives: the catalogues never change
 * once loaded, and i18next's lookup (options merged, key resolved, fallbacks tried) was 5% of a home page's CPU.
 */
function rememberingTexts(language: string): TFunction {
  const translate = i18n.getFixedT(language) as unknown as (...args: unknown[]) => unknown
  const remembered = new Map<string, unknown>()
  const t = (key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return translate(key, ...rest)
    let text = remembered.get(key)
    if (text === undefined) {
      text = translate(key)
      if (remembered.size < MAX_REMEMBERED_TEXTS) remembered.set(key, text)
    }
    return text
  }
  return t as unknown as TFunction
}

/** The function that gives a fixed text in `language` (`t('footer.quickLinks')`), English where it has none. */
export function textsFor(language: string): TFunction {
  let t = fixedTexts.get(language)
  if (!t) {
    t = rememberingTexts(language)
    // A language named by a request is one of the site's, but a stray one is not kept.
    if (fixedTexts.size < 50) fixedTexts.set(language, t)
  }
  return t
}
