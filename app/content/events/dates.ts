import { RRuleTemporal } from 'rrule-temporal'
import { toText } from 'rrule-temporal/totext'
import { Temporal } from 'temporal-polyfill'

/** A local date-time as events store it: `2026-12-20T18:00`, in the church's time zone. */
export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/
/** A local date, as skip dates are given: `2026-12-27`. */
export const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/

/** The stored fields that say when an event happens. */
export interface EventTiming {
  starts_at: string | null
  ends_at: string | null
  all_day: boolean
  recurrence: string | null
  exdates: readonly string[]
}

/** One time an event takes place, as local date-times in the church's zone. */
export interface Occurrence {
  start: Temporal.PlainDateTime
  end: Temporal.PlainDateTime
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
export function parseLocalDateTime(value: string | null | undefined): Temporal.PlainDateTime | null {
  if (!value || !LOCAL_DATE_TIME.test(value)) return null
  try {
    return Temporal.PlainDateTime.from(value, { overflow: 'reject' })
  } catch {
    return null
  }
}

export function parseLocalDate(value: string | null | undefined): Temporal.PlainDate | null {
  if (!value || !LOCAL_DATE.test(value)) return null
  try {
    return Temporal.PlainDate.from(value, { overflow: 'reject' })
  } catch {
    return null
  }
}

/** `2026-12-20T18:00`: the stored form of a local date-time. */
export function formatLocalDateTime(value: Temporal.PlainDateTime) {
  return value.toString({ smallestUnit: 'minute' })
}

/** Today's date where the church is, by `now` (the server's injected clock). */
export function todayIn(zone: string, now: Date): Temporal.PlainDate {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone).toPlainDate()
}

/** The first instant of the day after `now` where the church is: when pages showing "upcoming" go stale. */
export function nextMidnight(zone: string, now: Date): number {
  return todayIn(zone, now).add({ days: 1 }).toZonedDateTime({ timeZone: zone }).epochMilliseconds
}

/** A recurrence as stored: trimmed, upper case, without a leading `RRULE:`. */
export function normaliseRecurrence(text: string) {
  return text
    .trim()
    .replace(/^RRULE:/i, '')
    .replace(/;+$/, '')
    .toUpperCase()
}

/**
 * The most times a repeating event may take place, and the most years from its first date to its last: limits no
 * church meets (a weekly service for 50 years is 2,600 dates), which keep every rule quick to work out.
 */
export const RECURRENCE_MAX_COUNT = 5000
export const RECURRENCE_MAX_YEARS = 50

const PERIOD_UNITS = { DAILY: 'days', WEEKLY: 'weeks', MONTHLY: 'months', YEARLY: 'years' } as const
/** A rule's periods (days, weeks, months, years) in a year, to measure RECURRENCE_MAX_YEARS in them. */
const PERIODS_PER_YEAR = { DAILY: 366, WEEKLY: 53, MONTHLY: 12, YEARLY: 1 }

/**
 * Why a rule's dates cannot be worked out, in staff's words (ruleProblem): a page that meets one shows the rule
 * as its text instead of its dates.
 */
export class UnworkableRuleError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UnworkableRuleError'
  }
}

/** The rule's frequency (daily, weekly, monthly or yearly) and interval, as the library reads them. */
function periodOf(parts: RuleParts) {
  const freq = (parts.FREQ ?? '') in PERIOD_UNITS ? (parts.FREQ as keyof typeof PERIOD_UNITS) : 'YEARLY'
  return { freq, interval: Math.max(1, Math.floor(Number(parts.INTERVAL ?? '1')) || 1) }
}

/**
 * The library's rule for `timing`, anchored at its start in `zone`. It may walk no more of the rule's periods
 * than RECURRENCE_MAX_YEARS hold (from its start, or from the date asked about: the library jumps there), so a
 * rule whose next date is further off throws instead of searching for ever. With `until`, the rule ends there
 * instead of counting: the library works COUNT out from the start again for every question, which takes the
 * longer the larger COUNT is.
 */
