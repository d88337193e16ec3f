import type { Route } from './+types/app-icon.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import { fingerprint } from '#app/lib/seo.ts'
import { APP_ICONS, iconLogo, isAppIconName, loadPublicSite } from '#app/server/public-site.server.ts'
import { shareImagesFor } from '#app/server/share-images.server.ts'

/** `/icons/<name>.png?v=<fingerprint>`: the web app manifest's icons and the home-screen icon, from the logo. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  const name = params.name
  if (!isAppIconName(name)) {
    throw new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
  }
  const site = await loadPublicSite({
    db: runtime.db,
    origin: context.get(requestContext).origin,
    siteAddress: await context.get(runtimeContext).siteAddress.get(),
  })
  const logo = iconLogo(site)
  const version = fingerprint(logo)
  const headers = new Headers({
    'Content-Type': 'image/png',
    ETag: `"${version}"`,
    'Cache-Control':
      new URL(request.url).searchParams.get('v') === version
        ? 'public, max-age=31536000, immutable'
        : 'public, no-cache',
  })
  if (request.headers.get('if-none-match') === `"${version}"`)
    return new Response(null, { status: 304, headers })
  const { size, maskable } = APP_ICONS[name]
  const png = await shareImagesFor(runtime.storage).icon(logo, size, maskable)
  headers.set('Content-Length', String(png.length))
  return new Response(new Uint8Array(png), { headers })
}
