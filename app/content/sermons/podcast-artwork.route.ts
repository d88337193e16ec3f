import type { Route } from './+types/podcast-artwork.route.ts'
import { runtimeContext } from '#app/context.ts'
import { getChurchInfo } from '#app/content/church-info/model.server.ts'
import { FALLBACK_CHURCH_NAME } from '#app/lib/church-text.ts'
import { artworkVersion, drawArtwork } from './podcast-artwork.server.ts'
import { artworkSource } from './podcast-feed.server.ts'
import { getSermonSeries } from './model.server.ts'

/**
 * `/sermons/podcast-art/<church|series id>/<version>.jpg`: a podcast's picture (`itunes:image`), a square JPEG.
 * Under the version its feed names it is kept a year (a new picture gets a new address); under an old one the
 * current picture is sent, revalidated every time.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  const version = /^([a-z\d]+)\.jpg$/.exec(params.file)?.[1]
  if (!version) throw notFound()
  const [info, series] = await Promise.all([
    getChurchInfo({ db: runtime.db }),
    params.key === 'church' ? null : getSermonSeries({ db: runtime.db, id: params.key }),
  ])
  if (params.key !== 'church' && !series) throw notFound()
  const source = artworkSource(
    { name: info?.name || FALLBACK_CHURCH_NAME, logo_url: info?.logo_url ?? null },
    series,
  )
  const current = artworkVersion(source)
  const headers = new Headers({
    'Content-Type': 'image/jpeg',
    ETag: `"${current}"`,
    'Cache-Control': version === current ? 'public, max-age=31536000, immutable' : 'public, no-cache',
  })
  if (request.headers.get('if-none-match') === `"${current}"`) {
    return new Response(null, { status: 304, headers })
  }
  const jpeg = await drawArtwork(runtime.storage, source)
  headers.set('Content-Length', String(jpeg.length))
  return new Response(new Uint8Array(jpeg), { headers })
}

function notFound() {
  return new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' },
  })
}
