import type { Temporal } from 'temporal-polyfill'

import { isSourceLanguage, SOURCE_LANGUAGE } from '#app/lib/languages.ts'
import type { Db } from '#app/db/database.server.ts'
import type { Clock } from '#app/lib/clock.ts'
import { lastDay, type Occurrence, UnworkableRuleError, upcomingOccurrences } from '#app/dates/engine.ts'
import { churchToday } from '#app/content/church-info/model.server.ts'
import { textsFor } from '#app/i18n/texts.ts'
import { dateWords } from '#app/dates/words.ts'
import { timingOf } from '#app/dates/timing.ts'
import type { Locale } from '#app/models/locale.server.ts'
import {
  type EventRecord,
  listRepeatingEvents,
  listUndatedEvents,
  countUpcomingOneTimeEvents,
  listUpcomingOneTimeEvents,
} from './model.server.ts'

interface EventsDeps {
  db: Db
  clock: Clock
}

/** An event with its next occurrence (today's included), worked out in the church's zone. */
export interface ScheduledEvent<E extends EventRecord = EventRecord> {
  event: E
  next: Occurrence | null
}

/** What working out an event's next date found: the date, or why its rule cannot be worked out. */
interface NextDate {
  next: Occurrence | null
  problem: string | null
}

/**
 * Each event's next date, by what it depends on (the record's version, the zone and the day): every page that
 * lists events asks for the same ones, and walking a rule through the Temporal polyfill costs about a millisecond,
 * so a hundred repeating events are worked out once a day (and again only when one changes), not on every render.
 */
const nextDates = new Map<string, NextDate>()
const NEXT_DATES_MAX = 5000

/**
 * An event's next date; for a repeating event whose rule cannot be worked out (stored before the rules were
 * bounded), no date and the reason, in staff's words: a page shows its rule as text instead of failing.
 */
export function nextDateOf(event: EventRecord, zone: string, today: Temporal.PlainDate): NextDate {
  const key = `${event.id}|${event.updated_at}|${zone}|${today.toString()}`
  let found = nextDates.get(key)
  if (found === undefined) {
    try {
      found = { next: upcomingOccurrences(timingOf(event), zone, today, 1)[0] ?? null, problem: null }
    } catch (error) {
      // Whatever one stored record does to the date library, the pages that list it still answer.
      found = {
        next: null,
        problem:
          error instanceof UnworkableRuleError
            ? error.message
            : `This event's dates cannot be worked out: ${error instanceof Error ? error.message : String(error)}`,
      }
    }
    if (nextDates.size >= NEXT_DATES_MAX) nextDates.delete(nextDates.keys().next().value!)
    nextDates.set(key, found)
  }
  return found
}

function nextOf<E extends EventRecord>(event: E, zone: string, today: Temporal.PlainDate) {
  return { event, ...nextDateOf(event, zone, today) }
}

function bySoonest<E extends EventRecord>(a: ScheduledEvent<E>, b: ScheduledEvent<E>) {
  const left = a.next!.start.toString()
  const right = b.next!.start.toString()
  return left < right ? -1 : left > right ? 1 : a.event.title.localeCompare(b.event.title)
}

/**
 * What the public pages list: one-time events that have not ended, soonest first (at most `limit`), repeating
 * events with their next date (those with none left are dropped), and events that have only their old text.
 * Each rule is walked only to its next date; repeating events whose rule cannot be worked out come apart, with
 * the reason, to be shown by their rule's text.
 */
