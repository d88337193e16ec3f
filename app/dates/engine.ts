import { RRuleTemporal } from 'rrule-temporal'
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

export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']
export const MONTHS = [
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

/** '20 December 2026' (the engine's messages to staff say dates so too). */
export function formatShortDate(date: Temporal.PlainDate | Temporal.PlainDateTime) {
  return `${date.day} ${MONTHS[date.month - 1]} ${date.year}`
}

/** 'a, b and c'. */
export function listInWords(items: string[]) {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

export interface RuleParts {
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
