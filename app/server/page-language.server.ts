import type { RouterContextProvider } from 'react-router'

import { languageContext, type PageLanguage, runtimeContext } from '#app/context.ts'
import { type ContentTableName, TABLES } from '#app/content/registry.ts'
import { languagePath, localize, splitLanguagePath, type Translations } from '#app/lib/languages.ts'
import type { Db } from '#app/db/database.server.ts'
import { readSiteLanguages } from '#app/models/translations.server.ts'

/**
 * The public layout's middleware: the page's language from its address (issue 28). `params.lang` is the first
 * part of the address when the route has one (`/ml/events`, but also `/wp-login.php`, which only a language's
 * prefix could match): it must name one of the site's other languages, or the page is the site's 404.
 */
export async function setPageLanguage({
  request,
  params,
  context,
}: {
  request: Request
  params: { lang?: string }
  context: Readonly<RouterContextProvider>
}) {
  const languages = await readSiteLanguages({ db: context.get(runtimeContext).db })
  const { pathname, search } = new URL(request.url)
  const { language, path } = splitLanguagePath(pathname, languages)
  const known = params.lang === undefined || language !== languages[0]
  context.set(languageContext, { language, languages, path: known ? path : pathname, search, known })
}

/** The language the page is made in (set by the public layout's middleware). */
export function pageLanguage(context: Readonly<RouterContextProvider>): PageLanguage {
  return context.get(languageContext)
}

/** The records as the page shows them: in its language field by field (`untranslated` names the fallbacks). */
export function inPageLanguage<R extends { translations?: Translations }>(
  context: Readonly<RouterContextProvider>,
  table: ContentTableName,
  records: readonly R[],
): Array<R & { untranslated: string[] }> {
  const { language, languages } = pageLanguage(context)
  if (language === languages[0]) return records.map((record) => ({ ...record, untranslated: [] }))
  const fields = TABLES[table].translate ?? []
  return records.map((record) => localize(record, language, fields))
}

/** A page's address (`/sermons`) in the language of the page being made: `/ml/sermons`. */
export function pageLinkTo(context: Readonly<RouterContextProvider>) {
  const { language, languages } = pageLanguage(context)
  return (path: string) => languagePath(path, language, languages)
}

/**
 * The language of a feed or download (a calendar): the main one at its own address, another at its prefix
 * (`/ml/calendar.ics`, whose route gives `lang`). A prefix that names none of the site's other languages is a 404,
 * as for a page.
 */
export async function feedLanguage({ db, lang }: { db: Db; lang: string | undefined }) {
  const languages = await readSiteLanguages({ db })
  const main = languages[0]!
  if (lang === undefined) return { language: main, languages }
  const { language } = splitLanguagePath(`/${lang}`, languages)
  if (language === main) {
    throw new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' },
    })
  }
  return { language, languages }
}

/** `records` with their translatable fields in `language` where translated (the main language: as they are). */
export function inLanguage<R extends { translations?: Translations }>(
  { language, languages }: { language: string; languages: readonly string[] },
  table: ContentTableName,
  records: readonly R[],
): R[] {
  if (language === languages[0]) return [...records]
  const fields = TABLES[table].translate ?? []
  return records.map((record) => localize(record, language, fields))
}