function libraryRule(
  timing: EventTiming,
  zone: string,
  {
    until,
    exdates = true,
    count = true,
  }: { until?: Temporal.ZonedDateTime; exdates?: boolean; count?: boolean },
) {
  const start = parseLocalDateTime(timing.starts_at)!
  const parts = ruleParts(timing.recurrence!)
  const { freq, interval } = periodOf(parts)
  const dropped = [...(count ? [] : ['COUNT']), ...(until ? ['COUNT', 'UNTIL'] : [])]
  const time = start.toPlainTime()
  return new RRuleTemporal({
    rruleString: normaliseRecurrence(timing.recurrence!)
      .split(';')
      .filter((part) => !dropped.includes(part.split('=')[0]))
      .join(';'),
    dtstart: start.toZonedDateTime(zone),
    ...(until ? { until } : {}),
    exDate: exdates
      ? timing.exdates.flatMap((date) => {
          const day = parseLocalDate(date)
          return day ? [day.toPlainDateTime(time).toZonedDateTime(zone)] : []
        })
      : [],
    // Never 32 or fewer: the library would not use its quick ways.
    maxIterations: Math.max(64, Math.ceil((RECURRENCE_MAX_YEARS * PERIODS_PER_YEAR[freq]) / interval) + 2),
    temporal: Temporal,
  })
}

const MONTH_LENGTHS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

function numbersOf(value: string | undefined) {
  return value ? value.split(',').map(Number) : null
}

/**
 * Whether no day can ever match a rule, seen from its parts alone (the library would search until its limit):
 * a day no month of the rule has (30 February), an nth weekday past the fifth (past the 53rd in a year), a
 * position past the dates a period has (the 1000th Monday of a month), a day of the year or week past 366 or 53.
 */
function matchesNoDay(parts: RuleParts, start: Temporal.PlainDateTime) {
  const byDay = (parts.BYDAY ?? '').split(',').filter(Boolean)
  const { freq } = periodOf(parts)
  // A monthly or yearly rule without days of its own takes the start's day (and a yearly one its month).
  const dayless = byDay.length === 0 && !parts.BYYEARDAY && !parts.BYWEEKNO
  const months =
    numbersOf(parts.BYMONTH) ?? (freq === 'YEARLY' && dayless && !parts.BYMONTHDAY ? [start.month] : null)
  const monthDays =
    numbersOf(parts.BYMONTHDAY) ?? ((freq === 'MONTHLY' || freq === 'YEARLY') && dayless ? [start.day] : null)
  if (monthDays) {
    const longest = Math.max(
      0,
      ...(months ?? [1]).map((month) => (months ? MONTH_LENGTHS[month - 1] : 31) ?? 0),
    )
    if (monthDays.every((day) => day === 0 || Math.abs(day) > longest)) return true
  }
  const nthLimit = freq === 'YEARLY' && !parts.BYMONTH ? 53 : 5
  const nth = byDay.map((day) => /^([+-]?\d+)[A-Z]{2}$/.exec(day)?.[1])
  if (
    nth.length > 0 &&
    nth.every((n) => n !== undefined && (Number(n) === 0 || Math.abs(Number(n)) > nthLimit))
  ) {
    return true
  }
  const yearDays = numbersOf(parts.BYYEARDAY)
  if (yearDays?.every((day) => day === 0 || Math.abs(day) > 366)) return true
  // A day of the year falls in one month in a leap year and in one in another year: none of them asked for.
  if (yearDays && months) {
    const monthsOf = (day: number) =>
      [2024, 2025].flatMap((year) => {
        const length = year === 2024 ? 366 : 365
        const ordinal = day > 0 ? day : length + day + 1
        return ordinal >= 1 && ordinal <= length
          ? [Temporal.PlainDate.from({ year, month: 1, day: 1 }).add({ days: ordinal - 1 }).month]
          : []
      })
    if (yearDays.every((day) => monthsOf(day).every((month) => !months.includes(month)))) return true
  }
  if (numbersOf(parts.BYWEEKNO)?.every((week) => week === 0 || Math.abs(week) > 53)) return true
  const positions = numbersOf(parts.BYSETPOS)
  if (positions) {
    // The most dates one period can hold before BYSETPOS picks among them.
    const most = mostPerPeriod({ ...parts, BYSETPOS: undefined })
    if (positions.every((position) => position === 0 || Math.abs(position) > most)) return true
  }
  return false
}