export async function upcomingEvents<L extends Locale | undefined = undefined>({
  db,
  clock,
  limit,
  locale,
}: EventsDeps & { limit?: number; locale?: L }) {
  const { zone, today } = await churchToday({ db, clock })
  const [oneTime, repeating, undated, total] = await Promise.all([
    listUpcomingOneTimeEvents({ db, today: today.toString(), limit, locale }),
    listRepeatingEvents({ db, locale }),
    listUndatedEvents({ db, locale }),
    limit === undefined ? null : countUpcomingOneTimeEvents({ db, today: today.toString() }),
  ])
  const scheduled = repeating.map((event) => nextOf(event, zone, today))
  const now = clock.now()
  return {
    zone,
    today,
    /** One-time events not yet over beyond the `limit` listed. */
    more: total === null ? 0 : Math.max(0, total - oneTime.length),
    oneTime: oneTime.map((event) => nextOf(event, zone, today)).filter((item) => item.next !== null),
    repeating: scheduled.filter((item) => item.next !== null).sort(bySoonest),
    /** Events whose date is text the site cannot read: every one, for the dashboard to ask for dates. */
    undated,
    /** Those of them visitors still see: added in the last UNDATED_SHOWN_DAYS days. */
    undatedShown: undated.filter((event) => undatedStillShown(event, now)),
    /** Repeating events whose rule cannot be worked out, with the reason in staff's words. */
    unworkable: scheduled.flatMap(({ event, problem }) => (problem === null ? [] : [{ event, problem }])),
  }
}

/**
 * How long an event whose date cannot be read stays on the public pages after it was added: the site cannot tell
 * when it is over, so without a date from staff (the dashboard asks) it would be shown for ever.
 */
export const UNDATED_SHOWN_DAYS = 30

export function undatedStillShown(event: Pick<EventRecord, 'created_at'>, now: Date) {
  return Date.parse(event.created_at) > now.getTime() - UNDATED_SHOWN_DAYS * 24 * 60 * 60 * 1000
}

/** The next `count` events by date, repeating ones at their next date: the home page and the dashboard. */
export async function nextEvents<L extends Locale | undefined = undefined>({
  db,
  clock,
  count,
  locale,
}: EventsDeps & { count: number; locale?: L }) {
  const { zone, today, oneTime, repeating, undated, unworkable } = await upcomingEvents({
    db,
    clock,
    limit: count,
    locale,
  })
  return {
    zone,
    today,
    events: [...oneTime, ...repeating].sort(bySoonest).slice(0, count),
    undated,
    unworkable,
  }
}

/**
 * A repeating event's rule in words, with its time: 'Every Sunday at 10:30 AM'. A rule the words cannot say is
 * given as it is stored.
 */
export function ruleText(event: EventRecord, language = SOURCE_LANGUAGE) {
  let words: string
  try {
    words = dateWords(language).ruleText(timingOf(event)) || (event.recurrence ?? '')
  } catch {
    words = event.recurrence ?? ''
  }
  if (!event.time) return words
  return isSourceLanguage(language)
    ? `${words} at ${event.time}`
    : textsFor(language)('dates.at', { words, time: event.time })
}

/** Whether a one-time event is over (its last day is before today). */
export function hasEnded(event: EventRecord, today: Temporal.PlainDate) {
  const last = lastDay(timingOf(event))
  return last !== null && last < today.toString()
}

/** 'next Sunday 29 November' (with the year when it is not this year's). */
export function nextDateText(next: Occurrence, today: Temporal.PlainDate, language = SOURCE_LANGUAGE) {
  return dateWords(language).date(next.start, next.start.year !== today.year)
}

/** The instant of a local date-time in the church's zone, ISO 8601 with its offset (structured data). */
export function zonedIso(value: Temporal.PlainDateTime, zone: string, dateOnly = false) {
  if (dateOnly) return value.toPlainDate().toString()
  const zoned = value.toZonedDateTime(zone)
  return `${zoned.toPlainDateTime().toString({ smallestUnit: 'second' })}${zoned.offset}`
}

/** What the calendar feed holds: every one-time event not yet over and every repeating one, by start. */
export async function feedEvents<L extends Locale | undefined = undefined>({
  db,
  clock,
  locale,
}: EventsDeps & { locale?: L }) {
  const { zone, today } = await churchToday({ db, clock })
  const [oneTime, repeating] = await Promise.all([
    listUpcomingOneTimeEvents({ db, today: today.toString(), locale }),
    listRepeatingEvents({ db, locale }),
  ])
  return { zone, events: [...oneTime, ...repeating] }
}
