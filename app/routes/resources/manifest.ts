import type { Route } from './+types/manifest.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import { fingerprint } from '#app/lib/seo.ts'
import { iconLogo, loadPublicSite, webManifest } from '#app/server/public-site.server.ts'

/** `/manifest.webmanifest`: the church's name, colour and icons for "Add to Home Screen". */
export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  const site = await loadPublicSite({
    db: runtime.db,
    origin: context.get(requestContext).origin,
    siteAddress: await context.get(runtimeContext).siteAddress.get(),
  })
  return new Response(JSON.stringify(webManifest(site, fingerprint(iconLogo(site)))), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'no-cache' },
  })
}
