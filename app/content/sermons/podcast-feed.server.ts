import crypto from 'node:crypto'

import { create } from 'xmlbuilder2'

import type { Db } from '#app/db/database.server.ts'
import { getChurchInfo } from '#app/content/church-info/model.server.ts'
import { DEFAULT_COUNTRY } from '#app/lib/phone.ts'
import { FALLBACK_CHURCH_NAME } from '#app/lib/church-text.ts'
import { absoluteUrl } from '#app/lib/seo.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import { feedPath, pagePath } from '#app/content/registry.ts'
import { type ArtworkSource, artworkVersion } from './podcast-artwork.server.ts'
import { getSermonSeries, listPodcastSermons, listSpeakers, type SermonSeriesRecord } from './model.server.ts'

/** A feed lists at most this many episodes (Apple reads the whole file; 1,000 weekly sermons is 20 years). */
export const FEED_MAX_EPISODES = 1000
/** Podcasting 2.0's namespace for `podcast:guid` (https://podcastindex.org/namespace/1.0#guid). */
const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6'
/** Apple's category for a church's sermons (from the `podcast-categories` list, checked by feed health). */
export const PODCAST_CATEGORY = { category: 'Religion & Spirituality', subcategory: 'Christianity' } as const

const NAMESPACES = {
  'xmlns:itunes': 'http://www.itunes.com/dtds/podcast-1.0.dtd',
  'xmlns:podcast': 'https://podcastindex.org/namespace/1.0',
  'xmlns:atom': 'http://www.w3.org/2005/Atom',
}

/** The media types Apple takes for an enclosure, by the file's extension. */
const AUDIO_TYPES: Readonly<Record<string, string>> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/x-m4a',
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  mov: 'video/quicktime',
}

