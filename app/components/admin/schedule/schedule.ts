import { type EventTiming, parseLocalDate, ruleParts } from '#app/dates/engine.ts'

export const WEEKDAYS = [
  ['MO', 'Mon', 'Monday'],
  ['TU', 'Tue', 'Tuesday'],
  ['WE', 'Wed', 'Wednesday'],
  ['TH', 'Thu', 'Thursday'],
  ['FR', 'Fri', 'Friday'],
  ['SA', 'Sat', 'Saturday'],
  ['SU', 'Sun', 'Sunday'],
] as const
const ORDINAL_SUFFIX = { one: 'st', two: 'nd', few: 'rd', other: 'th' } as Record<string, string>
const ordinals = new Intl.PluralRules('en', { type: 'ordinal' })

/** "the 1st", "the 22nd", "the 27th": the day of the month the start date falls on (or "the start date"). */
export function sameDateLabel(startDate: string) {
  const day = startDate ? parseLocalDate(startDate)?.day : undefined
  return day === undefined ? 'the start date' : `the ${day}${ORDINAL_SUFFIX[ordinals.select(day)] ?? 'th'}`
}

export const NTH = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', 5: 'fifth', [-1]: 'last' } as Record<
  number,
  string
>

export type Repeat = 'never' | 'weekly' | 'weeks' | 'monthly' | 'custom'
type EndMode = 'never' | 'until' | 'count'

/** The schedule field's choices, as staff make them (turned into the stored fields by `timingOf`). */
export interface Schedule {
  startDate: string
  startTime: string
  endDate: string
  endTime: string
  allDay: boolean
  repeat: Repeat
  weekdays: string[]
  interval: number
  /** Monthly: on the nth weekday of the start date ('1', '-1'), or on its date ('date'). */
  monthly: string
  endMode: EndMode
  until: string
  count: number
  exdates: string[]
  /** A rule made elsewhere (the API) that the choices above cannot show: kept as it is. */
  custom: string
}

/** The weekday code of a 'YYYY-MM-DD' date ('SU'), or null. */
export function weekdayOf(date: string) {
  const day = parseLocalDate(date)
  return day ? WEEKDAYS[day.dayOfWeek - 1][0] : null
}

/** Which nth weekday of its month a date is: 1–5, and whether it is also the last one. */
export function nthOf(date: string) {
  const day = parseLocalDate(date)
  if (!day) return null
  return {
    nth: Math.ceil(day.day / 7),
    last: day.day + 7 > day.daysInMonth,
    weekday: WEEKDAYS[day.dayOfWeek - 1],
  }
}

