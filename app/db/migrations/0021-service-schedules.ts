import type { Kysely } from 'kysely'
import { Temporal } from 'temporal-polyfill'

/**
 * Services get a real schedule (issue 47): `starts_at` and `ends_at` (local date-times in the church's zone, the
 * first time it takes place), a `recurrence` rule, skip dates (`exdates`) and whether it is `streamed`. The texts
 * services were typed with are read where they are plain — 'Sunday' and '10:30 AM' is every Sunday at 10:30,
 * '1st Friday' the first Friday of each month, 'Last Sunday of June' once a year — anchored at the first such day on
 * or after the day it was added, and their `day` and `time` are written from the rule as the site writes them ('Every Sunday',
 * '10:30 AM'). What cannot be read ('Easter Sunday', a day without its year) keeps its texts, and the dashboard
 * asks for its times. A text read is not kept twice: its translations' `day` and `time` go, to be written from the
 * rule in each language as the pages show it.
 *
 * NOTE: a migration is frozen history: what it needs of the date rules is copied here, as it is today.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('services').addColumn('starts_at', 'text').execute()
  await db.schema.alterTable('services').addColumn('ends_at', 'text').execute()
  await db.schema.alterTable('services').addColumn('recurrence', 'text').execute()
  await db.schema
    .alterTable('services')
    .addColumn('exdates', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute()
  await db.schema
    .alterTable('services')
    .addColumn('streamed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  // The church's time zone (migration 0007's column), where that migration has run: a database may run the later
  // ones first (migrate.server.test.ts), and then the texts are read in the default zone.
  const info: { timezone?: string | null } | undefined = await db
    .selectFrom('church_info')
    .selectAll()
    .executeTakeFirst()
  const zone = info?.timezone || 'Europe/Dublin'
  const services: Array<{
    id: string
    day: string | null
    time: string | null
    translations: string
    created_at: string
  }> = await db.selectFrom('services').select(['id', 'day', 'time', 'translations', 'created_at']).execute()
  for (const service of services) {
    // Anchored at the day it was added, as the events' texts were (migration 0007).
    const added = Temporal.Instant.from(service.created_at).toZonedDateTimeISO(zone).toPlainDate()
    const schedule = scheduleFromText(service.day, service.time, added)
    if (!schedule) continue
    let translations: Record<string, Record<string, unknown>> = {}
    try {
      translations = JSON.parse(service.translations || '{}')
    } catch {
      translations = {}
    }
    for (const fields of Object.values(translations)) {
      delete fields.day
      delete fields.time
    }
    await db
      .updateTable('services')
      .set({ ...schedule, translations: JSON.stringify(translations) })
      .where('id', '=', service.id)
      .execute()
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  for (const column of ['starts_at', 'ends_at', 'recurrence', 'exdates', 'streamed']) {
    await db.schema.alterTable('services').dropColumn(column).execute()
  }
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
const CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']
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
const NTH: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  last: -1,
}
const NTH_WORDS: Record<number, string> = { 1: 'First', 2: 'Second', 3: 'Third', 4: 'Fourth', [-1]: 'Last' }
const DAY = `(${WEEKDAYS.map((day) => `${day}|${day.slice(0, 3)}`).join('|')})s?`
const MONTH = `(${MONTHS.map((month) => `${month}|${month.slice(0, 3)}`).join('|')})`

const weekday = (name: string) =>
  WEEKDAYS.findIndex((day) => day.slice(0, 3).toLowerCase() === name.slice(0, 3).toLowerCase())
const month = (name: string) =>
  MONTHS.findIndex((each) => each.slice(0, 3).toLowerCase() === name.slice(0, 3).toLowerCase()) + 1

/** A rule and its words from a typed day: 'Sunday', 'Every Wednesday', '1st Friday', 'Last Sunday of June'. */
function ruleFromDay(
  text: string,
): { rule: string; words: string; matches: (d: Temporal.PlainDate) => boolean } | null {
  const cleaned = text.trim().replace(/\s+/g, ' ').replace(/\.$/, '').toLowerCase()
  const weekly = new RegExp(`^(?:(?:every|each|on) )?${DAY}$`, 'i').exec(cleaned)
  if (weekly) {
    const index = weekday(weekly[1])
    return {
      rule: `FREQ=WEEKLY;BYDAY=${CODES[index]}`,
      words: `Every ${WEEKDAYS[index]}`,
      matches: (date) => date.dayOfWeek === index + 1,
    }
  }
  const nthOf = (date: Temporal.PlainDate, n: number) =>
    n > 0 ? Math.ceil(date.day / 7) === n : date.day + 7 > date.daysInMonth
  const monthly = new RegExp(
    `^(?:(?:every|each|on the) )?(first|second|third|fourth|last|1st|2nd|3rd|4th) ${DAY}(?: (?:of|in) (?:the|each|every) month)?$`,
    'i',
  ).exec(cleaned)
  if (monthly) {
    const n = NTH[monthly[1]]
    const index = weekday(monthly[2])
    return {
      rule: `FREQ=MONTHLY;BYDAY=${n}${CODES[index]}`,
      words: `${NTH_WORDS[n]} ${WEEKDAYS[index]} of the month`,
      matches: (date) => date.dayOfWeek === index + 1 && nthOf(date, n),
    }
  }
  const yearly = new RegExp(
    `^(?:(?:the|every|each) )?(first|second|third|fourth|last|1st|2nd|3rd|4th) ${DAY} (?:of|in) ${MONTH}$`,
    'i',
  ).exec(cleaned)
  if (yearly) {
    const n = NTH[yearly[1]]
    const index = weekday(yearly[2])
    const m = month(yearly[3])
    return {
      rule: `FREQ=YEARLY;BYMONTH=${m};BYDAY=${n}${CODES[index]}`,
      words: `${NTH_WORDS[n]} ${WEEKDAYS[index]} of ${MONTHS[m - 1]}`,
      matches: (date) => date.month === m && date.dayOfWeek === index + 1 && nthOf(date, n),
    }
  }
  return null
}