/** A file's media type by its address's extension (`…/sermon.mp3` → `audio/mpeg`); MP3 when it names none. */
export function audioType(address: string) {
  const extension = /\.([a-z\d]+)(?:[?#].*)?$/i.exec(address)?.[1]?.toLowerCase() ?? ''
  return AUDIO_TYPES[extension] ?? (extension === 'aac' ? 'audio/aac' : 'audio/mpeg')
}

/** A transcript's media type by its extension: WebVTT or SRT. */
function transcriptType(address: string) {
  return /\.srt(?:[?#].*)?$/i.test(address) ? 'application/x-subrip' : 'text/vtt'
}

/** A name-based UUID (version 5, SHA-1), as RFC 4122 makes it. */
export function uuidV5(name: string, namespace: string) {
  const hash = crypto
    .createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest()
  hash[6] = (hash[6] & 0x0f) | 0x50
  hash[8] = (hash[8] & 0x3f) | 0x80
  const hex = hash.subarray(0, 16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** A feed's `podcast:guid`: the UUIDv5 of its address without the scheme and trailing slashes. */
export function podcastGuid(feedUrl: string) {
  return uuidV5(feedUrl.replace(/^[a-z][a-z\d+.-]*:\/\//i, '').replace(/\/+$/, ''), PODCAST_GUID_NAMESPACE)
}

/** Characters XML 1.0 cannot hold (control characters pasted from a word processor): left out. */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu
const clean = (value: string) => value.replace(NOT_XML, '')

export interface PodcastChannel {
  /** The feed's own address (absolute). */
  feedUrl: string
  /** The page it stands for (absolute). */
  link: string
  title: string
  /** Plain text. */
  description: string
  /** `en-ie`. */
  language: string
  author: string
  owner: { name: string; email: string | null }
  /** The podcast's picture (absolute; a square JPEG). */
  imageUrl: string
}

export interface PodcastEpisode {
  guid: string
  title: string
  /** Its page (absolute). */
  link: string
  /** Sanitised HTML (the summary), sent as text: escaped, so nothing in it can end the element. */
  description: string
  pubDate: Date
  enclosure: { url: string; length: number | null; type: string }
  durationSeconds: number | null
  speaker: { name: string; image: string | null } | null
  transcript: { url: string; type: string } | null
}

/** The RSS 2.0 document of a podcast, with Apple's and Podcasting 2.0's tags. */
export function podcastFeedXml(channel: PodcastChannel, episodes: readonly PodcastEpisode[]) {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('rss', { version: '2.0', ...NAMESPACES })
  const feed = root.ele('channel')
  feed.ele('atom:link', { href: channel.feedUrl, rel: 'self', type: 'application/rss+xml' })
  feed.ele('title').txt(clean(channel.title))
  feed.ele('link').txt(channel.link)
  feed.ele('description').txt(clean(channel.description))
  feed.ele('language').txt(channel.language)
  feed.ele('itunes:author').txt(clean(channel.author))
  const owner = feed.ele('itunes:owner')
  owner.ele('itunes:name').txt(clean(channel.owner.name))
  if (channel.owner.email) owner.ele('itunes:email').txt(channel.owner.email)
  feed.ele('itunes:image', { href: channel.imageUrl })
  feed
    .ele('itunes:category', { text: PODCAST_CATEGORY.category })
    .ele('itunes:category', { text: PODCAST_CATEGORY.subcategory })
  feed.ele('itunes:explicit').txt('false')
  feed.ele('itunes:type').txt('episodic')
  feed.ele('podcast:guid').txt(podcastGuid(channel.feedUrl))
  feed.ele('podcast:locked', channel.owner.email ? { owner: channel.owner.email } : {}).txt('no')
  for (const episode of episodes) {
    const item = feed.ele('item')
    item.ele('title').txt(clean(episode.title))
    item.ele('link').txt(episode.link)
    item.ele('guid', { isPermaLink: 'false' }).txt(episode.guid)
    item.ele('pubDate').txt(episode.pubDate.toUTCString())
    item.ele('enclosure', {
      url: episode.enclosure.url,
      length: String(episode.enclosure.length ?? 0),
      type: episode.enclosure.type,
    })
    if (episode.durationSeconds !== null) {
      item.ele('itunes:duration').txt(String(Math.round(episode.durationSeconds)))
    }
    if (episode.description) item.ele('description').txt(clean(episode.description))
    // No item-level itunes:explicit or itunes:episodeType: the channel's and Apple's defaults say it (each tag
    // costs some 5 % of a 500-episode render).
    if (episode.speaker) {
      item.ele('itunes:author').txt(clean(episode.speaker.name))
      item
        .ele(
          'podcast:person',
          episode.speaker.image ? { role: 'host', img: episode.speaker.image } : { role: 'host' },
        )
        .txt(clean(episode.speaker.name))
    }
    if (episode.transcript) {
      item.ele('podcast:transcript', { url: episode.transcript.url, type: episode.transcript.type })
    }
  }
  return root.end({ prettyPrint: false })
}

/** A feed's address and artwork's: the church's whole archive, or one series'. */
export function feedAddresses(origin: string, series: Pick<SermonSeriesRecord, 'id'> | null) {
  return {
    feedUrl: absoluteUrl(
      origin,
      series ? feedPath('series-podcast', { id: series.id }) : feedPath('podcast'),
    ),
    link: absoluteUrl(origin, series ? pagePath('sermon-series', { id: series.id }) : pagePath('sermons')),
  }
}

/** The address of a podcast's picture: it changes when the picture does (kept a year under it). */
export function artworkPath(key: string, source: ArtworkSource) {
  return feedPath('podcast-artwork', { key, file: `${artworkVersion(source)}.jpg` })
}

/** What a feed's picture is drawn from: the series' picture, else the church's logo and name. */
export function artworkSource(
  church: { name: string; logo_url: string | null },
  series: Pick<SermonSeriesRecord, 'image_url'> | null,
): ArtworkSource {
  return { photo: series?.image_url ?? null, logo: church.logo_url, name: church.name }
}

/** The day a sermon was preached, as a moment for `pubDate`: noon UTC, the same day everywhere on Earth's west. */
function preachedAt(day: string) {
  return new Date(`${day}T12:00:00Z`)
}

/**
 * A podcast feed's channel and episodes: the church's (every published sermon with audio) or a series' (`seriesId`);
 * null for a series that does not exist. `origin` is the site's address every absolute address is made from.
 */
export async function loadPodcast({ db, origin, seriesId }: { db: Db; origin: string; seriesId?: string }) {
  const [info, series, sermons, speakers] = await Promise.all([
    getChurchInfo({ db }),
    seriesId ? getSermonSeries({ db, id: seriesId }) : null,
    listPodcastSermons({ db, seriesId: seriesId ?? null, limit: FEED_MAX_EPISODES }),
    listSpeakers({ db }),
  ])
  if (seriesId && !series) return null
  const church = { name: info?.name || FALLBACK_CHURCH_NAME, logo_url: info?.logo_url ?? null }
  const { feedUrl, link } = feedAddresses(origin, series)
  const speakersById = new Map(speakers.map((speaker) => [speaker.id, speaker]))
  const churchWords = `Sermons preached at ${church.name}.`
  const channel: PodcastChannel = {
    feedUrl,
    link,
    title: series ? `${series.title} · ${church.name}` : `${church.name} Sermons`,
    description: series
      ? htmlToText(series.description ?? '').trim() ||
        `Sermons in the series ${series.title}, preached at ${church.name}.`
      : htmlToText(info?.description ?? '').trim() || churchWords,
    language: `en-${(info?.country ?? DEFAULT_COUNTRY).toLowerCase()}`,
    author: church.name,
    owner: { name: church.name, email: info?.email ?? null },
    imageUrl: absoluteUrl(
      origin,
      artworkPath(series?.image_url ? series.id : 'church', artworkSource(church, series)),
    ),
  }
  const episodes = sermons.map((sermon): PodcastEpisode => {
    const speaker = sermon.speaker_id ? speakersById.get(sermon.speaker_id) : undefined
    const audio = sermon.audio_url!
    return {
      guid: sermon.guid,
      title: sermon.title,
      link: absoluteUrl(origin, pagePath('sermon', { id: sermon.id })),
      // Sanitised on every write (the declaration's richText), and escaped here.
      description: sermon.summary ?? '',
      pubDate: preachedAt(sermon.preached_on),
      enclosure: { url: absoluteUrl(origin, audio), length: sermon.audio_bytes, type: audioType(audio) },
      durationSeconds: sermon.audio_duration_seconds,
      speaker: speaker
        ? { name: speaker.name, image: speaker.image_url ? absoluteUrl(origin, speaker.image_url) : null }
        : null,
      transcript: sermon.transcript_url
        ? { url: absoluteUrl(origin, sermon.transcript_url), type: transcriptType(sermon.transcript_url) }
        : null,
    }
  })
  return { channel, episodes, church, series }
}

/** The feed's HTTP headers: RSS, kept by the page cache like a page, revalidated by podcast apps. */
export function feedHeaders() {
  return { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, no-cache' }
}