/** At most how many dates one of the rule's periods holds (more than it can, never fewer). */
function mostPerPeriod(parts: RuleParts) {
  const counted = (name: string) => numbersOf(parts[name])?.length ?? 0
  if (parts.BYSETPOS) return counted('BYSETPOS')
  const times = (counted('BYHOUR') || 1) * (counted('BYMINUTE') || 1) * (counted('BYSECOND') || 1)
  const byDay = (parts.BYDAY ?? '').split(',').filter(Boolean)
  // In a month, a plain weekday comes up to five times and an nth one once.
  const inMonth = byDay.reduce((sum, day) => sum + (/^[+-]?\d/.test(day) ? 1 : 5), 0)
  switch (periodOf(parts).freq) {
    case 'DAILY':
      return times
    case 'WEEKLY':
      return Math.min(7, byDay.length || 1) * times
    case 'MONTHLY':
      return Math.min(31, counted('BYMONTHDAY') || inMonth || 1) * times
    default:
      return byDay.length > 0 || parts.BYYEARDAY || parts.BYWEEKNO
        ? 366 * times
        : (counted('BYMONTH') || 1) * (counted('BYMONTHDAY') || 1) * times
  }
}

/** What is known of a stored rule once looked at: why it cannot be worked out, or where COUNT ends it. */
type RuleFacts =
  | { problem: string; last?: undefined }
  | { problem: null; last: Temporal.ZonedDateTime | null }

const ruleFacts = new Map<string, RuleFacts>()
const RULE_FACTS_MAX = 5000

/** The facts of a rule (by its text, start and zone), looked at once and kept: they change only with those. */
function factsOf(timing: EventTiming, zone: string): RuleFacts {
  const key = `${zone}|${timing.starts_at}|${timing.recurrence}`
  let facts = ruleFacts.get(key)
  if (!facts) {
    facts = findFacts(timing, zone)
    if (ruleFacts.size >= RULE_FACTS_MAX) ruleFacts.delete(ruleFacts.keys().next().value!)
    ruleFacts.set(key, facts)
  }
  return facts
}

/** The parts of an RFC 5545 rule an event may use (times within a day come from its start). */
const RULE_PARTS = new Set([
  'FREQ',
  'UNTIL',
  'COUNT',
  'INTERVAL',
  'BYDAY',
  'BYMONTHDAY',
  'BYYEARDAY',
  'BYWEEKNO',
  'BYMONTH',
  'BYSETPOS',
  'WKST',
])
const TIME_PARTS = ['BYHOUR', 'BYMINUTE', 'BYSECOND']

/**
 * The values each list of numbers in a rule may take (RFC 5545 §3.3.10; a negative one counts from the end, 0 is
 * none): a number past them made the library's dates leave the calendar's range (`RangeError`) on every page.
 */
const NUMBER_PARTS: Record<string, { words: string; max: number; signed: boolean }> = {
  BYMONTHDAY: { words: 'A day of the month (BYMONTHDAY)', max: 31, signed: true },
  BYYEARDAY: { words: 'A day of the year (BYYEARDAY)', max: 366, signed: true },
  BYWEEKNO: { words: 'A week of the year (BYWEEKNO)', max: 53, signed: true },
  BYMONTH: { words: 'A month (BYMONTH)', max: 12, signed: false },
  BYSETPOS: { words: 'A position (BYSETPOS)', max: 366, signed: true },
}
const FREQUENCIES = Object.keys(PERIOD_UNITS)

