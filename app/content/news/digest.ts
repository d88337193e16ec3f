/**
 * The weekly news' content (issue 48), worked out from what the site already holds: the next 7 days' dates of
 * events and services (each occurrence, as the calendar feed expands them: skip dates left out), the newest sermon
 * when it is new this week, and the live page when a streamed service falls in the week. Pure: the caller reads
 * the records (in the subscriber's language) and the clock; nothing here touches a database.
 */
import { Temporal } from 'temporal-polyfill'

import { dateWords } from '#app/dates/words.ts'
import {
  type EventTiming,
  formatLocalDateTime,
  todayIn,
  UnworkableRuleError,
  upcomingOccurrences,
} from '#app/dates/engine.ts'

/** The days a digest covers, today (the church's date when it is made) included. */
export const DIGEST_DAYS = 7
/** The most dates one event or service gives a week: a daily one at most twice a day, to be safe. */
const DATES_PER_ENTRY_MAX = DIGEST_DAYS * 2 + 1

/** An event or a service with its dates, in the subscriber's language. */
export interface DigestEntry {
  kind: 'event' | 'service'
  title: string
  location: string | null
  /** Its page (`/events/<id>`, `/services`), in the subscriber's language. */
  path: string
  timing: EventTiming
  /** A service streamed on the live page. */
  streamed?: boolean
}

export interface DigestSermon {
  title: string
  /** Its page, in the subscriber's language. */
  path: string
  /** YYYY-MM-DD. */
  preached_on: string
  speaker: string | null
}

export interface DigestDate {
  kind: 'event' | 'service'
  title: string
  location: string | null
  path: string
  /** The local start (`2027-01-09T10:30`), for ordering. */
  start: string
  /** When, in words of the subscriber's language. */
  when: string
}

export interface Digest {
  /** The first and last day covered (YYYY-MM-DD). */
  from: string
  to: string
  dates: DigestDate[]
  sermon: DigestSermon | null
  /** The live page, when a streamed service falls in the week. */
  live: string | null
  /** Staff's notice, safe HTML in the subscriber's language, while it has not expired. */
  notice: string | null
}

/**
 * This week's digest as of `now`, or null when there is nothing to say (no date in the week and no new sermon):
 * then nothing is sent. Dates already over at `now` are left out; a rule whose dates cannot be worked out gives
 * none (the dashboard names it). The sermon is the newest published one, given by the caller, shown when it was
 * preached in the last 7 days. Staff's notice (already made safe, and left out by the caller once expired) is news
 * of its own: a week with only a notice is sent.
 */
export function assembleDigest({
  zone,
  now,
  language,
  entries,
  sermon,
  livePath,
  notice = null,
}: {
  zone: string
  now: Date
  language: string
  entries: readonly DigestEntry[]
  sermon: DigestSermon | null
  livePath: string
  notice?: string | null
}): Digest | null {
  const today = todayIn(zone, now)
  const last = today.add({ days: DIGEST_DAYS - 1 })
  const localNow = Temporal.Instant.fromEpochMilliseconds(now.getTime())
    .toZonedDateTimeISO(zone)
    .toPlainDateTime()
  const words = dateWords(language)
  const dates: Array<DigestDate & { streamed: boolean }> = []
  for (const entry of entries) {
    let occurrences
    try {
      occurrences = upcomingOccurrences(entry.timing, zone, today, DATES_PER_ENTRY_MAX)
    } catch (error) {
      if (error instanceof UnworkableRuleError) continue
      throw error
    }
    for (const occurrence of occurrences) {
      if (Temporal.PlainDate.compare(occurrence.start.toPlainDate(), last) > 0) break
      // Over already: an all-day date before today, any other once its end (or its start, without one) has passed.
      const ends =
        Temporal.PlainDateTime.compare(occurrence.end, occurrence.start) > 0
          ? occurrence.end
          : occurrence.start
      const over = entry.timing.all_day
        ? Temporal.PlainDate.compare(occurrence.end.toPlainDate(), today) < 0
        : Temporal.PlainDateTime.compare(ends, localNow) < 0
      if (over) continue
      dates.push({
        kind: entry.kind,
        title: entry.title,
        location: entry.location,
        path: entry.path,
        start: formatLocalDateTime(occurrence.start),
        when: words.occurrenceText(entry.timing, occurrence),
        streamed: Boolean(entry.streamed),
      })
    }
  }
  dates.sort((a, b) => a.start.localeCompare(b.start) || a.title.localeCompare(b.title))
  const weekAgo = today.subtract({ days: DIGEST_DAYS }).toString()
  const newSermon =
    sermon && sermon.preached_on >= weekAgo && sermon.preached_on <= today.toString() ? sermon : null
  if (dates.length === 0 && !newSermon && !notice) return null
  return {
    from: today.toString(),
    to: last.toString(),
    dates: dates.map(({ streamed: _streamed, ...date }) => date),
    sermon: newSermon,
    live: dates.some((date) => date.streamed) ? livePath : null,
    notice,
  }
}
