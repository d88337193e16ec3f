import { XMLParser } from 'fast-xml-parser'
import type pino from 'pino'

import type { Db } from '#app/db/database.server.ts'
import type { Clock } from '#app/lib/clock.ts'
import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import {
  claimYoutubeCheck,
  getYoutubeChannel,
  getYoutubeCheck,
  saveYoutubeCheck,
  type YoutubeCheck,
} from '#app/models/settings.server.ts'
import { SHORT_TEXT_MAX_LENGTH } from '#app/schemas/fields.ts'
import { storeImage, type LocalImageStorage } from '#app/storage/images.server.ts'
import {
  claimYoutubeVideo,
  createSermon,
  importedVideoIds,
  recordYoutubeSermon,
  releaseYoutubeVideo,
} from './model.server.ts'
import { youtubeVideoUrl } from './youtube-channel.ts'

/** How long a read of the channel's feed (or a thumbnail) may take before it is given up. */
export const YOUTUBE_TIMEOUT_MS = 10_000
/** A channel's feed lists its 15 latest videos in some 30 KB; anything far larger is not one. */
export const YOUTUBE_FEED_MAX_BYTES = 1024 * 1024
/** A video's thumbnail (480×360 JPEG, some 20–40 KB). */
const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024
/** Videos looked at per check: YouTube's feed lists a channel's 15 latest; a longer answer is cut here. */
export const YOUTUBE_VIDEOS_PER_CHECK = 30
/** The daily check: a day after the last one, whatever came of it (a failure is not tried again sooner). */
export const YOUTUBE_CHECK_EVERY_MS = 24 * 60 * 60 * 1000

/** One video of a channel's feed. */
export interface ChannelVideo {
  id: string
  title: string
  /** When YouTube published it. */
  published: Date
  thumbnail: string | null
}

/** A channel that could not be read, with the reason in staff's words. */
export class ChannelProblem extends Error {}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Entities beyond XML's own are never expanded (an answer cannot make the parser do much work).
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => name === 'entry',
})

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''

/** The videos of a channel's Atom feed (`https://www.youtube.com/feeds/videos.xml?channel_id=…`). */
export function parseChannelFeed(xml: string): ChannelVideo[] {
  let parsed: Record<string, unknown>
  try {
    parsed = parser.parse(xml, true) as Record<string, unknown>
  } catch {
    throw new ChannelProblem('YouTube’s answer was not a channel’s list of videos')
  }
  const feed = parsed.feed as { entry?: Array<Record<string, unknown>> } | undefined
  if (!feed || typeof feed !== 'object') {
    throw new ChannelProblem('YouTube’s answer was not a channel’s list of videos')
  }
  const videos: ChannelVideo[] = []
  for (const entry of feed.entry ?? []) {
    const id = text(entry['yt:videoId']).trim()
    const published = new Date(text(entry.published))
    const title = text(entry.title).trim()
    if (!/^[\w-]{6,20}$/.test(id) || Number.isNaN(published.getTime())) continue
    const group = entry['media:group'] as { 'media:thumbnail'?: { '@url'?: string } } | undefined
    const thumbnail = group?.['media:thumbnail']?.['@url'] ?? null
    videos.push({ id, title: title || 'A video from YouTube', published, thumbnail })
  }
  return videos
}