/** The largest INTERVAL of each frequency: its second date no more than RECURRENCE_MAX_YEARS after the first. */
export function maxInterval(freq: keyof typeof PERIOD_UNITS) {
  return RECURRENCE_MAX_YEARS * PERIODS_PER_YEAR[freq]
}

/**
 * Why a rule's parts are out of bounds, in staff's words, or null: a frequency the site knows, an interval whose
 * second date falls within RECURRENCE_MAX_YEARS, days, weeks, months and positions that exist, a real UNTIL date.
 */
function partOutOfBounds(parts: RuleParts): string | null {
  if (!parts.FREQ || !FREQUENCIES.includes(parts.FREQ)) {
    return 'This repeat rule is not valid: say how often it repeats (FREQ=DAILY, WEEKLY, MONTHLY or YEARLY)'
  }
  const freq = parts.FREQ as keyof typeof PERIOD_UNITS
  if (parts.INTERVAL !== undefined) {
    const most = maxInterval(freq)
    const interval = /^\d{1,6}$/.test(parts.INTERVAL) ? Number(parts.INTERVAL) : NaN
    if (!(interval >= 1 && interval <= most)) {
      return `The interval (INTERVAL) must be a whole number from 1 to ${most.toLocaleString('en')}: it must take place again within ${RECURRENCE_MAX_YEARS} years`
    }
  }
  for (const [name, { words, max, signed }] of Object.entries(NUMBER_PARTS)) {
    const value = parts[name]
    if (value === undefined) continue
    const fits = value.split(',').every((item) => {
      if (!(signed ? /^[+-]?\d{1,3}$/ : /^\d{1,2}$/).test(item)) return false
      const number = Math.abs(Number(item))
      return number >= 1 && number <= max
    })
    if (!fits) {
      return `${words} must be a whole number from 1 to ${max}${signed ? ` (or -1 to -${max}, counted from the end)` : ''}`
    }
  }
  if (parts.BYDAY !== undefined) {
    const fits = parts.BYDAY.split(',').every((day) => {
      const match = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(day)
      if (!match) return false
      return match[1] === undefined || (Math.abs(Number(match[1])) >= 1 && Math.abs(Number(match[1])) <= 53)
    })
    if (!fits) return 'Days (BYDAY) must be weekdays such as SU, or with their place such as 1SU or -1FR'
  }
  if (parts.WKST !== undefined && !WEEKDAY_CODES.includes(parts.WKST)) {
    return 'The first day of the week (WKST) must be a weekday such as MO'
  }
  if (parts.UNTIL !== undefined) {
    const until = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/.exec(parts.UNTIL)
    if (!until || !parseLocalDate(`${until[1]}-${until[2]}-${until[3]}`)) {
      return 'The end (UNTIL) must be a date such as 20271231'
    }
  }
  return null
}

