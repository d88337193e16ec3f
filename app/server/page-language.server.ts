import type { RouterContextProvider } from 'react-router'

import { languageContext, type PageLanguage, runtimeContext } from '#app/context.ts'
import { languagePath, splitLanguagePath } from '#app/lib/languages.ts'
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
