import { XMLParser } from 'fast-xml-parser'
import categories from 'podcast-categories'
import { sharp } from '#app/lib/native-modules.server.ts'

import type { Db } from '#app/db/database.server.ts'
import type { LocalImageStorage } from '#app/storage/images.server.ts'
import { listSermonSeries } from './model.server.ts'
import { drawArtwork } from './podcast-artwork.server.ts'
import { artworkSource, loadPodcast, podcastFeedXml, type PodcastEpisode } from './podcast-feed.server.ts'
import { localFileSize } from './transcript.server.ts'

/** The picture a feed names, as sharp reads it. */
export interface ArtworkFacts {
  format: string | undefined
  width: number | undefined
  height: number | undefined
  /** `srgb` for RGB. */
  space: string | undefined
}

/** What Apple takes as an episode's file. */
const ENCLOSURE_TYPES = new Set(['audio/mpeg', 'audio/x-m4a', 'video/mp4', 'video/x-m4v', 'video/quicktime'])

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => name === 'item' || name === 'itunes:category',
})

type Node = Record<string, unknown>
const text = (value: unknown): string => {
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (value && typeof value === 'object' && '#text' in value) return text((value as Node)['#text'])
  return ''
}
const attribute = (value: unknown, name: string) =>
  value && typeof value === 'object' ? text((value as Node)[`@${name}`]) : ''

/**
 * Apple Podcasts' checks on a feed (its "Podcast RSS feed requirements"), each failure said in words with what
 * to do: the channel's required tags, its picture (a square RGB JPEG or PNG of 1400–3000 pixels), its category
 * (from Apple's list), the owner's e-mail address, and each episode's file (an absolute address, its size in
 * bytes, a type Apple plays), guid and duration. An empty list: Apple would take it.
 */
export function appleFeedProblems(xml: string, artwork: ArtworkFacts | null): string[] {
  const problems: string[] = []
  let channel: Node
  try {
    const parsed = parser.parse(xml, true) as Node
    channel = ((parsed.rss as Node | undefined)?.channel ?? null) as Node
    if (!channel) throw new Error('no channel')
  } catch {
    return ['The feed is not a podcast feed Apple can read (it is not well-formed RSS)']
  }
  if (!text(channel.title))
    problems.push('The podcast has no title: give the church a name under Church Info')
  if (!text(channel.description)) problems.push('The podcast has no description')
  if (!text(channel.language)) problems.push('The podcast does not say its language')
  if (!/^https?:\/\//.test(text(channel.link))) problems.push('The podcast has no link to the website')
  if (!text(channel['itunes:author'])) problems.push('The podcast does not name its author')
  const explicit = text(channel['itunes:explicit'])
  if (explicit !== 'true' && explicit !== 'false') {
    problems.push('The podcast does not say whether it is explicit (itunes:explicit true or false)')
  }
  const email = text((channel['itunes:owner'] as Node | undefined)?.['itunes:email'])
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    problems.push(
      'The podcast has no owner’s e-mail address, which Apple requires: add the church’s e-mail under Church Info',
    )
  }

  const category = (channel['itunes:category'] as unknown[] | undefined)?.[0]
  const main = attribute(category, 'text')
  const sub = attribute(
    ((category as Node | undefined)?.['itunes:category'] as unknown[] | undefined)?.[0],
    'text',
  )
  if (!main || !Object.hasOwn(categories, main)) {
    problems.push(`The podcast’s category${main ? ` “${main}”` : ''} is not one of Apple’s`)
  } else if (sub && !Object.hasOwn(categories[main], sub)) {
    problems.push(`“${sub}” is not one of Apple’s subcategories of ${main}`)
  }

  const image = attribute(channel['itunes:image'], 'href')
  if (!/^https?:\/\/.+\.(?:jpe?g|png)$/i.test(image)) {
    problems.push('The podcast’s picture must be at an address ending in .jpg or .png')
  }
  if (!artwork) problems.push('The podcast’s picture could not be made')
  else {
    if (artwork.format !== 'jpeg' && artwork.format !== 'png') {
      problems.push('The podcast’s picture must be a JPEG or PNG')
    }
    if (!artwork.width || artwork.width !== artwork.height)
      problems.push('The podcast’s picture must be square')
    else if (artwork.width < 1400 || artwork.width > 3000) {
      problems.push(`The podcast’s picture is ${artwork.width} pixels wide; Apple takes 1400 to 3000`)
    }
    if (artwork.space !== 'srgb') problems.push('The podcast’s picture must be in RGB colours')
  }

  const items = (channel.item as Node[] | undefined) ?? []
  if (items.length === 0) {
    problems.push(
      'The podcast has no episodes yet, and Apple refuses an empty one: publish a sermon with its audio',
    )
  }
  for (const item of items) {
    const name = text(item.title) ? `“${text(item.title)}”` : 'An episode'
    if (!text(item.title)) problems.push('An episode has no title')
    if (!text(item.guid)) problems.push(`${name} has no guid`)
    if (Number.isNaN(Date.parse(text(item.pubDate)))) problems.push(`${name} has no date`)
    const enclosure = item.enclosure
    if (!enclosure) {
      problems.push(`${name} has no audio file`)
      continue
    }
    if (!/^https?:\/\/[^/]+\/./.test(attribute(enclosure, 'url'))) {
      problems.push(`${name}: its audio’s address is not a full web address`)
    }
    const length = Number(attribute(enclosure, 'length'))
    if (!Number.isInteger(length) || length <= 0) {
      problems.push(`${name}: the size of its audio file is not known (upload the file to this site)`)
    }
    const type = attribute(enclosure, 'type')
    if (!ENCLOSURE_TYPES.has(type)) {
      problems.push(`${name}: its audio is ${type || 'of no type'}; Apple plays MP3 and M4A (AAC)`)
    }
    const duration = Number(text(item['itunes:duration']))
    if (!Number.isFinite(duration) || duration <= 0) {
      problems.push(`${name}: the length of its audio is not known (upload the file to this site)`)
    }
  }
  return problems
}

