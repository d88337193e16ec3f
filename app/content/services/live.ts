import { Temporal } from 'temporal-polyfill'

import { upcomingOccurrences } from '#app/dates/engine.ts'
import { serviceTiming } from './schema.ts'

/** The live page's states (issue 47), from the streamed services' schedules and the clock alone. */
export type LiveState = 'later' | 'soon' | 'live' | 'ended'

/** The stream is shown this long before a service starts… */
export const LIVE_BEFORE_MINUTES = 10
/** …and this long after it is due to end (longer while the channel shows it still running). */
export const LIVE_AFTER_MINUTES = 30
/** "Live in 25 minutes" from this long before the start. */
export const SOON_MINUTES = 60
/** How long a service without an end of its own lasts. */
export const DEFAULT_SERVICE_MINUTES = 90
/** The channel is read every 5 minutes from this long before a streamed service starts… */
export const RECORDING_BEFORE_MINUTES = 30
/** …until this long after it is due to end; its recording binds to it when it appeared in between. */
export const RECORDING_AFTER_MINUTES = 180
/** A recording becomes a draft sermon this long after its service ended (YouTube has processed it by then). */
export const SERMON_AFTER_MINUTES = 120

export interface StreamedService {
  id: string
  name: string
  starts_at: string | null
  ends_at: string | null
  recurrence: string | null
  exdates: readonly string[]
  /** Who usually preaches: the sermon made from its recording names them. */
  speaker_id?: string | null
}

/** One time a streamed service takes place, as instants. */
export interface LiveOccurrence {
  service: StreamedService
  start: Temporal.ZonedDateTime
  end: Temporal.ZonedDateTime
}

export interface LiveAnswer {
  state: LiveState
  /** The occurrence the state is about: the one live or just ended, else the next. */
  occurrence: LiveOccurrence
  /** When the state changes by the clock alone (ms since the epoch): a page made now is valid until then. */
  changesAt: number
}

const minutes = (count: number) => Temporal.Duration.from({ minutes: count })

/**
 * A streamed service's times from `from` on (at most `limit`), each with an end: its own, or
 * DEFAULT_SERVICE_MINUTES after its start. None for a schedule the date engine cannot work out (the dashboard names
 * it).
 */
function streamedOccurrences(
  service: StreamedService,
  zone: string,
  from: Temporal.PlainDate,
  limit: number,
): LiveOccurrence[] {
  const timing = serviceTiming(service)
  const key = JSON.stringify([timing, zone, from.toString(), limit])
  let times = occurrenceTimes.get(key)
  if (!times) {
    times = occurrenceTimesOf(timing, zone, from, limit)
    if (occurrenceTimes.size >= MAX_REMEMBERED_SCHEDULES) occurrenceTimes.clear()
    occurrenceTimes.set(key, times)
  }
  return times.map(({ start, end }) => ({ service, start, end }))
}

/**
 * Each schedule's times from a day on, worked out once: every page asks whether a service is live, and walking a
 * rule with the date engine was 4% of the home page's CPU. The times follow from the schedule, the zone and the
 * day alone (Temporal's values never change), so a schedule changed is a new key.
 */
const occurrenceTimes = new Map<string, ReadonlyArray<Omit<LiveOccurrence, 'service'>>>()
const MAX_REMEMBERED_SCHEDULES = 200

function occurrenceTimesOf(
  timing: ReturnType<typeof serviceTiming>,
  zone: string,
  from: Temporal.PlainDate,
  limit: number,
) {
  let found
  try {
    found = upcomingOccurrences(timing, zone, from, limit)
  } catch {
    return []
  }
  return found.map(({ start, end }) => {
    const begins = start.toZonedDateTime(zone)
    const ends = end.toZonedDateTime(zone)
    return {
      start: begins,
      end:
        Temporal.ZonedDateTime.compare(ends, begins) > 0
          ? ends
          : begins.add(minutes(DEFAULT_SERVICE_MINUTES)),
    }
  })
}

/** A streamed service's times around `now` (from the day before on). */
function occurrencesAround(service: StreamedService, zone: string, now: Temporal.ZonedDateTime) {
  return streamedOccurrences(service, zone, now.toPlainDate().subtract({ days: 1 }), 4)
}

/** A stream's feed entry changed within this long before a read of the channel: it was still running then. */
export const RUNNING_SIGNAL_MINUTES = 10

/**
 * The live page's state at `now`: `live` from LIVE_BEFORE_MINUTES before a streamed service starts until
 * LIVE_AFTER_MINUTES after it is due to end, or until `running.until` while the channel's feed shows its stream
 * still running (never cut at the scheduled end); `ended` after that for the rest of its day; `soon` within
 * SOON_MINUTES of the next start; `later` otherwise. Null when no streamed service has a time to come.
 */