/** '10:30 AM', '4 pm', '19:30', '7:00 PM - 9:00 PM': the start and end, or null. */
function timesFromText(text: string) {
  const cleaned = text.trim().replace(/\s+/g, ' ').replace(/\./g, '')
  const time = '(\\d{1,2})(?::(\\d{2}))? ?([ap]m)?'
  const match = new RegExp(`^${time}(?: ?[–—-] ?${time})?$`, 'i').exec(cleaned)
  if (!match) return null
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
  const start = read(match[1], match[2], match[3] ?? match[6])
  if (!start) return null
  const end = match[4] ? read(match[4], match[5], match[6] ?? match[3]) : null
  if (match[4] && (!end || Temporal.PlainTime.compare(end, start) <= 0)) return null
  return { start, end }
}

/** '6:00 PM', as the site writes a time. */
function timeWords(time: Temporal.PlainTime) {
  return `${time.hour % 12 || 12}:${String(time.minute).padStart(2, '0')} ${time.hour < 12 ? 'AM' : 'PM'}`
}

/** A service's schedule from its typed day and time, its first date on or after `from`; null when unsure. */
function scheduleFromText(day: string | null, time: string | null, from: Temporal.PlainDate) {
  if (!day || !time) return null
  const rule = ruleFromDay(day)
  const times = timesFromText(time)
  if (!rule || !times) return null
  let first = from
  for (let step = 0; step < 400 && !rule.matches(first); step += 1) first = first.add({ days: 1 })
  if (!rule.matches(first)) return null
  const stamp = (at: Temporal.PlainTime) => first.toPlainDateTime(at).toString({ smallestUnit: 'minute' })
  return {
    starts_at: stamp(times.start),
    ends_at: times.end ? stamp(times.end) : null,
    recurrence: rule.rule,
    day: rule.words,
    time: times.end ? `${timeWords(times.start)} – ${timeWords(times.end)}` : timeWords(times.start),
  }
}