export interface FeedHealth {
  /** The feed checked: the church's, or a series'. */
  name: string
  path: string
  episodes: number
  problems: string[]
}

async function artworkFacts(jpeg: Promise<Buffer>): Promise<ArtworkFacts | null> {
  try {
    const meta = await sharp(await jpeg).metadata()
    return { format: meta.format, width: meta.width, height: meta.height, space: meta.space }
  } catch {
    return null
  }
}

/**
 * The episodes whose file was uploaded to this site but is no longer there, or no longer the size the feed
 * gives (a restore without the uploads, a file replaced by hand): Apple refuses a file whose `length` is wrong,
 * and a listener gets an error. `sizes` remembers each file's size across the feeds of one check.
 */
export async function enclosureFileProblems({
  episodes,
  origin,
  uploadsRoot,
  sizes = new Map(),
}: {
  episodes: readonly PodcastEpisode[]
  origin: string
  uploadsRoot: string
  sizes?: Map<string, number | null>
}): Promise<string[]> {
  const problems: string[] = []
  const site = new URL(origin).origin
  for (const episode of episodes) {
    const address = new URL(episode.enclosure.url)
    if (address.origin !== site || !address.pathname.startsWith('/media/')) continue
    const file = decodeURIComponent(address.pathname)
    if (!sizes.has(file)) sizes.set(file, await localFileSize(uploadsRoot, file))
    const size = sizes.get(file)
    const name = `“${episode.title}”`
    if (size === null || size === undefined) {
      problems.push(`${name}: its audio file is missing from this site’s uploads: upload it again`)
    } else if (episode.enclosure.length !== null && size !== episode.enclosure.length) {
      const [onDisk, stated] = [size, episode.enclosure.length].map((bytes) => bytes.toLocaleString('en'))
      problems.push(`${name}: its audio file is ${onDisk} bytes but the feed says ${stated}: upload it again`)
    }
  }
  return problems
}

/**
 * Apple's checks on the church's podcast and on each series' that has episodes, and each uploaded episode file's
 * presence and size: what the Sermons screen's "Feed health" panel shows, worked out afresh on every load (and so
 * after every save).
 */
export async function podcastHealth({
  db,
  storage,
  origin,
}: {
  db: Db
  storage: LocalImageStorage
  origin: string
}): Promise<FeedHealth[]> {
  const series = await listSermonSeries({ db })
  const feeds: FeedHealth[] = []
  const sizes = new Map<string, number | null>()
  for (const seriesId of [undefined, ...series.map((item) => item.id)]) {
    const podcast = await loadPodcast({ db, origin, seriesId })
    if (!podcast || (seriesId && podcast.episodes.length === 0)) continue
    const xml = podcastFeedXml(podcast.channel, podcast.episodes)
    const artwork = await artworkFacts(drawArtwork(storage, artworkSource(podcast.church, podcast.series)))
    feeds.push({
      name: podcast.series ? `Series “${podcast.series.title}”` : 'All sermons',
      path: new URL(podcast.channel.feedUrl).pathname,
      episodes: podcast.episodes.length,
      problems: [
        ...appleFeedProblems(xml, artwork),
        ...(await enclosureFileProblems({
          episodes: podcast.episodes,
          origin,
          uploadsRoot: storage.root,
          sizes,
        })),
      ],
    })
  }
  return feeds
}
