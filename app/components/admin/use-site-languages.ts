import { useRouteLoaderData } from 'react-router'

import { DEFAULT_LANGUAGES } from '#app/lib/languages.ts'

/** The site's languages, the main one first, as the admin's layout read them for this page. */
export function useSiteLanguages(): readonly string[] {
  const layout = useRouteLoaderData('routes/admin/_layout') as { languages?: readonly string[] } | undefined
  return layout?.languages ?? DEFAULT_LANGUAGES
}
