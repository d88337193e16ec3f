import type { Db } from '#app/db/database.server.ts'
import type { Clock } from '#app/lib/clock.ts'
import { churchTimeZone, getChurchInfo } from '#app/content/church-info/model.server.ts'
import { getYoutubeChannel, getYoutubeCheck, type YoutubeCheck } from '#app/models/settings.server.ts'
import {
  lastStreamedOccurrence,
  type LiveAnswer,
  type LiveOccurrence,
  liveState,
  RUNNING_SIGNAL_MINUTES,
  type StreamedService,
  streamedOccurrenceAt,
} from './live.ts'
import { listServices } from './model.server.ts'
import type { Service } from './schema.ts'
import type { CalendarEntry } from '#app/dates/calendar.server.ts'

/** The live page's address (`/live`), the page `GET /api/live` names. */
export const LIVE_PAGE = '/live'

/**
 * What the live page shows now (issue 47): its state from the streamed services' schedules and the clock, and
 * the church's YouTube channel (the live embed when the occurrence's own video is not known). Null when no
 * service is streamed (or none has a time to come): the page and `/api/live` answer 404 then.
 */
export async function liveNow({ db, clock }: { db: Db; clock: Clock }): Promise<{
  answer: LiveAnswer
  zone: string
  /** The occurrence's own video, once the channel lists it. */
  videoId: string | null
  channelId: string | null
  /** The church's YouTube address from church info (its social links), where no channel is imported. */
  channelUrl: string | null
} | null> {
  const [services, zone, channel, info, check] = await Promise.all([
    listServices({ db }),
    churchTimeZone({ db }),
    getYoutubeChannel({ db }),
    getChurchInfo({ db }),
    getYoutubeCheck({ db }),
  ])
  const streamed = services.filter((service) => service.streamed)
  const now = clock.now()
  const listed = channel && check?.channel_id === channel.channel_id ? check : null
  let answer = liveState({ services: streamed, zone, now })
  if (!answer) return null
  let video =
    listed && occurrenceVideo({ check: listed, services: streamed, zone, occurrence: answer.occurrence, now })
  // Past its scheduled end, a stream the channel's feed still shows running keeps the page live (never cut short).
  const runningUntil =
    video && listed ? streamRunningUntil({ video, checkedAt: listed.checked_at, now }) : null
  if (runningUntil && answer.state !== 'soon') {
    const { service, start } = answer.occurrence
    const running = { service: service.id, start: start.epochMilliseconds, until: runningUntil }
    answer = liveState({ services: streamed, zone, now, running }) ?? answer
    video =
      listed &&
      occurrenceVideo({ check: listed, services: streamed, zone, occurrence: answer.occurrence, now })
  }
  return {
    answer,
    zone,
    videoId: video?.id ?? null,
    channelId: channel?.channel_id ?? null,
    channelUrl: info?.youtube_url || null,
  }
}

type ListedVideo = NonNullable<YoutubeCheck['videos']>[number]

/**
 * The occurrence's own video: of those the channel listed (at the import's last read) within its recording window,
 * the first one already played or playing (a stream scheduled for next week, listed meanwhile, has no views).
 */
function occurrenceVideo({
  check,
  services,
  zone,
  occurrence,
  now,
}: {
  check: YoutubeCheck
  services: readonly StreamedService[]
  zone: string
  occurrence: LiveOccurrence
  now: Date
}): ListedVideo | null {
  const start = occurrence.start.epochMilliseconds
  return (
    (check.videos ?? [])
      .filter((listed) => {
        const published = Date.parse(listed.published)
        if (!(published <= now.getTime()) || listed.views === 0) return false
        const found = streamedOccurrenceAt({ services, zone, at: new Date(published) })
        return found?.start.epochMilliseconds === start && found.service.id === occurrence.service.id
      })
      .sort((a, b) => Date.parse(a.published) - Date.parse(b.published))[0] ?? null
  )
}

/**
 * Until when a stream is taken to be running (ms since the epoch), or null: when the channel's last read (made every
 * 5 minutes around a streamed service) found its entry changed within RUNNING_SIGNAL_MINUTES, until that many
 * minutes after the read — the next read extends it while the stream goes on.
 */
