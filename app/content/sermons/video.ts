/**
 * A sermon's video address (YouTube or Vimeo, as staff pasted it) as the player the page swaps in on a click:
 * YouTube through youtube-nocookie.com, Vimeo with "do not track". Nothing here is fetched before the visitor
 * asks: the page shows its own box and a link until then.
 */
export interface SermonVideo {
  provider: 'YouTube' | 'Vimeo'
  /** The address staff gave (the link without JavaScript). */
  url: string
  /** The player's address, for the iframe and for JSON-LD's embedUrl. */
  embedUrl: string
}

/** The hosts the page may frame once the visitor has clicked (host/app.ts names them in frame-src). */
export const VIDEO_EMBED_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const

const YOUTUBE_ID = /^[\w-]{6,20}$/
const VIMEO_ID = /^\d{3,12}$/

export function sermonVideo(address: string | null): SermonVideo | null {
  if (!address) return null
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return null
  }
  if (!/^https?:$/.test(url.protocol)) return null
  const host = url.hostname.toLowerCase().replace(/^(?:www\.|m\.)/, '')
  const parts = url.pathname.split('/').filter(Boolean)
  if (host === 'youtube.com' || host === 'youtu.be' || host === 'youtube-nocookie.com') {
    const id =
      host === 'youtu.be'
        ? parts[0]
        : parts[0] && ['embed', 'shorts', 'live', 'v'].includes(parts[0])
          ? parts[1]
          : url.searchParams.get('v')
    if (!id || !YOUTUBE_ID.test(id)) return null
    return {
      provider: 'YouTube',
      url: address,
      embedUrl: `${VIDEO_EMBED_ORIGINS[0]}/embed/${id}`,
    }
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = parts.find((part) => VIMEO_ID.test(part))
    if (!id) return null
    return { provider: 'Vimeo', url: address, embedUrl: `${VIDEO_EMBED_ORIGINS[1]}/video/${id}?dnt=1` }
  }
  return null
}
