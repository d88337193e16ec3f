import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import { ICalCalendar } from 'ical-generator'
import { Temporal } from 'temporal-polyfill'

import { type EventTiming, parseLocalDate, parseLocalDateTime, ruleParts } from '#app/lib/event-dates.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import type { EventRecord } from '#app/models/events.server.ts'

import { timingOf } from './events.server.ts'

export interface FeedSite {
  origin: string
  churchName: string
  zone: string
  /** DTSTAMP: when the feed was made, by the injected clock. */
  now: Date
}

/** `20261220T181500`: a local date-time as iCalendar writes it. */
function icsLocal(value: Temporal.PlainDateTime) {
  return value.toString({ smallestUnit: 'second' }).replace(/[-:]/g, '')
}

function icsDate(value: Temporal.PlainDate) {
  return value.toString().replace(/-/g, '')
}

/**
 * The RRULE and EXDATE lines of a repeating event. RFC 5545 wants UNTIL in UTC when DTSTART has a time zone,
 * and a plain date when DTSTART is a date: a stored `UNTIL=20270601` (the last day, in the church's zone) is
 * written accordingly. Skip dates become EXDATEs at the event's own time.
 */
export function recurrenceLines(timing: EventTiming, zone: string) {
  const start = parseLocalDateTime(timing.starts_at)!
  const parts = Object.entries(ruleParts(timing.recurrence!)).map(([name, value]) => {
    if (name !== 'UNTIL' || !value) return `${name}=${value}`
    const day = /^(\d{4})(\d{2})(\d{2})/.exec(value)!
    const date = Temporal.PlainDate.from(`${day[1]}-${day[2]}-${day[3]}`)
    if (timing.all_day) return `UNTIL=${icsDate(date)}`
    if (value.endsWith('Z')) return `UNTIL=${value}`
    const endOfDay = date.toPlainDateTime({ hour: 23, minute: 59, second: 59 }).toZonedDateTime(zone)
    return `UNTIL=${endOfDay
      .toInstant()
      .toString()
      .replace(/[-:]|\.\d+/g, '')}`
  })
  const lines = [`RRULE:${parts.join(';')}`]
  const skipped = timing.exdates.flatMap((text) => {
    const day = parseLocalDate(text)
    return day ? [day] : []
  })
  if (skipped.length > 0) {
    lines.push(
      timing.all_day
        ? `EXDATE;VALUE=DATE:${skipped.map(icsDate).join(',')}`
        : `EXDATE;TZID=${zone}:${skipped.map((day) => icsLocal(day.toPlainDateTime(start.toPlainTime()))).join(',')}`,
    )
  }
  return lines.join('\r\n')
}

/** The calendar holding `events`, one VEVENT each (a repeating one with its rule), times in the church's zone. */
export function calendarIcs(events: readonly EventRecord[], site: FeedSite, name = site.churchName) {
  const host = new URL(site.origin).host
  const calendar = new ICalCalendar({
    name,
    prodId: { company: 'Lampstand', product: 'Church website', language: 'EN' },
    url: `${site.origin}/calendar.ics`,
    // Calendar apps refresh a subscription about this often (RFC 7986 REFRESH-INTERVAL and its older name).
    ttl: 6 * 60 * 60,
  })
  // A VTIMEZONE for the events' zone when the zone library has it (otherwise the TZID alone: IANA names are
  // understood by the calendar apps that matter). NOTE: the calendar itself gets no zone name, or
  // ical-generator writes DTSTAMP, CREATED and LAST-MODIFIED in it without their UTC 'Z'.
  calendar.timezone({ name: null, generator: getVtimezoneComponent })
  for (const event of events) {
    const timing = timingOf(event)
    const start = parseLocalDateTime(timing.starts_at)
    if (!start) continue
    const end = parseLocalDateTime(timing.ends_at)
    const allDay = timing.all_day
    calendar.createEvent({
      // Stable across edits: the record's id at the site's host.
      id: `${event.id}@${host}`,
      sequence: event.sequence,
      stamp: site.now,
      created: new Date(event.created_at),
      lastModified: new Date(event.updated_at),
      summary: event.title,
      description: event.description ? htmlToText(event.description) : undefined,
      location: event.location ?? undefined,
      url: `${site.origin}/events/${event.id}`,
      timezone: allDay ? null : site.zone,
      allDay,
      start: allDay ? start.toPlainDate() : start,
      // An all-day event ends (exclusively) the day after its last day; a timed one without an end is a moment.
      end: allDay
        ? (end ?? start).toPlainDate().add({ days: 1 })
        : end && Temporal.PlainDateTime.compare(end, start) > 0
          ? end
          : undefined,
      repeating: timing.recurrence ? recurrenceLines(timing, site.zone) : null,
    })
  }
  return calendar.toString()
}

/** The headers of a calendar answer; with a file name, a download (one event's file) rather than a feed. */
export function calendarHeaders(filename?: string) {
  return {
    'Content-Type': 'text/calendar; charset=utf-8',
    ...(filename ? { 'Content-Disposition': `attachment; filename="${filename}"` } : {}),
    'Cache-Control': 'no-cache',
  }
}
