import crypto from 'node:crypto'

import { Temporal } from 'temporal-polyfill'

import { XMLBuilder } from 'fast-xml-parser'

import type { Db } from '#app/db/database.server.ts'
import { getChurchInfo } from '#app/content/church-info/model.server.ts'
import { DEFAULT_COUNTRY } from '#app/lib/phone.ts'
import { DEFAULT_TIME_ZONE } from '#app/lib/time-zone.ts'
import { FALLBACK_CHURCH_NAME } from '#app/lib/church-text.ts'
import { absoluteUrl } from '#app/lib/seo.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import { feedPath, pagePath } from '#app/content/registry.ts'
import { textsFor } from '#app/i18n/texts.ts'
import { isSourceLanguage, languagePath, SOURCE_LANGUAGE } from '#app/lib/languages.ts'
import type { Locale } from '#app/models/locale.server.ts'
import { type ArtworkSource, artworkVersion } from './podcast-artwork.server.ts'
import { getSermonSeries, listPodcastSermons, listSpeakers, type SermonSeriesRecord } from './model.server.ts'

/** A feed lists at most this many episodes (Apple reads the whole file; 1,000 weekly sermons is 20 years). */
export const FEED_MAX_EPISODES = 1000
/** Podcasting 2.0's namespace for `podcast:guid` (https://podcastindex.org/namespace/1.0#guid). */
const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6'
/** Apple's category for a church's sermons (from the `podcast-categories` list, checked by feed health). */
export const PODCAST_CATEGORY = { category: 'Religion & Spirituality', subcategory: 'Christianity' } as const

