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
import { listServices } from '#app/content/services/model.server.ts'
import { liveNow } from '#app/content/services/live.server.ts'
import {
  RUNNING_SIGNAL_MINUTES,
  SERMON_AFTER_MINUTES,
  type StreamedService,
  streamedOccurrenceAt,
} from '#app/content/services/live.ts'

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
/** How often the channel is read around a streamed service (issue 47). */
export const YOUTUBE_CHECK_AROUND_STREAMS_MS = 5 * 60 * 1000

/** The services streamed on YouTube, whose streams the import waits for and binds (issue 47). */
async function streamedServices({ db }: { db: Db }) {
  return (await listServices({ db })).filter((service) => service.streamed)
}

/** One video of a channel's feed. */
export interface ChannelVideo {
  id: string
  title: string
  /** When YouTube published it. */
  published: Date
  thumbnail: string | null
  /** How often it was watched (the feed's media:statistics), or null when the feed does not say. */
  views: number | null
  /**
   * When YouTube last changed its entry, or null: a stream's entry keeps changing while it runs, so a recent one
   * says a stream is still running (issue 47).
   */
  updated: Date | null
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
    const group = entry['media:group'] as
      | {
          'media:thumbnail'?: { '@url'?: string }
          'media:community'?: { 'media:statistics'?: { '@views'?: string } }
        }
      | undefined
    const thumbnail = group?.['media:thumbnail']?.['@url'] ?? null
    const counted = group?.['media:community']?.['media:statistics']?.['@views']
    const views = counted !== undefined && /^\d+$/.test(String(counted)) ? Number(counted) : null
    const updated = new Date(text(entry.updated))
    videos.push({
      id,
      title: title || 'A video from YouTube',
      published,
      thumbnail,
      views,
      updated: Number.isNaN(updated.getTime()) ? null : updated,
    })
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

/** A video no one has watched yet this soon after it was listed is a scheduled stream or premiere, not yet played. */
const UNPLAYED_DAYS = 7

/**
 * Whether a video of the channel may become a draft sermon now, and the day it was preached (issue 47). Not yet: a
 * video published in the future (a premiere), one listed with no views in the last UNPLAYED_DAYS (a channel's feed
 * lists scheduled streams before they play, with no other marker), and the stream of a streamed service until
 * SERMON_AFTER_MINUTES after the service ended — then it is dated on that service's day, with its usual speaker.
 */
export function sermonReadiness(
  video: Pick<ChannelVideo, 'published' | 'views'> & Partial<Pick<ChannelVideo, 'updated'>>,
  { now, zone, services }: { now: Date; zone: string; services: readonly StreamedService[] },
): { ready: false } | { ready: true; day: string; speakerId: string | null } {
  if (video.published.getTime() > now.getTime()) return { ready: false }
  const listedFor = now.getTime() - video.published.getTime()
  if (video.views === 0 && listedFor < UNPLAYED_DAYS * 24 * 60 * 60 * 1000) return { ready: false }
  const occurrence = streamedOccurrenceAt({ services, zone, at: video.published })
  if (occurrence) {
    // A stream the feed shows still running (its entry changed just now) waits, however late it runs.
    const changedFor = video.updated ? now.getTime() - video.updated.getTime() : Infinity
    if (changedFor <= RUNNING_SIGNAL_MINUTES * 60_000) return { ready: false }
    const due = occurrence.end.add({ minutes: SERMON_AFTER_MINUTES }).epochMilliseconds
    return now.getTime() >= due
      ? {
          ready: true,
          day: occurrence.start.toPlainDate().toString(),
          speakerId: occurrence.service.speaker_id ?? null,
        }
      : { ready: false }
  }
  return { ready: true, day: dayIn(zone, video.published), speakerId: null }
}

/** Makes each video not yet imported a draft sermon, once it is ready to be one; answers how many it made. */
export async function importVideos({
  db,
  storage,
  videos,
  now,
  services = [],
}: {
  db: Db
  storage: LocalImageStorage
  videos: readonly ChannelVideo[]
  now: Date
  /** The streamed services, whose streams wait until after the service (sermonReadiness). */
  services?: readonly StreamedService[]
}) {
  videos = videos.slice(0, YOUTUBE_VIDEOS_PER_CHECK)
  const known = await importedVideoIds({ db, videoIds: videos.map((video) => video.id) })
  const zone = await churchTimeZone({ db })
  let made = 0
  // Oldest first: the archive's order of creation follows YouTube's.
  for (const video of [...videos].reverse()) {
    if (known.has(video.id)) continue
    const readiness = sermonReadiness(video, { now, zone, services })
    // Not claimed: the next check looks at it again.
    if (!readiness.ready) continue
    if (!(await claimYoutubeVideo({ db, videoId: video.id, at: now }))) continue
    try {
      const image = await storeThumbnail({ db, storage, video })
      const sermon = await createSermon({
        db,
        data: {
          title: video.title.slice(0, SHORT_TEXT_MAX_LENGTH),
          preached_on: readiness.day,
          // The service's usual speaker, when the recording is a streamed service's.
          speaker_id: readiness.speakerId,
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
    const services = await streamedServices({ db })
    check.imported = await importVideos({ db, storage, videos, now, services })
    // What the channel lists, for the live page to find the stream of the service on (its video).
    check.videos = videos.slice(0, YOUTUBE_VIDEOS_PER_CHECK).map((video) => ({
      id: video.id,
      published: video.published.toISOString(),
      views: video.views,
      updated: video.updated?.toISOString() ?? null,
    }))
    check.problem = null
    if (check.imported > 0) logger.info({ drafts: check.imported }, 'made new YouTube videos draft sermons')
  } catch (error) {
    if (!(error instanceof ChannelProblem)) logger.error({ err: error }, 'the YouTube import failed')
    check.problem =
      error instanceof ChannelProblem ? error.message : 'Something went wrong on our side while importing'
    logger.warn({ reason: check.problem }, 'could not read the church’s YouTube channel')
  }
  const before = await liveSignature({ db, clock })
  await saveYoutubeCheck({ db, check })
  // The live page plays the stream the channel lists, and stays live while it runs: cached copies must follow.
  if ((await liveSignature({ db, clock })) !== before) await db.contentVersion.bump()
  return check
}

/** What of the live page a read of the channel can change: its state, until when, and the stream it plays. */
async function liveSignature({ db, clock }: { db: Db; clock: Clock }) {
  const live = await liveNow({ db, clock })
  return live ? `${live.answer.state} ${live.answer.changesAt} ${live.videoId}` : ''
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
  // Every 5 minutes around a streamed service (from 30 minutes before until 3 hours after), daily otherwise.
  const around = streamedOccurrenceAt({
    services: await streamedServices({ db }),
    zone: await churchTimeZone({ db }),
    at: now,
  })
  const every = around ? YOUTUBE_CHECK_AROUND_STREAMS_MS : YOUTUBE_CHECK_EVERY_MS
  const due =
    !seen || seen.channel_id !== channel.channel_id || now.getTime() - Date.parse(seen.checked_at) >= every
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