/** Reads an answer's body, refusing one larger than `max` bytes without reading further. */
async function readBounded(response: Response, max: number, what: string) {
  const declared = Number(response.headers.get('content-length') ?? 0)
  if (declared > max) throw new ChannelProblem(`${what} was larger than ${Math.round(max / 1024)} KB`)
  const reader = response.body?.getReader()
  if (!reader) return Buffer.alloc(0)
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.length
    if (size > max) {
      await reader.cancel()
      throw new ChannelProblem(`${what} was larger than ${Math.round(max / 1024)} KB`)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

/** Fetches an address within YOUTUBE_TIMEOUT_MS, in words when it cannot be read. */
async function fetchBounded(address: string, max: number, what: string) {
  const signal = AbortSignal.timeout(YOUTUBE_TIMEOUT_MS)
  try {
    const response = await fetch(address, { signal, redirect: 'follow' })
    if (!response.ok) {
      await response.body?.cancel()
      throw new ChannelProblem(
        response.status === 404
          ? 'YouTube knows no channel with this ID (it answered “not found”): check the channel ID'
          : `YouTube answered with an error (${response.status} ${response.statusText}); the next check is in a day`,
      )
    }
    return await readBounded(response, max, what)
  } catch (error) {
    if (error instanceof ChannelProblem) throw error
    if (signal.aborted) {
      throw new ChannelProblem(`YouTube did not answer within ${YOUTUBE_TIMEOUT_MS / 1000} seconds`)
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    throw new ChannelProblem(
      `YouTube could not be reached (${cause?.code ?? cause?.message ?? (error as Error).message})`,
    )
  }
}

/** The channel's latest videos, read from `${feedUrl}?channel_id=…`. */
export async function readChannel({ feedUrl, channelId }: { feedUrl: string; channelId: string }) {
  const address = new URL(feedUrl)
  address.searchParams.set('channel_id', channelId)
  const body = await fetchBounded(address.href, YOUTUBE_FEED_MAX_BYTES, 'The channel’s list of videos')
  return parseChannelFeed(body.toString('utf8'))
}

/** A date as `YYYY-MM-DD` in a time zone: the day a video was published where the church is. */
export function dayIn(zone: string, date: Date) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date)
}

/** The thumbnail stored as one of the site's pictures (a page may not show a picture from YouTube), or null. */
async function storeThumbnail({
  db,
  storage,
  video,
}: {
  db: Db
  storage: LocalImageStorage
  video: ChannelVideo
}) {
  if (!video.thumbnail || !/^https?:\/\//.test(video.thumbnail)) return null
  try {
    const bytes = await fetchBounded(video.thumbnail, THUMBNAIL_MAX_BYTES, 'The thumbnail')
    const stored = await storeImage({ db, storage, input: bytes, originalName: `youtube-${video.id}.jpg` })
    return stored.secure_url
  } catch {
    // A sermon without its picture is still the sermon: staff can add one.
    return null
  }
}

/** Makes each video not yet imported a draft sermon; answers how many it made. */
export async function importVideos({
  db,
  storage,
  videos,
  now,
}: {
  db: Db
  storage: LocalImageStorage
  videos: readonly ChannelVideo[]
  now: Date
}) {
  videos = videos.slice(0, YOUTUBE_VIDEOS_PER_CHECK)
  const known = await importedVideoIds({ db, videoIds: videos.map((video) => video.id) })
  const zone = await churchTimeZone({ db })
  let made = 0
  // Oldest first: the archive's order of creation follows YouTube's.
  for (const video of [...videos].reverse()) {
    if (known.has(video.id)) continue
    if (!(await claimYoutubeVideo({ db, videoId: video.id, at: now }))) continue
    try {
      const image = await storeThumbnail({ db, storage, video })
      const sermon = await createSermon({
        db,
        data: {
          title: video.title.slice(0, SHORT_TEXT_MAX_LENGTH),
          preached_on: dayIn(zone, video.published),
          video_url: youtubeVideoUrl(video.id),
          image_url: image,
          image_alt: image ? `A still from the video “${video.title.slice(0, 200)}”` : null,
          status: 'draft',
        },
      })
      await recordYoutubeSermon({ db, videoId: video.id, sermonId: sermon.id })
      made++
    } catch (error) {
      await releaseYoutubeVideo({ db, videoId: video.id })
      throw error
    }
  }
  return made
}

/**
 * Reads the church's channel now and makes its new videos drafts; records what came of it (the dashboard and
 * the Sermons screen show a problem in words). Never throws for a channel that cannot be read.
 */
export async function checkYoutubeChannel({
  db,
  storage,
  clock,
  feedUrl,
  logger,
  claimed,
}: {
  db: Db
  storage: LocalImageStorage
  clock: Clock
  feedUrl: string
  logger: pino.Logger
  /** The check this run has claimed already (the daily one), else one is recorded now. */
  claimed?: YoutubeCheck
}): Promise<YoutubeCheck | null> {
  const channel = await getYoutubeChannel({ db })
  if (!channel) return null
  const now = clock.now()
  const check: YoutubeCheck = claimed ?? {
    channel_id: channel.channel_id,
    checked_at: now.toISOString(),
    problem: null,
    imported: 0,
  }
  try {
    const videos = await readChannel({ feedUrl, channelId: channel.channel_id })
    check.imported = await importVideos({ db, storage, videos, now })
    check.problem = null
    if (check.imported > 0) logger.info({ drafts: check.imported }, 'made new YouTube videos draft sermons')
  } catch (error) {
    if (!(error instanceof ChannelProblem)) logger.error({ err: error }, 'the YouTube import failed')
    check.problem =
      error instanceof ChannelProblem ? error.message : 'Something went wrong on our side while importing'
    logger.warn({ reason: check.problem }, 'could not read the church’s YouTube channel')
  }
  await saveYoutubeCheck({ db, check })
  return check
}

/**
 * The daily check: when a channel is set and the last check is a day old (or there was none, or it was of
 * another channel), one worker of one instance claims it and checks. Called on a timer by every worker.
 */
export async function runDueYoutubeCheck(args: Parameters<typeof checkYoutubeChannel>[0]) {
  const { db, clock } = args
  const channel = await getYoutubeChannel({ db })
  if (!channel) return null
  const seen = await getYoutubeCheck({ db })
  const now = clock.now()
  const due =
    !seen ||
    seen.channel_id !== channel.channel_id ||
    now.getTime() - Date.parse(seen.checked_at) >= YOUTUBE_CHECK_EVERY_MS
  if (!due) return null
  const check: YoutubeCheck = {
    channel_id: channel.channel_id,
    checked_at: now.toISOString(),
    problem: null,
    imported: 0,
  }
  if (!(await claimYoutubeCheck({ db, seen, check }))) return null
  return checkYoutubeChannel({ ...args, claimed: check })
}
