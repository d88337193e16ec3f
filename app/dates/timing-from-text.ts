/**
 * Real dates read from the free text events were typed with before they had real dates ('Sunday 20 December 2026'
 * and '6:00 PM'; 'Every Friday' and '7:00 PM').
 */
import { Temporal } from 'temporal-polyfill'

import {
  type EventTiming,
  firstOccurrenceStart,
  formatLocalDateTime,
  MONTHS,
  WEEKDAY_CODES,
} from './engine.ts'
import { WEEKDAYS } from './text.ts'

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