/** The namespaces the feed's tags use, as the root element's attributes. */
const NAMESPACES = {
  '@xmlns:itunes': 'http://www.itunes.com/dtds/podcast-1.0.dtd',
  '@xmlns:podcast': 'https://podcastindex.org/namespace/1.0',
  '@xmlns:atom': 'http://www.w3.org/2005/Atom',
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

/**
 * Builds the XML from plain objects: an element per key in the order written, `@name` an attribute, `#text` the
 * text; every text and attribute escaped. fast-xml-parser's builder writes a 500-episode feed in about a third of
 * xmlbuilder2's time, which built a DOM first.
 */
const xml = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', suppressEmptyNode: true })

type XmlNode = { [name: string]: string | XmlNode | XmlNode[] | undefined }

function episodeNode(episode: PodcastEpisode): XmlNode {
  return {
    title: clean(episode.title),
    link: episode.link,
    guid: { '@isPermaLink': 'false', '#text': episode.guid },
    pubDate: episode.pubDate.toUTCString(),
    enclosure: {
      '@url': episode.enclosure.url,
      '@length': String(episode.enclosure.length ?? 0),
      '@type': episode.enclosure.type,
    },
    'itunes:duration':
      episode.durationSeconds === null ? undefined : String(Math.round(episode.durationSeconds)),
    description: episode.description ? clean(episode.description) : undefined,
    // No item-level itunes:explicit or itunes:episodeType: the channel's and Apple's defaults say it.
    'itunes:author': episode.speaker ? clean(episode.speaker.name) : undefined,
    'podcast:person': episode.speaker
      ? {
          '@role': 'host',
          ...(episode.speaker.image ? { '@img': episode.speaker.image } : {}),
          '#text': clean(episode.speaker.name),
        }
      : undefined,
    'podcast:transcript': episode.transcript
      ? { '@url': episode.transcript.url, '@type': episode.transcript.type }
      : undefined,
  }
}

/** The RSS 2.0 document of a podcast, with Apple's and Podcasting 2.0's tags. */
export function podcastFeedXml(channel: PodcastChannel, episodes: readonly PodcastEpisode[]) {
  const document: XmlNode = {
    rss: {
      '@version': '2.0',
      ...NAMESPACES,
      channel: {
        'atom:link': { '@href': channel.feedUrl, '@rel': 'self', '@type': 'application/rss+xml' },
        title: clean(channel.title),
        link: channel.link,
        description: clean(channel.description),
        language: channel.language,
        'itunes:author': clean(channel.author),
        'itunes:owner': {
          'itunes:name': clean(channel.owner.name),
          'itunes:email': channel.owner.email ?? undefined,
        },
        'itunes:image': { '@href': channel.imageUrl },
        'itunes:category': {
          '@text': PODCAST_CATEGORY.category,
          'itunes:category': { '@text': PODCAST_CATEGORY.subcategory },
        },
        'itunes:explicit': 'false',
        'itunes:type': 'episodic',
        'podcast:guid': podcastGuid(channel.feedUrl),
        'podcast:locked': {
          ...(channel.owner.email ? { '@owner': channel.owner.email } : {}),
          '#text': 'no',
        },
        item: episodes.map(episodeNode),
      },
    },
  }
  return `<?xml version="1.0" encoding="UTF-8"?>${xml.build(document) as string}`
}

/** A feed's address and artwork's: the church's whole archive, or one series'. */
export function feedAddresses(
  origin: string,
  series: Pick<SermonSeriesRecord, 'id'> | null,
  link: (path: string) => string = (path) => path,
) {
  return {
    feedUrl: absoluteUrl(
      origin,
      link(series ? feedPath('series-podcast', { id: series.id }) : feedPath('podcast')),
    ),
    link: absoluteUrl(
      origin,
      link(series ? pagePath('sermon-series', { id: series.id }) : pagePath('sermons')),
    ),
  }
}

/**
 * A feed's `<language>`: the site's first language as the church's country writes it when that is English
 * (`en-ie`, as it always was), any other its own code (`ml` for `/ml/sermons/feed.xml`, issue 46).
 */
function feedLanguageTag(language: string, country: string | null | undefined) {
  return isSourceLanguage(language) && !language.includes('-')
    ? `${language}-${(country ?? DEFAULT_COUNTRY).toLowerCase()}`
    : language.toLowerCase()
}

/** A feed's language and the site's (the main one first); the main language's when none is given. */
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

/**
 * The day a sermon was preached, as a moment for `pubDate`: noon in the church's zone, or the moment it was added
 * when that is earlier that day (a sermon put up the same morning is never dated in the future: podcast apps hide
 * or misorder such an episode), never before the day began.
 */
export function preachedAt(day: string, zone: string, createdAt: string | Date) {
  const date = Temporal.PlainDate.from(day)
  const noon = date.toPlainDateTime({ hour: 12 }).toZonedDateTime(zone).epochMilliseconds
  const dayStart = date.toZonedDateTime({ timeZone: zone }).epochMilliseconds
  const added = new Date(createdAt).getTime()
  return new Date(Number.isNaN(added) ? noon : Math.min(noon, Math.max(dayStart, added)))
}

/**
 * A podcast feed's channel and episodes: the church's (every published sermon with audio) or a series' (`seriesId`);
 * null for a series that does not exist. `origin` is the site's address every absolute address is made from.
 */
export async function loadPodcast({
  db,
  origin,
  seriesId,
  language,
}: {
  db: Db
  origin: string
  seriesId?: string
  /** The feed's language (`/ml/sermons/feed.xml`): its words and its pages' addresses; none: the main one. */
  language?: Locale
}) {
  const locale = language
  const [info, series, sermons, speakers] = await Promise.all([
    getChurchInfo({ db, locale }),
    seriesId ? getSermonSeries({ db, id: seriesId, locale }) : null,
    listPodcastSermons({ db, seriesId: seriesId ?? null, limit: FEED_MAX_EPISODES, locale }),
    listSpeakers({ db, locale }),
  ])
  if (seriesId && !series) return null
  const t = textsFor(language?.language ?? SOURCE_LANGUAGE)
  const link = (path: string) => (language ? languagePath(path, language.language, language.languages) : path)
  const church = { name: info?.name || FALLBACK_CHURCH_NAME, logo_url: info?.logo_url ?? null }
  const zone = info?.timezone ?? DEFAULT_TIME_ZONE
  const addresses = feedAddresses(origin, series, link)
  const speakersById = new Map(speakers.map((speaker) => [speaker.id, speaker]))
  const channel: PodcastChannel = {
    feedUrl: addresses.feedUrl,
    link: addresses.link,
    title: series ? `${series.title} · ${church.name}` : t('sermons.podcastTitle', { church: church.name }),
    description: series
      ? htmlToText(series.description ?? '').trim() ||
        t('sermons.seriesPodcastDescription', { title: series.title, church: church.name })
      : htmlToText(info?.description ?? '').trim() ||
        t('sermons.podcastDescription', { church: church.name }),
    language: feedLanguageTag(language?.language ?? SOURCE_LANGUAGE, info?.country),
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
      link: absoluteUrl(origin, link(pagePath('sermon', { id: sermon.id }))),
      // Sanitised on every write (the declaration's richText), and escaped here.
      description: sermon.summary ?? '',
      pubDate: preachedAt(sermon.preached_on, zone, sermon.created_at),
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
