/**
 * When an event is, in words of the page's language (issue 28). English's words are dates.ts's own (the spec's
 * `date` and `time` texts); any other language's come from Intl (`ml-IN`: Malayalam as written in India) and, for a
 * repeating event's rule, from the language's catalogue (app/i18n), with Intl's names of days and months.
 */
import { Temporal } from 'temporal-polyfill'

import { textsFor } from '#app/i18n/texts.ts'
import { intlLocale, isSourceLanguage } from '#app/lib/languages.ts'

import {
  type EventTiming,
  formatShortDate,
  type Occurrence,
  parseLocalDateTime,
  ruleParts,
} from './engine.ts'
import {
  dateText,
  formatDate,
  isEndOfDay,
  isPlainShape,
  occurrenceText,
  ruleInWords,
  timeText,
} from './text.ts'

type Plain = Temporal.PlainDate | Temporal.PlainDateTime

/** A plain date-time as the instant Intl formats in UTC (it has no zone: its numbers are what is shown). */
const instant = (value: Plain) =>
  new Date(
    Date.UTC(
      value.year,
      value.month - 1,
      value.day,
      'hour' in value ? value.hour : 0,
      'minute' in value ? value.minute : 0,
    ),
  )

const formats = new Map<string, Intl.DateTimeFormat>()
function format(language: string, options: Intl.DateTimeFormatOptions) {
  const key = `${language} ${JSON.stringify(options)}`
  let found = formats.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone: 'UTC' })
    formats.set(key, found)
  }
  return found
}

const DAY = { weekday: 'long', day: 'numeric', month: 'long' } as const
const TIME = { hour: 'numeric', minute: '2-digit' } as const

/** The words for dates in one language. */
export function dateWords(language: string) {
  if (isSourceLanguage(language)) {
    return {
      date: (value: Plain, withYear = true) => formatDate(value, withYear),
      shortDate: formatShortDate,
      dateText,
      timeText,
      occurrenceText,
      ruleText: (timing: EventTiming) => ruleInWords(timing),
    }
  }
  const date = (value: Plain, withYear = true) =>
    format(language, withYear ? { ...DAY, year: 'numeric' } : DAY).format(instant(value))
  const shortDate = (value: Plain) =>
    format(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(instant(value))
  const time = (value: Temporal.PlainDateTime) => format(language, TIME).format(instant(value))
  const range = (options: Intl.DateTimeFormatOptions, start: Plain, end: Plain) =>
    format(language, options).formatRange(instant(start), instant(end))

  return {
    date,
    shortDate,
    dateText(timing: EventTiming) {
      const start = parseLocalDateTime(timing.starts_at)
      if (!start) return null
      if (timing.recurrence) return ruleWords(timing, language) || null
      const end = parseLocalDateTime(timing.ends_at)
      if (
        end &&
        !end.toPlainDate().equals(start.toPlainDate()) &&
        Temporal.PlainDateTime.compare(end, start) > 0
      )
        return range({ ...DAY, year: 'numeric' }, start.toPlainDate(), end.toPlainDate())
      return date(start)
    },
    timeText(timing: EventTiming) {
      const start = parseLocalDateTime(timing.starts_at)
      if (!start || timing.all_day) return null
      const end = parseLocalDateTime(timing.ends_at)
      if (!end || Temporal.PlainDateTime.compare(end, start) <= 0 || isEndOfDay(end)) return time(start)
      const sameDay = end.toPlainDate().equals(start.toPlainDate())
      return range(sameDay ? TIME : { weekday: 'long', ...TIME }, start, end)
    },
    occurrenceText(timing: EventTiming, { start, end }: Occurrence) {
      const sameDay = start.toPlainDate().equals(end.toPlainDate())
      const days = { ...DAY, year: 'numeric' } as const
      if (timing.all_day) return sameDay ? date(start) : range(days, start.toPlainDate(), end.toPlainDate())
      if (Temporal.PlainDateTime.compare(end, start) <= 0 || (sameDay && isEndOfDay(end)))
        return `${date(start)}, ${time(start)}`
      // "until the end of that day": the last day without a time.
      if (isEndOfDay(end)) return `${date(start)}, ${time(start)} – ${date(end)}`
      return range({ ...days, ...TIME }, start, end)
    },
    ruleText: (timing: EventTiming) => ruleWords(timing, language),
  }
}

const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']

/** A repeating event's rule in `language`: the shapes the catalogue has words for, English's for the rest. */
function ruleWords(timing: EventTiming, language: string): string {
  const start = parseLocalDateTime(timing.starts_at)
  if (!start || !timing.recurrence) return ''
  const t = textsFor(language)
  const parts = ruleParts(timing.recurrence)
  if (!isPlainShape(parts)) return ruleInWords(timing)
  const interval = Number(parts.INTERVAL ?? '1') || 1
  // 5 January 2026 was a Monday: the weekday of code i is 5 + i January.
  const weekday = (code: string) =>
    format(language, { weekday: 'long' }).format(new Date(Date.UTC(2026, 0, 5 + WEEKDAY_CODES.indexOf(code))))
  const list = (items: string[]) =>
    new Intl.ListFormat(intlLocale(language), { type: 'conjunction' }).format(items)
  const days = (parts.BYDAY ?? '').split(',').filter(Boolean)
  let words: string
  switch (parts.FREQ) {
    case 'DAILY':
      words = t('dates.everyDay', { count: interval })
      break
    case 'WEEKLY': {
      const plain = days.filter((day) => WEEKDAY_CODES.includes(day))
      const names = (plain.length > 0 ? plain : [WEEKDAY_CODES[start.dayOfWeek - 1]]).map(weekday)
      words = t('dates.everyWeek', { count: interval, days: list(names) })
      break
    }
    case 'MONTHLY': {
      const nth = days
        .map((day) => /^([+-]?\d)(MO|TU|WE|TH|FR|SA|SU)$/.exec(day))
        .filter((match): match is RegExpExecArray => match !== null)
      if (nth.length > 0 && nth.length === days.length) {
        const phrases = nth.map(([, n, code]) =>
          t('dates.nthWeekday', {
            nth: t(`dates.ordinal.${n.replace('+', '') as Ordinal}`, { defaultValue: n }),
            day: weekday(code),
          }),
        )
        words = t('dates.everyMonthOn', { count: interval, days: list(phrases) })
      } else if (days.length === 0) {
        const monthDays = (parts.BYMONTHDAY ?? String(start.day)).split(',').map(Number)
        words = t('dates.everyMonthOnDay', { count: interval, days: list(monthDays.map(String)) })
      } else {
        words = t('dates.everyMonthOn', {
          count: interval,
          days: list(days.filter((day) => WEEKDAY_CODES.includes(day)).map(weekday)),
        })
      }
      break
    }
    case 'YEARLY':
      words = t('dates.everyYear', {
        count: interval,
        date: format(language, { day: 'numeric', month: 'long' }).format(instant(start)),
      })
      break
    default:
      words = t('dates.repeats')
  }
  if (parts.UNTIL) {
    const until = /^(\d{4})(\d{2})(\d{2})/.exec(parts.UNTIL)
    if (until)
      words = t('dates.until', {
        words,
        date: format(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(
          new Date(Date.UTC(Number(until[1]), Number(until[2]) - 1, Number(until[3]))),
        ),
      })
  } else if (parts.COUNT) {
    words = t('dates.times', { words, count: Number(parts.COUNT) })
  }
  return words
}

type Ordinal = '1' | '2' | '3' | '4' | '5' | '-1' | '-2'
