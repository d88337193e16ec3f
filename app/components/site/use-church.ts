import { useRouteLoaderData } from 'react-router'

import { NAV_LINKS } from '#app/content/registry.ts'
import { textsFor } from '#app/i18n/texts.ts'
import { languageName, languagePath } from '#app/lib/languages.ts'
import { PUBLIC_LAYOUT_ID } from '#app/lib/page-meta.ts'
import type { loader } from '#app/routes/public/_layout.tsx'

/** The church's settings loaded once by the public layout, for any component below it. */
export function useChurch() {
  const data = useRouteLoaderData<typeof loader>(PUBLIC_LAYOUT_ID)
  if (!data) throw new Error('useChurch is only available inside the public layout')
  return data.church
}

/**
 * The page's language (issue 28) and, for a record shown in it, the `lang` a field's element needs: the main
 * language's code where the field had no translation (a screen reader then switches voice), nothing otherwise.
 */
export function usePageLanguage() {
  const data = useRouteLoaderData<typeof loader>(PUBLIC_LAYOUT_ID)
  if (!data) throw new Error('usePageLanguage is only available inside the public layout')
  const { language, languages, path, search } = data.site
  const main = languages[0] ?? 'en'
  return {
    language,
    languages,
    main,
    /** The page's address in the main language (`/events`), for the active link and the language switch. */
    path,
    /** A page's address (`/events`) in the page's language: `/ml/events`. */
    to: (pagePath: string) => languagePath(pagePath, language, languages),
    /** This very page in each other language (its query kept), for the language switch. */
    switches: languages
      .filter((code) => code !== language)
      // Named in the main language ("Malayalam", "English"): the main language's pages then carry no letter of
      // another script, so they never fetch its font (issue 28), and every page's way back reads as it always did.
      .map((code) => ({
        code,
        name: languageName(code, main),
        /** The name's own language where it is not the page's (a screen reader then says it in that voice). */
        lang: language !== main ? main : undefined,
        href: `${languagePath(path, code, languages)}${search}`,
      })),
    /** `lang` for a field of a record shown in the page's language: the main one's where it fell back. */
    langOf: (record: { untranslated?: readonly string[] }, field: string) =>
      language !== main && record.untranslated?.includes(field) ? main : undefined,
  }
}

/**
 * The page's language's addresses for components that may also render outside a page of the layout (the error
 * page, the cookie banner): a page's address unchanged where there is no page language.
 */
export function useLinkTo() {
  const data = useRouteLoaderData<typeof loader>(PUBLIC_LAYOUT_ID)
  return (pagePath: string) =>
    data ? languagePath(pagePath, data.site.language, data.site.languages) : pagePath
}

/**
 * The page's fixed texts in its language (issue 28): `const t = usePageTexts()`, then `t('footer.quickLinks')`.
 * Outside a page of the layout (the root's error page) they are English's.
 */
export function usePageTexts() {
  const data = useRouteLoaderData<typeof loader>(PUBLIC_LAYOUT_ID)
  return textsFor(data?.site.language ?? 'en')
}

/** The public navigation as this page links it: a page there only at times (the live page) only while it is. */
export function useNavLinks() {
  const data = useRouteLoaderData<typeof loader>(PUBLIC_LAYOUT_ID)
  const present = data?.site.present
  return NAV_LINKS.filter((link) => !link.when || present?.[link.when])
}