function findFacts(timing: EventTiming, zone: string): RuleFacts {
  const start = parseLocalDateTime(timing.starts_at)!
  const parts = ruleParts(timing.recurrence!)
  if ('DTSTART' in parts || /[\r\n:]/.test(timing.recurrence!)) {
    return { problem: 'Give only the rule (such as FREQ=WEEKLY;BYDAY=SU), without DTSTART' }
  }
  if (parts.FREQ && ['HOURLY', 'MINUTELY', 'SECONDLY'].includes(parts.FREQ)) {
    return { problem: 'An event can repeat daily, weekly, monthly or yearly, not more often' }
  }
  // Times within a day would put several dates a day (up to 86,400) into every subscriber's calendar: an event
  // takes place once a day at most, at its start's time.
  const withinDay = TIME_PARTS.filter((name) => name in parts)
  if (withinDay.length > 0) {
    return {
      problem: `An event takes place at most once a day, at the time it starts: leave out ${listInWords(withinDay)}`,
    }
  }
  const unknown = Object.keys(parts).filter((name) => !RULE_PARTS.has(name))
  if (unknown.length > 0) {
    return { problem: `This repeat rule has a part the website does not know: ${listInWords(unknown)}` }
  }
  const outside = partOutOfBounds(parts)
  if (outside) return { problem: outside }
  const limit = start.toPlainDate().add({ years: RECURRENCE_MAX_YEARS })
  const tooLong = (count: number) =>
    `Its ${count.toLocaleString('en')} times would go on for more than ${RECURRENCE_MAX_YEARS} years: give a smaller number, or an end on or before ${formatShortDate(limit)}`
  const count = parts.COUNT === undefined ? null : /^\d{1,9}$/.test(parts.COUNT) ? Number(parts.COUNT) : NaN
  if (Number.isNaN(count)) {
    return { problem: 'The number of times it takes place (COUNT) must be a whole number, such as 10' }
  }
  if (count !== null && count > RECURRENCE_MAX_COUNT) {
    return {
      problem: `A repeating event can take place at most ${RECURRENCE_MAX_COUNT.toLocaleString('en')} times: give a smaller number, or an end date instead`,
    }
  }
  const until = /^(\d{4})(\d{2})(\d{2})/.exec(parts.UNTIL ?? '')
  if (until && `${until[1]}-${until[2]}-${until[3]}` > limit.toString()) {
    return {
      problem: `A repeating event can go on for at most ${RECURRENCE_MAX_YEARS} years: choose an end on or before ${formatShortDate(limit)}`,
    }
  }
  let counted: RRuleTemporal
  try {
    counted = libraryRule(timing, zone, { exdates: false })
  } catch (error) {
    return {
      problem: `This repeat rule is not valid: ${error instanceof Error ? error.message : String(error)}`,
    }
  }
  if (count === 0 || matchesNoDay(parts, start)) {
    return { problem: 'This rule gives no dates: no day matches it (such as 30 February, or a sixth Monday)' }
  }
  if (count === null) return { problem: null, last: null }
  // Where COUNT ends it: too far off already if its periods could not hold that many dates within the years
  // allowed (each period starts at most one period before its place counted from the start)…
  const { freq, interval } = periodOf(parts)
  const periods = Math.ceil(count / Math.max(1, mostPerPeriod(parts))) - 1
  const earliest = start.add({ [PERIOD_UNITS[freq]]: periods * interval - 1 })
  if (Temporal.PlainDate.compare(earliest.toPlainDate(), limit) > 0) return { problem: tooLong(count) }
  // …otherwise its last date, from the library (which gives up past the periods those years hold).
  try {
    const last = counted.previous(start.add({ years: 1000 }).toZonedDateTime(zone), true)
    if (last && Temporal.PlainDate.compare(last.toPlainDate(), limit) > 0) return { problem: tooLong(count) }
    // No date at all (an UNTIL before the start): it ends before it begins.
    return { problem: null, last: last ?? start.subtract({ days: 1 }).toZonedDateTime(zone) }
  } catch {
    return { problem: tooLong(count) }
  }
}

/**
 * Why a repeating event's dates cannot be worked out, in staff's words, or null (also for a one-time event). The
 * form refuses such a rule; one stored before these checks is shown as its text and listed on the dashboard.
 */
export function ruleProblem(timing: EventTiming, zone: string): string | null {
  if (!timing.recurrence || !parseLocalDateTime(timing.starts_at)) return null
  return factsOf(timing, zone).problem
}

/**
 * The event's recurrence rule from the library (rrule-temporal), anchored at its start in the church's zone, with
 * its skip dates and COUNT turned into its last date; null for a one-time event. Throws UnworkableRuleError for a
 * rule whose dates cannot be worked out (ruleProblem).
 */
