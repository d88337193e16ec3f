import type { CreativeWork, PodcastEpisode, WithContext } from 'schema-dts'

import { languagePath } from '#app/lib/languages.ts'
import { pageLanguageTag, publicLayoutData, shareCard } from '#app/lib/page-meta.ts'
import { absoluteUrl, shareImagePath } from '#app/lib/seo.ts'
import { feedPath, pagePath } from '#app/content/registry.ts'

/** A sermon's own page ('/sermons/<id>') and its share image key ('sermons/<id>'). */
export const sermonPath = (id: string) => pagePath('sermon', { id })
export const sermonShareKey = (id: string) => `sermons/${id}`

/** What a sermon page's loader hands its meta for the structured data (addresses as stored, made absolute here). */
export interface SermonFactsData {
  id: string
  name: string
  description: string | null
  /** The day preached, `YYYY-MM-DD`. */
  datePublished: string
  speaker: string | null
  /** The sermon's or its series' picture, the share image's photo. */
  photo: string | null
  audio: { url: string; type: string; bytes: number | null; seconds: number | null } | null
  video: { url: string; embedUrl: string } | null
}

/** Whole seconds as ISO 8601 (`PT45M12S`, `PT1H2M`, `PT0S`). */
export function isoDuration(seconds: number) {
  const whole = Math.max(0, Math.round(seconds))
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  const rest = whole % 60
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${rest || whole === 0 ? `${rest}S` : ''}`
}

/**
 * A sermon as schema.org data: a PodcastEpisode of the church's podcast when it has audio (the feed carries every
 * published sermon with audio), else a CreativeWork; the preacher as author and actor, the audio as an
 * AudioObject and the video as a VideoObject, every address absolute from the site's address.
 */
export function sermonJsonLd(
  matches: Parameters<typeof publicLayoutData>[0],
  sermon: SermonFactsData,
): Array<WithContext<PodcastEpisode | CreativeWork>> {
  const data = publicLayoutData(matches)
  if (!data) return []
  const { church, site } = data
  const origin = site.origin
  const inPageLanguage = (path: string) => languagePath(path, site.language, site.languages)
  const url = absoluteUrl(origin, inPageLanguage(sermonPath(sermon.id)))
  const image = absoluteUrl(
    origin,
    shareImagePath(sermonShareKey(sermon.id), shareCard(data, sermon.name, sermon.photo)),
  )
  const person = sermon.speaker ? { '@type': 'Person' as const, name: sermon.speaker } : null
  const common = {
    name: sermon.name,
    url,
    datePublished: sermon.datePublished,
    ...(sermon.description ? { description: sermon.description } : {}),
    image,
    inLanguage: pageLanguageTag(site),
    ...(person ? { author: person } : {}),
    publisher: {
      '@type': 'Organization' as const,
      name: church.name,
      url: absoluteUrl(origin, inPageLanguage('/')),
    },
    ...(sermon.audio
      ? {
          audio: {
            '@type': 'AudioObject' as const,
            name: sermon.name,
            contentUrl: absoluteUrl(origin, sermon.audio.url),
            encodingFormat: sermon.audio.type,
            ...(sermon.audio.seconds ? { duration: isoDuration(sermon.audio.seconds) } : {}),
            ...(sermon.audio.bytes ? { contentSize: `${sermon.audio.bytes}` } : {}),
            uploadDate: sermon.datePublished,
          },
        }
      : {}),
    ...(sermon.video
      ? {
          video: {
            '@type': 'VideoObject' as const,
            name: sermon.name,
            description: sermon.description || sermon.name,
            embedUrl: sermon.video.embedUrl,
            url: sermon.video.url,
            thumbnailUrl: image,
            uploadDate: sermon.datePublished,
          },
        }
      : {}),
  }
  if (sermon.audio) {
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'PodcastEpisode',
        ...common,
        ...(person ? { actor: person } : {}),
        partOfSeries: {
          '@type': 'PodcastSeries',
          name: `${church.name} Sermons`,
          url: absoluteUrl(origin, inPageLanguage(pagePath('sermons'))),
          webFeed: absoluteUrl(origin, inPageLanguage(feedPath('podcast'))),
        },
      },
    ]
  }
  return [{ '@context': 'https://schema.org', '@type': 'CreativeWork', ...common }]
}
