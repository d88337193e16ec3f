import { getVtimezoneComponent } from '@touch4it/ical-timezones'
import { escape, foldLines, ICalCalendar, ICalCalendarMethod } from 'ical-generator'
import { Temporal } from 'temporal-polyfill'

import { type EventTiming, parseLocalDate, parseLocalDateTime, ruleParts, ruleProblem } from './engine.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import { languagePath } from '#app/lib/languages.ts'

import { timingOf } from './timing.ts'

export interface FeedSite {
  origin: string
  /**
   * The site's address when known (PUBLIC_URL, or confirmed in Settings), else null: a UID is stored by every
   * calendar that subscribes, so it never names the host a request happened to use.
   */
  siteAddress: string | null
  churchName: string
  zone: string
  /**
   * The feed's language and the site's (the main one first): the events come in it, and the addresses it gives
   * are its pages' (`/ml/events/<id>` for `/ml/calendar.ics`). The main language's when absent.
   */
  language?: { language: string; languages: readonly string[] }
}

/** A page's address in the feed's language. */
function inFeedLanguage({ language }: FeedSite, path: string) {
  return language ? languagePath(path, language.language, language.languages) : path
}

/**
 * Every character some calendar reader takes for the end of a line: CR, LF and CRLF, which ical-generator escapes
 * as `\n`, but also those it writes as they are (VT, FF, the file, group and record separators, NEL, U+2028 and
 * U+2029: Python's `splitlines`, or a JavaScript `.` that stops at them), which would end the property there.
 */
// eslint-disable-next-line no-control-regex -- finding them is the point
const LINE_BREAKS = /\r\n|[\r\n\u000b\u000c\u001c-\u001e\u0085\u2028\u2029]/g
/** The other control characters, which RFC 5545 allows in no text value (a tab is allowed). */
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROLS = /[\u0000-\u0008\u000e-\u001b\u001f\u007f]/g

/** Text for a property of one line (a title, a calendar's name, a description made of HTML): each break a space. */
export function icsLine(text: string) {
  return text.replace(LINE_BREAKS, ' ').replace(CONTROLS, '')
}

