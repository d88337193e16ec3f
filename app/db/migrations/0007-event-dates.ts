import type { Kysely } from 'kysely'
import { RRuleTemporal } from 'rrule-temporal'
import { Temporal } from 'temporal-polyfill'

interface StoredEvent {
  id: string
  date: string | null
  time: string | null
  is_regular: number | boolean
  created_at: string
}

/**
 * Events get real dates: `starts_at`/`ends_at` (local date-times in the church's zone), `all_day`, a
 * `recurrence` rule, skip dates (`exdates`), a map position and a `sequence` calendar clients read; church info gets the
 * church's time zone. Dates typed as plain text ('Sunday 20 December 2026' and '6:00 PM', 'Every Friday') are
 * read into them; the rest stay as typed and the dashboard lists them as needing a date. Services and
 * ministries get a position staff can change, numbered in the order they were added.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('church_info')
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo(DEFAULT_TIME_ZONE))
    .execute()
  await db.schema.alterTable('events').addColumn('starts_at', 'text').execute()
  await db.schema.alterTable('events').addColumn('ends_at', 'text').execute()
  await db.schema
    .alterTable('events')
    .addColumn('all_day', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('events').addColumn('recurrence', 'text').execute()
  await db.schema
    .alterTable('events')
    .addColumn('exdates', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute()
  await db.schema
    .alterTable('events')
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('events').addColumn('latitude', 'double precision').execute()
  await db.schema.alterTable('events').addColumn('longitude', 'double precision').execute()
  await db.schema.createIndex('events_starts_at_idx').on('events').column('starts_at').execute()

  const events: StoredEvent[] = await db
    .selectFrom('events')
    .select(['id', 'date', 'time', 'is_regular', 'created_at'])
    .execute()
  for (const event of events) {
    // A repeating event starts on its rule's first date on or after the day it was added.
    const added = Temporal.Instant.from(event.created_at).toZonedDateTimeISO(DEFAULT_TIME_ZONE).toPlainDate()
    const timing = timingFromText(
      { date: event.date, time: event.time, is_regular: Boolean(Number(event.is_regular)) },
      added,
    )
    if (!timing) continue
    const full = { ...timing, exdates: [] }
    await db
      .updateTable('events')
      .set({
        starts_at: timing.starts_at,
        ends_at: timing.ends_at,
        all_day: timing.all_day ? 1 : 0,
        recurrence: timing.recurrence,
        date: dateText(full),
        time: timeText(full),
      })
      .where('id', '=', event.id)
      .execute()
  }

  for (const table of ['services', 'ministries']) {
    await db.schema
      .alterTable(table)
      .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    const rows: Array<{ id: string }> = await db
      .selectFrom(table)
      .select('id')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute()
    for (const [index, row] of rows.entries()) {
      await db
        .updateTable(table)
        .set({ order: index + 1 })
        .where('id', '=', row.id)
        .execute()
    }
    await db.schema.createIndex(`${table}_order_idx`).on(table).column('order').execute()
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  for (const table of ['services', 'ministries']) {
    await db.schema.dropIndex(`${table}_order_idx`).execute()
    await db.schema.alterTable(table).dropColumn('order').execute()
  }
  await db.schema.dropIndex('events_starts_at_idx').execute()
  for (const column of [
    'starts_at',
    'ends_at',
    'all_day',
    'recurrence',
    'exdates',
    'sequence',
    'latitude',
    'longitude',
  ]) {
    await db.schema.alterTable('events').dropColumn(column).execute()
  }
  await db.schema.alterTable('church_info').dropColumn('timezone').execute()
}

// ——— Dates read and written as when this migration was written (then in app/lib/event-dates.ts and time-zone.ts) ———
// NOTE: a migration is frozen history: it must not change when today's code does, so what it needs is copied here.

const DEFAULT_TIME_ZONE = 'Europe/Dublin'

/** A local date-time as events store it: `2026-12-20T18:00`, in the church's time zone. */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/
/** A local date, as skip dates are given: `2026-12-27`. */
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/