export function recurrenceRule(timing: EventTiming, zone: string): RRuleTemporal | null {
  if (!timing.recurrence || !parseLocalDateTime(timing.starts_at)) return null
  const facts = factsOf(timing, zone)
  if (facts.problem !== null) throw new UnworkableRuleError(facts.problem)
  try {
    return libraryRule(timing, zone, { count: false, ...(facts.last ? { until: facts.last } : {}) })
  } catch (error) {
    throw new UnworkableRuleError(
      `This repeat rule cannot be worked out: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}

/** How long each occurrence lasts: from the start to the end (zero without an end). */
function durationOf(timing: EventTiming, start: Temporal.PlainDateTime) {
  const end = parseLocalDateTime(timing.ends_at)
  if (!end || Temporal.PlainDateTime.compare(end, start) < 0) return new Temporal.Duration()
  return start.until(end, { largestUnit: 'days' })
}

function occurrenceAt(timing: EventTiming, first: Temporal.PlainDateTime, start: Temporal.PlainDateTime) {
  return { start, end: start.add(durationOf(timing, first)) }
}

/** The rule's next date from `from`; a rule the library gives up on (its next date too far off) is unworkable. */
function nextOf(rule: RRuleTemporal, from: Temporal.ZonedDateTime, inclusive: boolean) {
  try {
    return rule.next(from, inclusive)
  } catch (error) {
    if (error instanceof Error && /maximum iterations/i.test(error.message)) {
      throw new UnworkableRuleError(
        `This rule gives no dates in the ${RECURRENCE_MAX_YEARS} years after ${formatShortDate(from.toPlainDate())}: check its numbers`,
      )
    }
    // Anything else the library meets (a date out of the calendar's range) is as unworkable for a page.
    throw new UnworkableRuleError(
      `This repeat rule cannot be worked out: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}

/**
 * The occurrences that have not ended before `today` (the church's date), soonest first, at most `limit`: a
 * one-time event's single date, or the rule's dates walked from today on — never further than asked. Throws
 * UnworkableRuleError for a rule whose dates cannot be worked out (ruleProblem).
 */
export function upcomingOccurrences(
  timing: EventTiming,
  zone: string,
  today: Temporal.PlainDate,
  limit = 1,
): Occurrence[] {
  const first = parseLocalDateTime(timing.starts_at)
  if (!first) return []
  if (!timing.recurrence) {
    const occurrence = occurrenceAt(timing, first, first)
    return Temporal.PlainDate.compare(occurrence.end.toPlainDate(), today) >= 0 ? [occurrence] : []
  }
  const rule = recurrenceRule(timing, zone)
  if (!rule) return []
  // An occurrence that began before today but has not ended is still on: look back by its length.
  const duration = durationOf(timing, first)
  let from = today.toPlainDateTime().subtract(duration).toZonedDateTime(zone)
  const found: Occurrence[] = []
  let inclusive = true
  while (found.length < limit) {
    const next = nextOf(rule, from, inclusive)
    if (!next) break
    const occurrence = occurrenceAt(timing, first, next.toPlainDateTime())
    if (Temporal.PlainDate.compare(occurrence.end.toPlainDate(), today) >= 0) found.push(occurrence)
    from = next
    inclusive = false
  }
  return found
}

/** The date on which an event has ended for good, for a one-time event; null for a repeating or undated one. */
export function lastDay(timing: EventTiming): string | null {
  if (timing.recurrence) return null
  const start = parseLocalDateTime(timing.starts_at)
  if (!start) return null
  return occurrenceAt(timing, start, start).end.toPlainDate().toString()
}

// ——— Words ———

export function weekdayName(date: Temporal.PlainDate | Temporal.PlainDateTime) {
  return WEEKDAYS[date.dayOfWeek - 1]
}

/** 'Sunday 20 December 2026' (without the year: 'Sunday 20 December'). */
export function formatDate(date: Temporal.PlainDate | Temporal.PlainDateTime, withYear = true) {
  const text = `${weekdayName(date)} ${date.day} ${MONTHS[date.month - 1]}`
  return withYear ? `${text} ${date.year}` : text
}

/** '20 December 2026'. */
export function formatShortDate(date: Temporal.PlainDate | Temporal.PlainDateTime) {
  return `${date.day} ${MONTHS[date.month - 1]} ${date.year}`
}

/** '6:00 PM'. */
export function formatTime(time: { hour: number; minute: number }) {
  const hour = time.hour % 12 || 12
  return `${hour}:${String(time.minute).padStart(2, '0')} ${time.hour < 12 ? 'AM' : 'PM'}`
}

/** An end at 23:59 means "until the end of that day" (a multi-day event whose closing time is not given). */
export function isEndOfDay(time: Temporal.PlainDateTime) {
  return time.hour === 23 && time.minute === 59
}

/** 'Friday 12 – Sunday 14 February 2027', 'Friday 30 April – Sunday 2 May 2027'. */
function formatDateRange(start: Temporal.PlainDate, end: Temporal.PlainDate) {
  if (start.year !== end.year) return `${formatDate(start)} – ${formatDate(end)}`
  if (start.month !== end.month) return `${formatDate(start, false)} – ${formatDate(end)}`
  return `${weekdayName(start)} ${start.day} – ${formatDate(end)}`
}

/** The spec's `date` text of a dated event: its date (or dates), or its rule in words. */
export function dateText(timing: EventTiming): string | null {
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

/**
 * The spec's `time` text: '6:00 PM', '6:00 PM – 8:00 PM', '6:00 PM Friday – 2:00 PM Sunday' over several days; null
 * for an all-day event.
 */
export function timeText(timing: EventTiming): string | null {
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
  // Over several days with a closing time: both ends, each with its day ('6:00 PM Friday – 2:00 PM Sunday').
  if (end && Temporal.PlainDateTime.compare(end, start) > 0 && !isEndOfDay(end)) {
    return `${formatTime(start)} ${weekdayName(start)} – ${formatTime(end)} ${weekdayName(end)}`
  }
  return formatTime(start)
}

/** When an occurrence is, in words: 'Sunday 20 December 2026, 6:00 PM – 8:00 PM'. */
export function occurrenceText(timing: EventTiming, occurrence: Occurrence) {
  const { start, end } = occurrence
  const sameDay = start.toPlainDate().equals(end.toPlainDate())
  if (timing.all_day) {
    return sameDay ? formatDate(start) : formatDateRange(start.toPlainDate(), end.toPlainDate())
  }
  if (sameDay) {
    const until =
      Temporal.PlainDateTime.compare(end, start) > 0 && !isEndOfDay(end) ? ` – ${formatTime(end)}` : ''
    return `${formatDate(start)}, ${formatTime(start)}${until}`
  }
  const until = isEndOfDay(end) ? formatDate(end) : `${formatDate(end)}, ${formatTime(end)}`
  return `${formatDate(start)}, ${formatTime(start)} – ${until}`
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
export function ruleParts(recurrence: string): RuleParts {
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
/** The parts of the shapes ruleInWords says itself; any other rule is said by the library. */
const PLAIN_PARTS = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'COUNT', 'UNTIL', 'WKST'])

export function isPlainShape(parts: RuleParts) {
  if (Object.keys(parts).some((name) => !PLAIN_PARTS.has(name))) return false
  switch (parts.FREQ) {
    case 'DAILY':
      return !parts.BYDAY && !parts.BYMONTHDAY
    case 'WEEKLY':
      return !parts.BYMONTHDAY
    case 'MONTHLY':
      return !(parts.BYDAY && parts.BYMONTHDAY)
    case 'YEARLY':
      return !parts.BYDAY && !parts.BYMONTHDAY
    default:
      return false
  }
}

/**
 * A rule of another shape ('every month on 5th Friday in February') in rrule-temporal's English, without its time
 * (pages show the time beside it) or its end (added as for every rule); its own rule text if even that fails.
 */
function libraryWords(timing: EventTiming, start: Temporal.PlainDateTime) {
  try {
    const rule = new RRuleTemporal({
      rruleString: normaliseRecurrence(timing.recurrence!)
        .split(';')
        .filter((part) => !['COUNT', 'UNTIL'].includes(part.split('=')[0]))
        .join(';'),
      dtstart: start.toZonedDateTime('UTC'),
    })
    const text = toText(rule)
      .replace(/ at \d{1,2}(?::\d{2})? ?[AP]M(?: [A-Z]{2,5})?/g, '')
      .trim()
    return text.charAt(0).toUpperCase() + text.slice(1)
  } catch {
    return normaliseRecurrence(timing.recurrence!)
  }
}

export function ruleInWords(timing: EventTiming): string {
  const start = parseLocalDateTime(timing.starts_at)
  if (!start || !timing.recurrence) return ''
  const parts = ruleParts(timing.recurrence)
  const interval = Number(parts.INTERVAL ?? '1') || 1
  const days = (parts.BYDAY ?? '').split(',').filter(Boolean)
  const plainDays = days.filter((day) => WEEKDAY_CODES.includes(day))
  const dayNames = (codes: string[]) => codes.map((code) => WEEKDAYS[WEEKDAY_CODES.indexOf(code)])
  let words: string
  switch (isPlainShape(parts) ? parts.FREQ : null) {
    case null:
      words = libraryWords(timing, start)
      break
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
      words = `Every ${interval === 1 ? 'year' : `${interval} years`} on ${start.day} ${MONTHS[start.month - 1]}`
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

// ——— Checks, for the schema: messages in the words staff use ———

/**
 * What is wrong with an event's dates, by field, in staff's words: an end before the start, a rule the library
 * refuses or one that gives no dates, skip dates that are not dates. Empty when all is well.
 */
export function timingProblems(timing: EventTiming): Record<string, string> {
  const problems: Record<string, string> = {}
  const start = parseLocalDateTime(timing.starts_at)
  const end = parseLocalDateTime(timing.ends_at)
  if (timing.ends_at && !start) problems.starts_at = 'Give the start date as well as the end'
  if (start && end && Temporal.PlainDateTime.compare(end, start) < 0) {
    problems.ends_at = 'The end is before the start'
  }
  if (timing.recurrence) {
    if (!start) {
      problems.starts_at = 'A repeating event needs the date it first takes place'
      return problems
    }
    // UTC is enough to tell whether the rule has dates; the church's zone decides only their hours.
    const problem = ruleProblem(timing, 'UTC')
    if (problem) {
      problems.recurrence = problem
      return problems
    }
    try {
      const rule = recurrenceRule(timing, 'UTC')!
      if (!nextOf(rule, rule.options().dtstart, true)) {
        problems.recurrence =
          'This rule gives no dates: it ends before the first date, or every date is skipped'
      }
    } catch (error) {
      problems.recurrence =
        error instanceof UnworkableRuleError
          ? error.message
          : `This repeat rule is not valid: ${error instanceof Error ? error.message : String(error)}`
    }
  }
  return problems
}

/**
 * A repeating event's stored start moved to the rule's first date (the form's "starts on" may be any day, and
 * RFC 5545 counts DTSTART as an occurrence even when the rule would not give it). Null when nothing changes.
 */
export function firstOccurrenceStart(timing: EventTiming): string | null {
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

/** The next `count` dates of an event from `from` on (the admin form's preview), in the church's zone. */
export function previewDates(timing: EventTiming, zone: string, from: Temporal.PlainDate, count = 5) {
  return upcomingOccurrences(timing, zone, from, count)
}

// ——— Free text, as events were typed before they had real dates ———

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
export function timingFromText(
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
