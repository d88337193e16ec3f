/**
 * The site's languages (issue 28, decision 0024): an ordered list of BCP 47 codes in church info, the first the
 * main one. The main language is served at the site's addresses as they are; every other at a prefix (`/ml/…`).
 * A record's words in another language are kept beside it, per field: `{ "ml": { "name": "…" } }`.
 */

/**
 * A record's translations: language → field → text. Only fields that have a translation are present. A list field
 * (a ministry's activities) is kept as its items' text, one per line.
 */
export type Translations = Record<string, Record<string, string>>

/** A list field's translation as its items: one per line, blank lines left out. */
export function translatedLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
}

/**
 * The language the site's own words are written in, named here once (issue 46): the code's messages, the first
 * catalogue of fixed texts (app/i18n/en/) that every other is checked against, the hand-written rules of
 * repeating dates. Another language gets its words from its catalogue and Intl.
 */
export const SOURCE_LANGUAGE = 'en'
/** How Intl writes the source language here: as Ireland does ("Sunday 22 November 2026"). */
const SOURCE_LOCALE = 'en-IE'

/** The languages of a site that has not chosen any. */
export const DEFAULT_LANGUAGES: readonly string[] = [SOURCE_LANGUAGE]

/** At most so many languages: each is a set of pages to keep and a column of every form. */
export const MAX_LANGUAGES = 10

/**
 * The first parts of the site's own addresses outside its pages (app/routes.ts, server.js, host/app.ts): a language
 * of one of these codes would put its pages under an address the site answers otherwise (`/api/…`, `/og/…`), and
 * they would be out of reach. Only those shaped like a language code matter; the rest are here for the record.
 */
export const RESERVED_PATH_SEGMENTS: readonly string[] = [
  'admin',
  'api',
  'assets',
  'healthz',
  'icons',
  'images',
  'media',
  'og',
]

/** The canonical form of a BCP 47 language tag (`EN-gb` → `en-GB`), or null when it is not one. */
export function canonicalLanguage(code: unknown): string | null {
  if (typeof code !== 'string' || !/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(code.trim())) return null
  try {
    return Intl.getCanonicalLocales(code.trim())[0] ?? null
  } catch {
    return null
  }
}

/** A language's own name for itself ("മലയാളം"), as the language switch shows it. */
export function languageName(code: string, inLanguage: string = code): string {
  // Every public page names the other languages; making Intl.DisplayNames each time was 1.5% of its CPU.
  const key = `${code} ${inLanguage}`
  let name = languageNames.get(key)
  if (name === undefined) {
    name = nameOfLanguage(code, inLanguage)
    if (languageNames.size < 500) languageNames.set(key, name)
  }
  return name
}

const languageNames = new Map<string, string>()

function nameOfLanguage(code: string, inLanguage: string): string {
  try {
    const name = new Intl.DisplayNames([inLanguage], { type: 'language' }).of(code)
    return name ? name.charAt(0).toLocaleUpperCase(inLanguage) + name.slice(1) : code
  } catch {
    return code
  }
}

/** The site's languages from what church info stores: a list of codes, the main one first. */
export function siteLanguages(stored: unknown): readonly string[] {
  return Array.isArray(stored) && stored.length > 0 && stored.every((code) => typeof code === 'string')
    ? stored
    : DEFAULT_LANGUAGES
}

/**
 * A path's language and the path in the main language: `/ml/events/1` → `{ language: 'ml', path: '/events/1' }`
 * on a site whose languages are `['en', 'ml']`. A path without one of the other languages' prefixes is the main
 * language's.
 */
export function splitLanguagePath(pathname: string, languages: readonly string[]) {
  const [main = 'en', ...others] = languages
  const first = pathname.split('/')[1] ?? ''
  const language = others.find((code) => code.toLowerCase() === first.toLowerCase())
  if (!language) return { language: main, path: pathname }
  const rest = pathname.slice(first.length + 1)
  return { language, path: rest === '' ? '/' : rest }
}

/** The address of a main-language path (`/events/1`) in `language`: `/ml/events/1`, or itself for the main one. */
export function languagePath(path: string, language: string, languages: readonly string[]) {
  if (language === languages[0]) return path
  return path === '/' ? `/${language}` : `/${language}${path}`
}

/**
 * A record with its translatable fields in `language` (one of the other languages) where a translation exists, each other field in the main
 * language; `untranslated` names the translatable fields that fell back (a page marks them `lang` of the main
 * language, so a screen reader switches voice). A list field (its main value a list) takes its translation's
 * lines as its items.
 */
export function localize<R extends { translations?: Translations }>(
  record: R,
  language: string,
  fields: readonly string[],
): R & { untranslated: string[] } {
  const words = record.translations?.[language]
  const localized: Record<string, unknown> = { ...record }
  const untranslated: string[] = []
  for (const field of fields) {
    const main = localized[field]
    const text = words?.[field]
    const translated = typeof text !== 'string' ? null : Array.isArray(main) ? translatedLines(text) : text
    if (translated !== null && translated.length > 0) localized[field] = translated
    else if (!isEmpty(main)) untranslated.push(field)
  }
  return { ...(localized as R), untranslated }
}

function isEmpty(value: unknown) {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
}

/**
 * Intl's locale for a site language: the source language's as the site has always written it (`en-IE`), another
 * its usual region when it has one (`ml` → `ml-IN`).
 */
export function intlLocale(language: string) {
  if (isSourceLanguage(language)) return SOURCE_LOCALE
  try {
    const locale = new Intl.Locale(language).maximize()
    return locale.region ? `${locale.language}-${locale.region}` : language
  } catch {
    return language
  }
}

/**
 * A form's text of language codes as the list church info stores (`"en, ml"` → `['en', 'ml']`): codes
 * separated by commas, spaces or lines. The list's own checks (church info's schema) say what is wrong with it.
 */
export function languageList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((code) => code.trim())
    .filter(Boolean)
}

/** Whether a language is the source language (`en`, `en-IE`): the one the site's own hand-written words are in. */
export function isSourceLanguage(language: string) {
  return language.split('-')[0] === SOURCE_LANGUAGE
}
