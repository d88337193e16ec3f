import type { Route } from './+types/share-image.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import { shareCardVersion } from '#app/lib/seo.ts'
import { loadPublicSite, shareCardFor } from '#app/server/public-site.server.ts'
import { shareImagesFor } from '#app/server/share-images.server.ts'
import { splitLanguagePath } from '#app/lib/languages.ts'
import { readSiteLanguages } from '#app/models/translations.server.ts'

/**
 * `/og/<key>.jpg?v=<fingerprint>`: a page's share image (og:image), 1200×630 JPEG; `/og/<language>/<key>.jpg`
 * the same page's in another of the site's languages (`/og/ml/events.jpg`), drawn in it. Under the fingerprint
 * its page names it is kept for a year (a change of what it shows changes the address); under any other, or
 * none, it is revalidated every time.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  const languages = await readSiteLanguages({ db: runtime.db })
  const { language, path } = splitLanguagePath(new URL(request.url).pathname.slice('/og'.length), languages)
  const key = /^\/([a-z\d-]+(?:\/[\w-]+)?)\.jpg$/.exec(path)?.[1]
  if (!key) throw notFound()
  const site = await loadPublicSite({
    db: runtime.db,
    origin: context.get(requestContext).origin,
    siteAddress: await context.get(runtimeContext).siteAddress.get(),
    language: { language, languages, path: '/', search: '', known: true },
  })
  const card = await shareCardFor({ db: runtime.db, site, key })
  if (!card) throw notFound()
  const version = shareCardVersion(card)
  const headers = new Headers({
    'Content-Type': 'image/jpeg',
    ETag: `"${version}"`,
    'Cache-Control':
      new URL(request.url).searchParams.get('v') === version
        ? 'public, max-age=31536000, immutable'
        : 'public, no-cache',
  })
  if (request.headers.get('if-none-match') === `"${version}"`)
    return new Response(null, { status: 304, headers })
  const jpeg = await shareImagesFor(runtime.storage).draw(card)
  headers.set('Content-Length', String(jpeg.length))
  return new Response(new Uint8Array(jpeg), { headers })
}

function notFound() {
  return new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' },
  })
}
