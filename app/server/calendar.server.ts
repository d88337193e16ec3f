import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import { ICalCalendar } from 'ical-generator'
import { Temporal } from 'temporal-polyfill'

import { type EventTiming, parseLocalDate, parseLocalDateTime, ruleParts } from '#app/lib/event-dates.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import type { EventRecord } from '#app/models/events.server.ts'

import { timingOf } from './events.server.ts'

export interface FeedSite {
  origin: string
  /**
   * The site's address when known (PUBLIC_URL, or confirmed in Settings), else null: a UID is stored by every
   * calendar that subscribes, so it never names the host a request happened to use.
   */
  siteAddress: string | null
  churchName: string
  zone: string
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

/**
 * Each event's VEVENT as last written, by what it depends on (the record's version, the zone and the site's
 * address): a feed of a thousand events is written once, and after a change only the changed event is written
 * again (writing one takes ical-generator and the Temporal polyfill about a millisecond on a busy machine).
 */
const written = new Map<string, string>()
const WRITTEN_MAX = 5000

function veventOf(event: EventRecord, site: FeedSite) {
  const key = `${site.origin}|${site.siteAddress}|${site.zone}|${event.id}|${event.updated_at}|${event.sequence}`
  const known = written.get(key)
  if (known !== undefined) return known
  const calendar = new ICalCalendar()
  if (!addEvent(calendar, event, site)) return ''
  const text = calendar.events()[0].toString()
  if (written.size >= WRITTEN_MAX) written.delete(written.keys().next().value!)
  written.set(key, text)
  return text
}

/** Adds `event` to `calendar` as one VEVENT (a repeating one with its rule); false for an undated event. */
function addEvent(calendar: ICalCalendar, event: EventRecord, site: FeedSite) {
  const timing = timingOf(event)
  const start = parseLocalDateTime(timing.starts_at)
  if (!start) return false
  const end = parseLocalDateTime(timing.ends_at)
  const allDay = timing.all_day
  calendar.createEvent({
    // Stable across edits and requests: the record's id at the site's host (at 'lampstand' until one is known).
    id: `${event.id}@${site.siteAddress ? new URL(site.siteAddress).host : 'lampstand'}`,
    sequence: event.sequence,
    // A published feed (no METHOD) dates each event by its last revision (RFC 5545 §3.8.7.2).
    stamp: new Date(event.updated_at),
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
  return true
}

/**
 * The calendar holding `events`, one VEVENT each (a repeating one with its rule), times in the church's zone with
 * its VTIMEZONE (from @touch4it/ical-timezones; without one, the TZID alone: IANA names are understood by the
 * calendar apps that matter).
 */
export function calendarIcs(events: readonly EventRecord[], site: FeedSite, name = site.churchName) {
  // NOTE: the calendar gets no zone name, or ical-generator writes DTSTAMP, CREATED and LAST-MODIFIED in it
  // without their UTC 'Z'; the events carry their TZID.
  const calendar = new ICalCalendar({
    name,
    prodId: { company: 'Lampstand', product: 'Church website', language: 'EN' },
    url: `${site.origin}/calendar.ics`,
    // Calendar apps refresh a subscription about this often (RFC 7986 REFRESH-INTERVAL and its older name).
    ttl: 6 * 60 * 60,
  })
  const vevents = events.map((event) => veventOf(event, site)).join('')
  const timed = events.some((event) => event.starts_at && !event.all_day)
  const vtimezone = timed ? (getVtimezoneComponent(site.zone)?.replace(/\r?\n/g, '\r\n').trim() ?? '') : ''
  // The calendar's own lines, then the zone and the events before its end.
  const head = calendar.toString().replace(/END:VCALENDAR(\r\n)?$/, '')
  return `${head}${vtimezone ? `${vtimezone}\r\n` : ''}${vevents}END:VCALENDAR\r\n`
}

/** The headers of a calendar answer; with a file name, a download (one event's file) rather than a feed. */
export function calendarHeaders(filename?: string) {
  return {
    'Content-Type': 'text/calendar; charset=utf-8',
    ...(filename ? { 'Content-Disposition': `attachment; filename="${filename}"` } : {}),
    'Cache-Control': 'no-cache',
  }
}