/** Text for a property that may have several lines (a place): each break a newline, which is escaped as `\n`. */
export function icsLines(text: string) {
  return text.replace(LINE_BREAKS, '\n').replace(CONTROLS, '')
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

/** What a VEVENT is written from: an event, or another record with its times (a streamed service, issue 47). */
export interface CalendarEntry extends EventTiming {
  id: string
  title: string
  description: string | null
  location: string | null
  sequence: number
  created_at: string
  updated_at: string
}
const WRITTEN_MAX = 5000

function veventOf(event: CalendarEntry, site: FeedSite, uidSuffix = '', page?: string) {
  // The language too: an event's words differ from one to the next, its version does not.
  const key = `${site.origin}|${site.siteAddress}|${site.zone}|${site.language?.language ?? ''}|${event.id}${uidSuffix}|${event.updated_at}|${event.sequence}|${event.starts_at}|${page}`
  const known = written.get(key)
  if (known !== undefined) return known
  const text = veventText(event, site, uidSuffix, undefined, page)
  if (!text) return ''
  if (written.size >= WRITTEN_MAX) written.delete(written.keys().next().value!)
  written.set(key, text)
  return text
}

/** One event's VEVENT, written now; '' when it cannot be (addEvent). */
function veventText(event: CalendarEntry, site: FeedSite, uidSuffix = '', stamp?: Date, page?: string) {
  const calendar = new ICalCalendar()
  if (!addEvent(calendar, event, site, uidSuffix, stamp, page)) return ''
  return calendar.events()[0].toString()
}

/**
 * Adds `event` to `calendar` as one VEVENT (a repeating one with its rule); false for an undated event, and for
 * one whose rule the website cannot work out (stored before rules were bounded): a calendar app would fare no
 * better with it.
 */
function addEvent(
  calendar: ICalCalendar,
  event: CalendarEntry,
  site: FeedSite,
  uidSuffix = '',
  stamp?: Date,
  page = `/events/${event.id}`,
) {
  const timing = timingOf(event)
  const start = parseLocalDateTime(timing.starts_at)
  if (!start || ruleProblem(timing, site.zone) !== null) return false
  const end = parseLocalDateTime(timing.ends_at)
  const allDay = timing.all_day
  calendar.createEvent({
    // Stable across edits and requests: the record's id at the site's host (at 'lampstand' until one is known).
    id: `${event.id}${uidSuffix}@${site.siteAddress ? new URL(site.siteAddress).host : 'lampstand'}`,
    sequence: event.sequence,
    // A published feed (no METHOD) dates each event by its last revision, a file with a METHOD by when it was made
    // (RFC 5545 §3.8.7.2).
    stamp: stamp ?? new Date(event.updated_at),
    created: new Date(event.created_at),
    lastModified: new Date(event.updated_at),
    // ical-generator escapes these (`\`, `;`, `,` and CR/LF); the other line breaks are made plain first.
    summary: icsLine(event.title),
    description: event.description ? icsLine(htmlToText(event.description)) : undefined,
    location: event.location ? icsLines(event.location) : undefined,
    url: `${site.origin}${inFeedLanguage(site, page)}`,
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

export interface CalendarOptions {
  /** The calendar's name (a feed's): the church's by default. */
  name?: string
  /** Added to each UID: one date of a repeating event, sent as a file of its own, is not the whole series. */
  uidSuffix?: string
  /**
   * A file sent to someone at this time (a registration's e-mail), not a feed: `METHOD:PUBLISH` with DTSTAMP then,
   * and none of a feed's lines (its address, name and refresh interval): it is an event to add, not a calendar to
   * subscribe to.
   */
  sentAt?: Date
  /** The page each event leads back to, instead of its own event page (a streamed service's `/live`). */
  page?: string
}

/**
 * The calendar holding `events`, one VEVENT each (a repeating one with its rule), times in the church's zone with
 * its VTIMEZONE (from @touch4it/ical-timezones; without one, the TZID alone: IANA names are understood by the
 * calendar apps that matter).
 */
export function calendarIcs(
  events: readonly CalendarEntry[],
  site: FeedSite,
  { name = site.churchName, uidSuffix = '', sentAt, page }: CalendarOptions = {},
) {
  // NOTE: the calendar gets no zone name, or ical-generator writes DTSTAMP, CREATED and LAST-MODIFIED in it
  // without their UTC 'Z'; the events carry their TZID. Nor its name: ical-generator writes NAME and
  // X-WR-CALNAME unescaped, so a line break in an event's title would end them and start lines of its own.
  const calendar = new ICalCalendar({
    prodId: { company: 'Lampstand', product: 'Church website', language: 'EN' },
    ...(sentAt
      ? { method: ICalCalendarMethod.PUBLISH }
      : {
          url: `${site.origin}${inFeedLanguage(site, '/calendar.ics')}`,
          // Calendar apps refresh a subscription about this often (RFC 7986 REFRESH-INTERVAL and its older name).
          ttl: 6 * 60 * 60,
        }),
  })
  // A file's events are written afresh, dated when it is sent (one or two events: the cache is the feed's).
  const vevents = events
    .map((event) =>
      sentAt ? veventText(event, site, uidSuffix, sentAt, page) : veventOf(event, site, uidSuffix, page),
    )
    .join('')
  const timed = events.some((event) => event.starts_at && !event.all_day)
  const vtimezone = timed ? (getVtimezoneComponent(site.zone)?.replace(/\r?\n/g, '\r\n').trim() ?? '') : ''
  const title = escape(icsLine(name), false)
  const names = sentAt ? '' : `${foldLines(`NAME:${title}\r\nX-WR-CALNAME:${title}`)}\r\n`
  // The calendar's own lines and a feed's name, then the zone and the events before its end.
  const head = calendar.toString().replace(/END:VCALENDAR(\r\n)?$/, '')
  return `${head}${names}${vtimezone ? `${vtimezone}\r\n` : ''}${vevents}END:VCALENDAR\r\n`
}

/** The headers of a calendar answer; with a file name, a download (one event's file) rather than a feed. */
export function calendarHeaders(filename?: string) {
  return {
    'Content-Type': 'text/calendar; charset=utf-8',
    ...(filename ? { 'Content-Disposition': `attachment; filename="${filename}"` } : {}),
    'Cache-Control': 'no-cache',
  }
}

/**
 * The Google Calendar address that opens "add event" filled in (its template link), in the church's zone; null
 * when Google cannot be told the whole event. Its link carries one RRULE (UNTIL written as RFC 5545 wants, like the
 * feed's) but no skip dates: a weekly service skipped on 27 December would land in the visitor's calendar on that
 * day, so such events offer the .ics alone. Its details end with the event's page (`pageUrl`, in the page's language).
 */
export function googleCalendarUrl(event: CalendarEntry, zone: string, pageUrl: string) {
  const timing = timingOf(event)
  const start = parseLocalDateTime(timing.starts_at)
  if (!start) return null
  if (timing.recurrence && timing.exdates.some((text) => parseLocalDate(text))) return null
  const end = parseLocalDateTime(timing.ends_at) ?? start
  const dates = timing.all_day
    ? `${icsDate(start.toPlainDate())}/${icsDate(end.toPlainDate().add({ days: 1 }))}`
    : `${icsLocal(start)}/${icsLocal(end)}`
  const params = new URLSearchParams({ action: 'TEMPLATE', text: event.title, dates, ctz: zone })
  const details = [event.description ? htmlToText(event.description) : '', pageUrl]
  params.set('details', details.filter(Boolean).join('\n\n'))
  if (event.location) params.set('location', event.location)
  if (timing.recurrence) params.set('recur', recurrenceLines(timing, zone))
  return `https://calendar.google.com/calendar/render?${params.toString()}`
}
