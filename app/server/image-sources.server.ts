import type { Db } from '#app/db/database.server.ts'
import type { ImageSource } from '#app/lib/images.ts'
import { getMediaByUrls } from '#app/models/media.server.ts'
import { OWN_IMAGE_PATH } from '#app/schemas/fields.ts'

/** Dimensions used for images we know nothing about (a bundled picture): the common 3:2 photo. */
const UNKNOWN_SIZE = { width: 1200, height: 800 }

/**
 * Looks up every uploaded image among `urls` in one query and returns a resolver from an `image_url` to the
 * source set, dimensions and fallback a page renders.
 */
export async function loadImageSources({ db, urls }: { db: Db; urls: Array<string | null | undefined> }) {
  const media = await getMediaByUrls({ db, urls: urls.filter((url): url is string => Boolean(url)) })
  const byUrl = new Map(media.map((item) => [item.secure_url, item]))

  return function imageSource(url: string | null | undefined, fallback?: ImageSource): ImageSource | null {
    // An address on another host (kept from before such addresses were refused) is never put on a page: the
    // CSP would block it, and it would tell that host who visits.
    if (!url || !OWN_IMAGE_PATH.test(url)) return fallback ?? null
    const item = byUrl.get(url)
    if (!item)
      return { src: url, ...(fallback ? { width: fallback.width, height: fallback.height } : UNKNOWN_SIZE) }
    const variants = [...item.variants].sort((a, b) => a.width - b.width)
    return {
      src: item.secure_url,
      width: item.width,
      height: item.height,
      srcSet: variants.length > 1 ? variants.map((v) => `${v.url} ${v.width}w`).join(', ') : undefined,
    }
  }
}
