import type { Route } from './+types/sitemap.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import { readSiteLanguages } from '#app/models/translations.server.ts'
import { sitemapEntries, sitemapXml } from '#app/server/public-site.server.ts'

/** `/sitemap.xml`: every public page in each of the site's languages, with the date its content last changed. */
export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  const [entries, languages] = await Promise.all([
    sitemapEntries({ db: runtime.db, clock: runtime.clock }),
    readSiteLanguages({ db: runtime.db }),
  ])
  return new Response(sitemapXml(context.get(requestContext).origin, entries, languages), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'no-cache' },
  })
}