/** The choices that show a record's stored fields (a rule they cannot show is kept as `custom`). */
export function initialSchedule(values: Record<string, unknown>): Schedule {
  const starts = typeof values.starts_at === 'string' ? values.starts_at : ''
  const ends = typeof values.ends_at === 'string' ? values.ends_at : ''
  const recurrence = typeof values.recurrence === 'string' ? values.recurrence : ''
  const schedule: Schedule = {
    startDate: starts.slice(0, 10),
    startTime: values.all_day ? '' : starts.slice(11, 16),
    endDate: ends.slice(0, 10),
    endTime: values.all_day ? '' : ends.slice(11, 16),
    allDay: Boolean(values.all_day),
    repeat: 'never',
    weekdays: [],
    interval: 2,
    monthly: '1',
    endMode: 'never',
    until: '',
    count: 10,
    exdates: Array.isArray(values.exdates) ? (values.exdates as string[]) : [],
    custom: '',
  }
  if (ends && ends.slice(0, 10) === starts.slice(0, 10) && !values.all_day) schedule.endDate = ''
  if (!recurrence) return schedule
  const parts = ruleParts(recurrence)
  const known = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'UNTIL', 'COUNT'])
  const interval = Number(parts.INTERVAL ?? '1')
  const days = (parts.BYDAY ?? '').split(',').filter(Boolean)
  if (parts.UNTIL) {
    schedule.endMode = 'until'
    schedule.until = `${parts.UNTIL.slice(0, 4)}-${parts.UNTIL.slice(4, 6)}-${parts.UNTIL.slice(6, 8)}`
  } else if (parts.COUNT) {
    schedule.endMode = 'count'
    schedule.count = Number(parts.COUNT)
  }
  const plain = days.every((day) => /^(MO|TU|WE|TH|FR|SA|SU)$/.test(day))
  if (Object.keys(parts).some((part) => !known.has(part))) schedule.repeat = 'custom'
  else if (parts.FREQ === 'WEEKLY' && plain) {
    schedule.repeat = interval > 1 ? 'weeks' : 'weekly'
    schedule.interval = Math.max(2, interval)
    schedule.weekdays = days
  } else if (parts.FREQ === 'MONTHLY' && interval === 1 && !parts.BYMONTHDAY && days.length === 1) {
    const nth = /^([+-]?\d)(MO|TU|WE|TH|FR|SA|SU)$/.exec(days[0])
    if (nth) {
      schedule.repeat = 'monthly'
      schedule.monthly = String(Number(nth[1]))
    } else schedule.repeat = 'custom'
  } else if (parts.FREQ === 'MONTHLY' && interval === 1 && days.length === 0) {
    schedule.repeat = 'monthly'
    schedule.monthly = 'date'
  } else schedule.repeat = 'custom'
  if (schedule.repeat === 'custom') schedule.custom = recurrence
  return schedule
}

/** The stored fields the choices make: what the form sends (hidden inputs) and what the preview shows. */
export function timingOf(schedule: Schedule): EventTiming {
  const { startDate, allDay } = schedule
  const at = (date: string, time: string) => (date ? `${date}T${allDay || !time ? '00:00' : time}` : null)
  const starts_at = at(startDate, schedule.startTime)
  let ends_at: string | null = null
  if (allDay) ends_at = schedule.endDate && schedule.endDate !== startDate ? at(schedule.endDate, '') : null
  else if (schedule.endTime || schedule.endDate)
    ends_at = at(schedule.endDate || startDate, schedule.endTime || '23:59')
  return {
    starts_at,
    ends_at,
    all_day: allDay,
    recurrence: ruleOf(schedule),
    exdates: schedule.repeat === 'never' ? [] : schedule.exdates,
  }
}

function ruleOf(schedule: Schedule): string | null {
  const startDay = weekdayOf(schedule.startDate) ?? 'SU'
  const days = schedule.weekdays.length > 0 ? schedule.weekdays : [startDay]
  const ordered = WEEKDAYS.map(([code]) => code).filter((code) => days.includes(code))
  let rule: string
  switch (schedule.repeat) {
    case 'never':
      return null
    case 'custom':
      return schedule.custom || null
    case 'weekly':
      rule = `FREQ=WEEKLY;BYDAY=${ordered.join(',')}`
      break
    case 'weeks':
      rule = `FREQ=WEEKLY;INTERVAL=${Math.max(2, schedule.interval || 2)};BYDAY=${ordered.join(',')}`
      break
    case 'monthly':
      rule =
        schedule.monthly === 'date'
          ? `FREQ=MONTHLY;BYMONTHDAY=${parseLocalDate(schedule.startDate)?.day ?? 1}`
          : `FREQ=MONTHLY;BYDAY=${schedule.monthly}${startDay}`
      break
  }
  if (schedule.endMode === 'until' && schedule.until) rule += `;UNTIL=${schedule.until.replace(/-/g, '')}`
  if (schedule.endMode === 'count' && schedule.count > 0) rule += `;COUNT=${Math.floor(schedule.count)}`
  return rule
}

/** What each part of the schedule field is given: the choices, how to change them and its controls' ids. */
export interface ScheduleProps {
  schedule: Schedule
  update: (change: Partial<Schedule>) => void
  /** The id of a stored field's control (`${formId}-${name}`). */
  field: (name: string) => string
  /** The field's own id prefix, for hints and radio groups. */
  id: string
}
