import type { RouterContextProvider } from 'react-router'

import { languageContext, type PageLanguage, runtimeContext } from '#app/context.ts'
import { type ContentTableName, TABLES } from '#app/content/registry.ts'
import { languagePath, localize, splitLanguagePath, type Translations } from '#app/lib/languages.ts'
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
  const languages = await readSiteLanguages(context.get(runtimeContext).db)
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
