import type { Temporal } from 'temporal-polyfill'

import type { Db } from '#app/db/database.server.ts'
import type { Clock } from '#app/lib/clock.ts'
import {
  type EventTiming,
  formatDate,
  lastDay,
  type Occurrence,
  todayIn,
  upcomingOccurrences,
} from '#app/lib/event-dates.ts'
import { DEFAULT_TIME_ZONE } from '#app/lib/time-zone.ts'
import { getChurchInfo } from '#app/models/church-info.server.ts'
import {
  type EventRecord,
  listRepeatingEvents,
  listUndatedEvents,
  listUpcomingOneTimeEvents,
} from '#app/models/events.server.ts'

interface EventsDeps {
  db: Db
  clock: Clock
}

/** The church's time zone (its setting, or the default when there is no church info yet). */
export async function churchTimeZone(db: Db) {
  return (await getChurchInfo({ db }))?.timezone ?? DEFAULT_TIME_ZONE
}

/** The church's time zone and its date today, by the injected clock. */
export async function churchToday({ db, clock }: EventsDeps) {
  const zone = await churchTimeZone(db)
  return { zone, today: todayIn(zone, clock.now()) }
}

export function timingOf(event: EventRecord): EventTiming {
  return {
    starts_at: event.starts_at,
    ends_at: event.ends_at,
    all_day: event.all_day,
    recurrence: event.recurrence,
    exdates: event.exdates,
  }
}

/** An event with its next occurrence (today's included), worked out in the church's zone. */
export interface ScheduledEvent {
  event: EventRecord
  next: Occurrence | null
}

function nextOf(event: EventRecord, zone: string, today: Temporal.PlainDate): ScheduledEvent {
  return { event, next: upcomingOccurrences(timingOf(event), zone, today, 1)[0] ?? null }
}

function bySoonest(a: ScheduledEvent, b: ScheduledEvent) {
  const left = a.next!.start.toString()
  const right = b.next!.start.toString()
  return left < right ? -1 : left > right ? 1 : a.event.title.localeCompare(b.event.title)
}

/**
 * What the public pages list: one-time events that have not ended, soonest first (at most `limit`), repeating
 * events with their next date (those with none left are dropped), and events that have only their old text.
 * Each rule is walked only to its next date.
 */
export async function upcomingEvents({ db, clock, limit }: EventsDeps & { limit?: number }) {
  const { zone, today } = await churchToday({ db, clock })
  const [oneTime, repeating, undated] = await Promise.all([
    listUpcomingOneTimeEvents({ db, today: today.toString(), limit }),
    listRepeatingEvents({ db }),
    listUndatedEvents({ db }),
  ])
  return {
    zone,
    today,
    oneTime: oneTime.map((event) => nextOf(event, zone, today)).filter((item) => item.next !== null),
    repeating: repeating
      .map((event) => nextOf(event, zone, today))
      .filter((item) => item.next !== null)
      .sort(bySoonest),
    undated,
  }
}

/** The next `count` events by date, repeating ones at their next date: the home page and the dashboard. */
export async function nextEvents({ db, clock, count }: EventsDeps & { count: number }) {
  const { zone, today, oneTime, repeating, undated } = await upcomingEvents({ db, clock, limit: count })
  return { zone, today, events: [...oneTime, ...repeating].sort(bySoonest).slice(0, count), undated }
}

/** Whether a one-time event is over (its last day is before today). */
export function hasEnded(event: EventRecord, today: Temporal.PlainDate) {
  const last = lastDay(timingOf(event))
  return last !== null && last < today.toString()
}

/** 'next Sunday 29 November' (with the year when it is not this year's). */
export function nextDateText(next: Occurrence, today: Temporal.PlainDate) {
  return formatDate(next.start, next.start.year !== today.year)
}