/** The stored fields that say when an event happens. */
interface EventTiming {
  starts_at: string | null
  ends_at: string | null
  all_day: boolean
  recurrence: string | null
  exdates: readonly string[]
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
const ORDINALS: Record<string, string> = {
  '1': 'First',
  '2': 'Second',
  '3': 'Third',
  '4': 'Fourth',
  '5': 'Fifth',
  '-1': 'Last',
  '-2': 'Second-last',
}

/** A stored local date-time, or null when it is not one (a day that does not exist included). */
function parseLocalDateTime(value: string | null | undefined): Temporal.PlainDateTime | null {
  if (!value || !LOCAL_DATE_TIME.test(value)) return null
  try {
    return Temporal.PlainDateTime.from(value, { overflow: 'reject' })
  } catch {
    return null
  }
}

function parseLocalDate(value: string | null | undefined): Temporal.PlainDate | null {
  if (!value || !LOCAL_DATE.test(value)) return null
  try {
    return Temporal.PlainDate.from(value, { overflow: 'reject' })
  } catch {
    return null
  }
}

/** `2026-12-20T18:00`: the stored form of a local date-time. */
function formatLocalDateTime(value: Temporal.PlainDateTime) {
  return value.toString({ smallestUnit: 'minute' })
}

/** A recurrence as stored: trimmed, upper case, without a leading `RRULE:`. */
function normaliseRecurrence(text: string) {
  return text
    .trim()
    .replace(/^RRULE:/i, '')
    .replace(/;+$/, '')
    .toUpperCase()
}

/**
 * The event's recurrence rule from the library (rrule-temporal), anchored at its start in the church's zone,
 * with its skip dates; null for a one-time event. Throws the library's error for a rule it refuses.
 */
function recurrenceRule(timing: EventTiming, zone: string): RRuleTemporal | null {
  const start = parseLocalDateTime(timing.starts_at)
  if (!start || !timing.recurrence) return null
  const time = start.toPlainTime()
  return new RRuleTemporal({
    rruleString: timing.recurrence,
    dtstart: start.toZonedDateTime(zone),
    exDate: timing.exdates.flatMap((date) => {
      const day = parseLocalDate(date)
      return day ? [day.toPlainDateTime(time).toZonedDateTime(zone)] : []
    }),
    temporal: Temporal,
  })
}

function weekdayName(date: Temporal.PlainDate | Temporal.PlainDateTime) {
  return WEEKDAYS[date.dayOfWeek - 1]
}

/** 'Sunday 20 December 2026' (without the year: 'Sunday 20 December'). */
function formatDate(date: Temporal.PlainDate | Temporal.PlainDateTime, withYear = true) {
  const text = `${weekdayName(date)} ${date.day} ${MONTHS[date.month - 1]}`
  return withYear ? `${text} ${date.year}` : text
}

/** '20 December 2026'. */
function formatShortDate(date: Temporal.PlainDate | Temporal.PlainDateTime) {
  return `${date.day} ${MONTHS[date.month - 1]} ${date.year}`
}

/** '6:00 PM'. */
function formatTime(time: { hour: number; minute: number }) {
  const hour = time.hour % 12 || 12
  return `${hour}:${String(time.minute).padStart(2, '0')} ${time.hour < 12 ? 'AM' : 'PM'}`
}

/** An end at 23:59 means "until the end of that day" (a multi-day event whose closing time is not given). */
function isEndOfDay(time: Temporal.PlainDateTime) {
  return time.hour === 23 && time.minute === 59
}

/** 'Friday 12 – Sunday 14 February 2027', 'Friday 30 April – Sunday 2 May 2027'. */
function formatDateRange(start: Temporal.PlainDate, end: Temporal.PlainDate) {
  if (start.year !== end.year) return `${formatDate(start)} – ${formatDate(end)}`
  if (start.month !== end.month) return `${formatDate(start, false)} – ${formatDate(end)}`
  return `${weekdayName(start)} ${start.day} – ${formatDate(end)}`
}

/** The spec's `date` text of a dated event: its date (or dates), or its rule in words. */
function dateText(timing: EventTiming): string | null {
  const start = parseLocalDateTime(timing.starts_at)
  if (!start) return null
  if (timing.recurrence) {
    try {
      return ruleInWords(timing)
    } catch {
      return null
    }
  }
  const end = parseLocalDateTime(timing.ends_at)
  if (
    end &&
    !end.toPlainDate().equals(start.toPlainDate()) &&
    Temporal.PlainDateTime.compare(end, start) > 0
  ) {
    return formatDateRange(start.toPlainDate(), end.toPlainDate())
  }
  return formatDate(start)
}

/** The spec's `time` text: '6:00 PM', '6:00 PM – 8:00 PM'; null for an all-day event. */
function timeText(timing: EventTiming): string | null {
  const start = parseLocalDateTime(timing.starts_at)
  if (!start || timing.all_day) return null
  const end = parseLocalDateTime(timing.ends_at)
  if (
    end &&
    end.toPlainDate().equals(start.toPlainDate()) &&
    Temporal.PlainDateTime.compare(end, start) > 0 &&
    !isEndOfDay(end)
  ) {
    return `${formatTime(start)} – ${formatTime(end)}`
  }
  return formatTime(start)
}

interface RuleParts {
  FREQ?: string
  INTERVAL?: string
  BYDAY?: string
  BYMONTHDAY?: string
  BYMONTH?: string
  COUNT?: string
  UNTIL?: string
  [part: string]: string | undefined
}

/** The parts of a stored rule, `FREQ=WEEKLY;BYDAY=SU` → `{ FREQ: 'WEEKLY', BYDAY: 'SU' }`. */
function ruleParts(recurrence: string): RuleParts {
  const parts: RuleParts = {}
  for (const part of normaliseRecurrence(recurrence).split(';')) {
    const [name, value] = part.split('=')
    if (name) parts[name] = value ?? ''
  }
  return parts
}

function listInWords(items: string[]) {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

function dayOfMonth(day: number) {
  if (day < 0) return day === -1 ? 'last day' : `${ORDINALS[String(day)]?.toLowerCase() ?? day} day`
  const suffix =
    day % 10 === 1 && day !== 11
      ? 'st'
      : day % 10 === 2 && day !== 12
        ? 'nd'
        : day % 10 === 3 && day !== 13
          ? 'rd'
          : 'th'
  return `${day}${suffix}`
}

/**
 * A rule in the words staff and visitors use: 'Every Sunday', 'First Sunday of the month', 'Every 2 weeks on
 * Tuesday', 'Monthly on the 15th', with 'until 1 June 2027' or '(6 times)'. Rules outside those shapes are
 * said by the library's own English (rrule-temporal's toText is not loaded for them: it is rare).
 */
function ruleInWords(timing: EventTiming): string {
  const start = parseLocalDateTime(timing.starts_at)
  if (!start || !timing.recurrence) return ''
  const parts = ruleParts(timing.recurrence)
  const interval = Number(parts.INTERVAL ?? '1') || 1
  const days = (parts.BYDAY ?? '').split(',').filter(Boolean)
  const plainDays = days.filter((day) => WEEKDAY_CODES.includes(day))
  const dayNames = (codes: string[]) => codes.map((code) => WEEKDAYS[WEEKDAY_CODES.indexOf(code)])
  let words: string
  switch (parts.FREQ) {
    case 'DAILY':
      words = interval === 1 ? 'Every day' : `Every ${interval} days`
      break
    case 'WEEKLY': {
      const names = dayNames(plainDays.length > 0 ? plainDays : [WEEKDAY_CODES[start.dayOfWeek - 1]])
      words =
        interval === 1
          ? `Every ${listInWords(names)}`
          : interval === 2
            ? `Every other ${listInWords(names)}`
            : `Every ${interval} weeks on ${listInWords(names)}`
      break
    }
    case 'MONTHLY': {
      const every =
        interval === 1 ? 'the month' : interval === 2 ? 'every other month' : `every ${interval} months`
      const nth = days
        .map((day) => /^([+-]?\d)(MO|TU|WE|TH|FR|SA|SU)$/.exec(day))
        .filter((match): match is RegExpExecArray => match !== null)
      if (nth.length > 0 && nth.length === days.length) {
        const phrases = nth.map(
          ([, n, code]) => `${ORDINALS[n.replace('+', '')] ?? n} ${WEEKDAYS[WEEKDAY_CODES.indexOf(code)]}`,
        )
        const [first, ...rest] = phrases
        words = `${listInWords([first, ...rest.map((phrase) => phrase.replace(/^\w/, (c) => c.toLowerCase()))])} of ${every}`
      } else if (days.length === 0) {
        const monthDays = (parts.BYMONTHDAY ?? String(start.day)).split(',').map(Number)
        const on = listInWords(monthDays.map(dayOfMonth))
        words = interval === 1 ? `Monthly on the ${on}` : `On the ${on} of ${every}`
      } else {
        words = `${listInWords(dayNames(plainDays))} of ${every}`
      }
      break
    }
    case 'YEARLY':
      words = `Every year on ${start.day} ${MONTHS[start.month - 1]}`
      break
    default:
      words = 'Repeats'
  }
  if (parts.UNTIL) {
    const until = /^(\d{4})(\d{2})(\d{2})/.exec(parts.UNTIL)
    if (until)
      words += ` until ${formatShortDate(Temporal.PlainDate.from(`${until[1]}-${until[2]}-${until[3]}`))}`
  } else if (parts.COUNT) {
    words += ` (${parts.COUNT} times)`
  }
  return words
}

/**
 * A repeating event's stored start moved to the rule's first date (the form's "starts on" may be any day, and
 * RFC 5545 counts DTSTART as an occurrence even when the rule would not give it). Null when nothing changes.
 */
function firstOccurrenceStart(timing: EventTiming): string | null {
  const start = parseLocalDateTime(timing.starts_at)
  if (!start || !timing.recurrence) return null
  try {
    const rule = recurrenceRule({ ...timing, exdates: [] }, 'UTC')
    const first = rule?.next(start.toZonedDateTime('UTC'), true)
    if (!first) return null
    const moved = formatLocalDateTime(first.toPlainDateTime())
    return moved === timing.starts_at ? null : moved
  } catch {
    return null
  }
}

const MONTH_PATTERN = MONTHS.map((month) => `${month}|${month.slice(0, 3)}`).join('|')
const WEEKDAY_PATTERN = WEEKDAYS.map((day) => `${day}|${day.slice(0, 3)}`).join('|')

function monthNumber(name: string) {
  return MONTHS.findIndex((month) => month.slice(0, 3).toLowerCase() === name.slice(0, 3).toLowerCase()) + 1
}

function weekdayIndex(name: string) {
  return WEEKDAYS.findIndex((day) => day.slice(0, 3).toLowerCase() === name.slice(0, 3).toLowerCase())
}

function plainDate(year: number, month: number, day: number) {
  try {
    return Temporal.PlainDate.from({ year, month, day }, { overflow: 'reject' })
  } catch {
    return null
  }
}

/** 'Sunday 20 December 2026', '20 Dec 2026', '12–14 February 2027': the first and last day, or null. */
function parseDateText(text: string): { first: Temporal.PlainDate; last: Temporal.PlainDate } | null {
  const cleaned = text.trim().replace(/\s+/g, ' ').replace(/,/g, '')
  const single = new RegExp(
    `^(?:(${WEEKDAY_PATTERN}) )?(\\d{1,2})(?:st|nd|rd|th)? (${MONTH_PATTERN}) (\\d{4})$`,
    'i',
  ).exec(cleaned)
  if (single) {
    const date = plainDate(Number(single[4]), monthNumber(single[3]), Number(single[2]))
    if (!date || (single[1] && weekdayIndex(single[1]) !== date.dayOfWeek - 1)) return null
    return { first: date, last: date }
  }
  const range = new RegExp(
    `^(?:(?:${WEEKDAY_PATTERN}) )?(\\d{1,2})(?:st|nd|rd|th)? ?(?:(${MONTH_PATTERN}) )?[–—-] ?(?:(?:${WEEKDAY_PATTERN}) )?(\\d{1,2})(?:st|nd|rd|th)? (${MONTH_PATTERN}) (\\d{4})$`,
    'i',
  ).exec(cleaned)
  if (range) {
    const year = Number(range[5])
    const lastMonth = monthNumber(range[4])
    const firstMonth = range[2] ? monthNumber(range[2]) : lastMonth
    const first = plainDate(firstMonth > lastMonth ? year - 1 : year, firstMonth, Number(range[1]))
    const last = plainDate(year, lastMonth, Number(range[3]))
    if (!first || !last || Temporal.PlainDate.compare(last, first) < 0) return null
    return { first, last }
  }
  return null
}

/** '6:00 PM', '6 pm', '18:30', 'Friday 6:00 PM', '7:00 PM - 9:00 PM': start and end, or null. */
function parseTimeText(text: string, firstDay: Temporal.PlainDate) {
  const cleaned = text.trim().replace(/\s+/g, ' ').replace(/\./g, '')
  const time = '(\\d{1,2})(?::(\\d{2}))? ?([ap]m)?'
  const match = new RegExp(`^(?:(${WEEKDAY_PATTERN}) )?${time}(?: ?[–—-] ?${time})?$`, 'i').exec(cleaned)
  if (!match) return null
  if (match[1] && weekdayIndex(match[1]) !== firstDay.dayOfWeek - 1) return null
  const read = (hour?: string, minute?: string, half?: string) => {
    let h = Number(hour)
    const m = Number(minute ?? '0')
    if (half) {
      if (h < 1 || h > 12) return null
      h = (h % 12) + (half.toLowerCase() === 'pm' ? 12 : 0)
    } else if (!minute) {
      return null
    }
    if (h > 23 || m > 59) return null
    return Temporal.PlainTime.from({ hour: h, minute: m })
  }
  // '7 - 9 PM': the end's half of the day is the start's too.
  const start = read(match[2], match[3], match[4] ?? match[7])
  if (!start) return null
  const end = match[5] ? read(match[5], match[6], match[7] ?? match[4]) : null
  if (match[5] && !end) return null
  return { start, end }
}

/** 'Every Sunday', 'Every Monday and Thursday', 'First Tuesday of the month', 'Daily': a rule, or null. */
function parseRuleText(text: string): string | null {
  const cleaned = text.trim().replace(/\s+/g, ' ').toLowerCase()
  if (/^(every day|daily)$/.test(cleaned)) return 'FREQ=DAILY'
  const day = `(${WEEKDAY_PATTERN.toLowerCase()})s?`
  const weekly = new RegExp(
    `^(?:every|each) ${day}(?:(?:,| and|, and) ${day})?(?:(?:,| and|, and) ${day})?$`,
  ).exec(cleaned)
  if (weekly) {
    const codes = weekly
      .slice(1)
      .filter(Boolean)
      .map((name) => WEEKDAY_CODES[weekdayIndex(name)])
    return `FREQ=WEEKLY;BYDAY=${codes.join(',')}`
  }
  const monthly = new RegExp(
    `^(?:(?:every|each|on the) )?(first|second|third|fourth|last|1st|2nd|3rd|4th) ${day} (?:of|in) (?:the|each|every) month$`,
  ).exec(cleaned)
  if (monthly) {
    const n = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, last: -1 }[
      monthly[1]
    ]
    return `FREQ=MONTHLY;BYDAY=${n}${WEEKDAY_CODES[weekdayIndex(monthly[2])]}`
  }
  return null
}

/**
 * Real dates from the free text events were typed with before ('Sunday 20 December 2026' and '6:00 PM';
 * 'Every Friday' and '7:00 PM'), or null when the text is not plain enough to be sure. A repeating event is
 * anchored at its rule's first date on or after `anchor` (for stored events, the day they were added).
 */
function timingFromText(
  text: { date: string | null; time: string | null; is_regular: boolean },
  anchor?: Temporal.PlainDate,
): Omit<EventTiming, 'exdates'> | null {
  if (!text.date) return null
  if (text.is_regular) {
    if (!anchor) return null
    const recurrence = parseRuleText(text.date)
    if (!recurrence) return null
    const times = text.time ? parseTimeText(text.time, anchor) : null
    if (text.time && !times) return null
    const at = times?.start ?? Temporal.PlainTime.from('00:00')
    const starts_at = formatLocalDateTime(anchor.toPlainDateTime(at))
    const timing = { starts_at, ends_at: null, all_day: !times, recurrence, exdates: [] }
    const first = firstOccurrenceStart(timing) ?? starts_at
    const ends_at = times?.end
      ? formatLocalDateTime(Temporal.PlainDateTime.from(first).withPlainTime(times.end))
      : null
    return { starts_at: first, ends_at, all_day: !times, recurrence }
  }
  const dates = parseDateText(text.date)
  if (!dates) return null
  if (!text.time) {
    const multiDay = !dates.first.equals(dates.last)
    return {
      starts_at: formatLocalDateTime(dates.first.toPlainDateTime()),
      ends_at: multiDay ? formatLocalDateTime(dates.last.toPlainDateTime()) : null,
      all_day: true,
      recurrence: null,
    }
  }
  const times = parseTimeText(text.time, dates.first)
  if (!times) return null
  const start = dates.first.toPlainDateTime(times.start)
  let end: Temporal.PlainDateTime | null = null
  if (times.end) end = dates.last.toPlainDateTime(times.end)
  // Several days with only a starting time: on until the end of the last day.
  else if (!dates.first.equals(dates.last)) end = dates.last.toPlainDateTime({ hour: 23, minute: 59 })
  if (end && Temporal.PlainDateTime.compare(end, start) <= 0) return null
  return {
    starts_at: formatLocalDateTime(start),
    ends_at: end ? formatLocalDateTime(end) : null,
    all_day: false,
    recurrence: null,
  }
}