export function liveState({
  services,
  zone,
  now,
  running,
}: {
  services: readonly StreamedService[]
  zone: string
  now: Date
  /**
   * The occurrence (of `service`, starting at `start`) whose stream the channel's feed shows running until at least
   * `until` (ms since the epoch).
   */
  running?: { service: string; start: number; until: number } | null
}): LiveAnswer | null {
  const moment = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone)
  const at = moment.epochMilliseconds
  const occurrences = services
    .flatMap((service) => occurrencesAround(service, zone, moment))
    .sort((a, b) => Temporal.ZonedDateTime.compare(a.start, b.start))
  const windowOf = (occurrence: LiveOccurrence) => {
    const from = occurrence.start.subtract(minutes(LIVE_BEFORE_MINUTES)).epochMilliseconds
    const scheduled = occurrence.end.add(minutes(LIVE_AFTER_MINUTES)).epochMilliseconds
    const runs =
      running &&
      running.service === occurrence.service.id &&
      running.start === occurrence.start.epochMilliseconds
    return { from, until: Math.max(scheduled, runs ? running.until : 0) }
  }
  const live = occurrences.find((occurrence) => {
    const { from, until } = windowOf(occurrence)
    return from <= at && at < until
  })
  if (live) return { state: 'live', occurrence: live, changesAt: windowOf(live).until }

  const next = occurrences.find((occurrence) => windowOf(occurrence).from > at)
  const soonFrom = next ? next.start.subtract(minutes(SOON_MINUTES)).epochMilliseconds : Infinity
  if (next && at >= soonFrom) return { state: 'soon', occurrence: next, changesAt: windowOf(next).from }

  // The last one over, if its day (in the church's zone) is today: "Watch again" until the day ends.
  const endOfDay = moment.toPlainDate().add({ days: 1 }).toZonedDateTime({ timeZone: zone }).epochMilliseconds
  const over = occurrences.filter((occurrence) => windowOf(occurrence).until <= at).at(-1)
  if (over && windowOf(over).until > moment.startOfDay().epochMilliseconds) {
    return { state: 'ended', occurrence: over, changesAt: Math.min(endOfDay, soonFrom) }
  }
  if (!next) return null
  return { state: 'later', occurrence: next, changesAt: Math.min(soonFrom, endOfDay) }
}

/** Whole minutes from `now` until the occurrence starts (at least 1): "Live in 25 minutes". */
export function minutesUntil(occurrence: LiveOccurrence, now: Date) {
  return Math.max(1, Math.ceil((occurrence.start.epochMilliseconds - now.getTime()) / 60_000))
}

/** An instant as ISO 8601 with the church's offset: `2027-03-28T10:30:00+01:00`. */
export function isoWithOffset(time: Temporal.ZonedDateTime) {
  return time.toString({ timeZoneName: 'never', smallestUnit: 'second' })
}

/**
 * The streamed occurrence whose recording window (RECORDING_BEFORE_MINUTES before its start until
 * RECORDING_AFTER_MINUTES after its end) holds `at`, or null: a video published then is that service's stream.
 */
export function streamedOccurrenceAt({
  services,
  zone,
  at,
}: {
  services: readonly StreamedService[]
  zone: string
  at: Date
}): LiveOccurrence | null {
  const moment = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(zone)
  const time = at.getTime()
  return (
    services
      .flatMap((service) => occurrencesAround(service, zone, moment))
      .find(
        (occurrence) =>
          occurrence.start.subtract(minutes(RECORDING_BEFORE_MINUTES)).epochMilliseconds <= time &&
          time <= occurrence.end.add(minutes(RECORDING_AFTER_MINUTES)).epochMilliseconds,
      ) ?? null
  )
}

/**
 * The last time a streamed service took place whose recording window is over (RECORDING_AFTER_MINUTES after its
 * end), within the last 8 days: the one whose recording the dashboard looks for. Null when there is none.
 */
export function lastStreamedOccurrence({
  services,
  zone,
  now,
}: {
  services: readonly StreamedService[]
  zone: string
  now: Date
}): LiveOccurrence | null {
  const moment = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone)
  const from = moment.subtract({ days: 8 }).toPlainDate()
  const found = services
    .flatMap((service) => streamedOccurrences(service, zone, from, 20))
    .filter(
      (occurrence) => occurrence.end.add(minutes(RECORDING_AFTER_MINUTES)).epochMilliseconds <= now.getTime(),
    )
  return found.sort((a, b) => Temporal.ZonedDateTime.compare(a.start, b.start)).at(-1) ?? null
}