export function streamRunningUntil({
  video,
  checkedAt,
  now,
}: {
  video: Pick<ListedVideo, 'updated'>
  checkedAt: string
  now: Date
}): number | null {
  const checked = Date.parse(checkedAt)
  const updated = video.updated ? Date.parse(video.updated) : Number.NaN
  const signal = RUNNING_SIGNAL_MINUTES * 60_000
  if (!(checked - updated <= signal) || checked > now.getTime()) return null
  return checked + signal
}

/** The stream's player address (the page's behaviour adds `autoplay=1`), loaded only on the visitor's click: the occurrence's video, else the channel's live. */
export function liveEmbedUrl({ videoId, channelId }: { videoId: string | null; channelId: string | null }) {
  if (videoId) return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}`
  if (channelId) {
    return `https://www.youtube-nocookie.com/embed/live_stream?channel=${encodeURIComponent(channelId)}`
  }
  return null
}

/** Where the stream is on YouTube itself (the link without JavaScript, and "Watch again" without a sermon). */
export function liveWatchUrl({
  videoId,
  channelId,
  channelUrl = null,
}: {
  videoId: string | null
  channelId: string | null
  channelUrl?: string | null
}) {
  if (videoId) return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`
  if (channelId) return `https://www.youtube.com/channel/${encodeURIComponent(channelId)}/live`
  if (channelUrl) return `${channelUrl.replace(/\/+$/, '')}/live`
  return null
}

/**
 * What the dashboard says of streaming (issue 47): the service live now; the last streamed service whose recording
 * the channel never listed (or that no channel is set to find it on); and services whose typed day and time the
 * website could not read into a schedule.
 */
export async function streamingNotes({ db, clock }: { db: Db; clock: Clock }) {
  const [services, zone, channel, check] = await Promise.all([
    listServices({ db }),
    churchTimeZone({ db }),
    getYoutubeChannel({ db }),
    getYoutubeCheck({ db }),
  ])
  const now = clock.now()
  const streamed = services.filter((service) => service.streamed)
  const live = liveState({ services: streamed, zone, now })
  // Only a time after the service was last saved as it is: one from before it was streamed has nothing to find.
  const latest = lastStreamedOccurrence({ services: streamed, zone, now })
  const saved = latest && streamed.find((service) => service.id === latest.service.id)?.updated_at
  const last = latest && saved && latest.start.epochMilliseconds > Date.parse(saved) ? latest : null
  const recorded =
    last &&
    channel &&
    check?.channel_id === channel.channel_id &&
    (check.videos ?? []).some((listed) => {
      const found = streamedOccurrenceAt({ services: streamed, zone, at: new Date(listed.published) })
      return found?.start.epochMilliseconds === last.start.epochMilliseconds
    })
  return {
    liveNow:
      live?.state === 'live' ? { id: live.occurrence.service.id, name: live.occurrence.service.name } : null,
    noRecording:
      last && !recorded
        ? {
            id: last.service.id,
            name: last.service.name,
            start: last.start.toPlainDateTime(),
            channel: channel !== null,
          }
        : null,
    unread: services
      // Regular services are the weekly ones a schedule is for; a special one's words may be its own ('Easter Sunday').
      .filter((service) => service.type === 'regular' && !service.starts_at && (service.day || service.time))
      .map(({ id, name, day, time }) => ({ id, name, said: [day, time].filter(Boolean).join(', ') })),
  }
}

/**
 * A streamed service as the calendar writes it ("Add to calendar" on the live page): its name, words and times,
 * never all day; its page is the live page.
 */
export function serviceCalendarEntry(service: Service): CalendarEntry {
  return {
    id: `service-${service.id}`,
    title: service.name,
    description: service.description ?? null,
    location: service.location ?? null,
    sequence: 0,
    created_at: service.created_at,
    updated_at: service.updated_at,
    starts_at: service.starts_at ?? null,
    ends_at: service.ends_at ?? null,
    all_day: false,
    recurrence: service.recurrence ?? null,
    exdates: service.exdates ?? [],
  }
}
