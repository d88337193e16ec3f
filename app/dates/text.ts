/**
 * When an event is, in English words (the spec's `date` and `time` texts, a repeating event's rule as staff and
 * visitors say it): the words of the date engine (dates.ts). Other languages' are date-words.ts's.
 */
import { RRuleTemporal } from 'rrule-temporal'
import { toText } from 'rrule-temporal/totext'
import { Temporal } from 'temporal-polyfill'

import {
  type EventTiming,
  formatShortDate,
  listInWords,
  MONTHS,
  normaliseRecurrence,
  type Occurrence,
  parseLocalDateTime,
  type RuleParts,
  ruleParts,
  WEEKDAY_CODES,
} from './engine.ts'

/** The days' names, Monday first (Temporal's `dayOfWeek` 1). */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
const ORDINALS: Record<string, string> = {
  '1': 'First',
  '2': 'Second',
  '3': 'Third',
  '4': 'Fourth',
  '5': 'Fifth',
  '-1': 'Last',
  '-2': 'Second-last',
}

export function weekdayName(date: Temporal.PlainDate | Temporal.PlainDateTime) {
  return WEEKDAYS[date.dayOfWeek - 1]
}

/** 'Sunday 20 December 2026' (without the year: 'Sunday 20 December'). */
export function formatDate(date: Temporal.PlainDate | Temporal.PlainDateTime, withYear = true) {
  const text = `${weekdayName(date)} ${date.day} ${MONTHS[date.month - 1]}`
  return withYear ? `${text} ${date.year}` : text
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

/**
 * A rule in the words staff and visitors use: 'Every Sunday', 'First Sunday of the month', 'Every 2 weeks on
 * Tuesday', 'Monthly on the 15th', with 'until 1 June 2027' or '(6 times)'. Rules outside those shapes are
 * said by the library's own English (rrule-temporal's toText is not loaded for them: it is rare).
 */
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
