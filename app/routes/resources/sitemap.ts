import type { Route } from './+types/sitemap.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import { sitemapEntries, sitemapXml } from '#app/server/public-site.server.ts'

/** `/sitemap.xml`: every public page, with the date its content last changed. */
export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  const entries = await sitemapEntries({ db: runtime.db, clock: runtime.clock })
  return new Response(sitemapXml(context.get(requestContext).origin, entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'no-cache' },
  })
}
