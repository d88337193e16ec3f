import { RRuleTemporal } from 'rrule-temporal'
import { Temporal } from 'temporal-polyfill'
import { expect, test } from 'vitest'

import {
  type EventTiming,
  nextMidnight,
  ruleProblem,
  timingProblems,
  todayIn,
  UnworkableRuleError,
  upcomingOccurrences,
} from './engine.ts'
import { dateText, ruleInWords, timeText } from './text.ts'
import { timingFromText } from './timing-from-text.ts'

const DUBLIN = 'Europe/Dublin'

function timing(overrides: Partial<EventTiming>): EventTiming {
  return { starts_at: null, ends_at: null, all_day: false, recurrence: null, exdates: [], ...overrides }
}

/** The library's own expansion of `rule` from `dtstart` in `zone`: what our dates are compared with. */
function libraryDates(rule: string, dtstart: string, zone: string, count: number, exdates: string[] = []) {
  const start = Temporal.PlainDateTime.from(dtstart)
  const expansion = new RRuleTemporal({
    rruleString: `DTSTART;TZID=${zone}:${start.toString({ smallestUnit: 'second' }).replace(/[-:]/g, '')}\nRRULE:${rule}`,
  })
  return expansion
    .all((_, index) => index < count + exdates.length)
    .map((date) => date.toPlainDateTime().toString({ smallestUnit: 'minute' }))
    .filter((date) => !exdates.includes(date.slice(0, 10)))
    .slice(0, count)
}

const starts = (dates: ReturnType<typeof upcomingOccurrences>) =>
  dates.map((date) => date.start.toString({ smallestUnit: 'minute' }))

test('a weekly 10:30 service stays at 10:30 local across both of Dublin’s clock changes in 2027', () => {
  const service = timing({ starts_at: '2027-03-21T10:30', recurrence: 'FREQ=WEEKLY;BYDAY=SU' })
  const spring = upcomingOccurrences(service, DUBLIN, Temporal.PlainDate.from('2027-03-21'), 2)
  expect(starts(spring)).toEqual(['2027-03-21T10:30', '2027-03-28T10:30'])
  // In UTC the service moves by an hour when summer time starts (28 March) and ends (31 October).
  const utc = (date: Temporal.PlainDateTime) => date.toZonedDateTime(DUBLIN).toInstant().toString()
  expect(spring.map((date) => utc(date.start))).toEqual(['2027-03-21T10:30:00Z', '2027-03-28T09:30:00Z'])
  const autumn = upcomingOccurrences(service, DUBLIN, Temporal.PlainDate.from('2027-10-24'), 2)
  expect(starts(autumn)).toEqual(['2027-10-24T10:30', '2027-10-31T10:30'])
  expect(autumn.map((date) => utc(date.start))).toEqual(['2027-10-24T09:30:00Z', '2027-10-31T10:30:00Z'])
})

test.each([
  ['first Sunday of the month', 'FREQ=MONTHLY;BYDAY=1SU', '2026-12-06T10:30'],
  ['last Friday of the month', 'FREQ=MONTHLY;BYDAY=-1FR', '2026-11-27T19:00'],
  ['a monthly rule with UNTIL', 'FREQ=MONTHLY;BYDAY=1SU;UNTIL=20270501', '2026-12-06T10:30'],
  ['every other Wednesday', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE', '2026-11-25T20:00'],
  ['the 15th of every month, 4 times', 'FREQ=MONTHLY;BYMONTHDAY=15;COUNT=4', '2026-12-15T18:00'],
])('%s gives the library’s own dates', (_name, rule, dtstart) => {
  const event = timing({ starts_at: dtstart, recurrence: rule })
  const ours = upcomingOccurrences(event, DUBLIN, Temporal.PlainDate.from(dtstart.slice(0, 10)), 8)
  expect(starts(ours)).toEqual(libraryDates(rule, dtstart, DUBLIN, 8))
})

test('a skip date drops that day and nothing else, as the library’s expansion with EXDATE does', () => {
  const event = timing({
    starts_at: '2026-12-06T11:15',
    recurrence: 'FREQ=WEEKLY;BYDAY=SU',
    exdates: ['2026-12-27'],
  })
  const ours = starts(upcomingOccurrences(event, DUBLIN, Temporal.PlainDate.from('2026-12-14'), 4))
  expect(ours).not.toContain('2026-12-27T11:15')
  const library = libraryDates('FREQ=WEEKLY;BYDAY=SU', '2026-12-06T11:15', DUBLIN, 6, ['2026-12-27'])
  expect(ours).toEqual(library.filter((date) => date >= '2026-12-14').slice(0, 4))
})

test('UNTIL ends the rule: after its last date there is no next date', () => {
  const event = timing({ starts_at: '2026-12-06T10:30', recurrence: 'FREQ=MONTHLY;BYDAY=1SU;UNTIL=20270301' })
  expect(starts(upcomingOccurrences(event, DUBLIN, Temporal.PlainDate.from('2027-02-08'), 3))).toEqual([])
  expect(starts(upcomingOccurrences(event, DUBLIN, Temporal.PlainDate.from('2027-02-07'), 3))).toEqual([
    '2027-02-07T10:30',
  ])
})

test('a listing walks a rule only as far as it shows', () => {
  // An unending daily rule: asking for three dates from 2030 on answers at once with three dates.
  const event = timing({ starts_at: '2026-01-01T09:00', recurrence: 'FREQ=DAILY' })
  const started = performance.now()
  expect(upcomingOccurrences(event, DUBLIN, Temporal.PlainDate.from('2030-06-01'), 3)).toHaveLength(3)
  expect(performance.now() - started).toBeLessThan(500)
})

test.each([
  ['every day, 3,000 times', 'FREQ=DAILY;COUNT=3000', '2026-12-06T10:30'],
  ['Sundays and Wednesdays, 300 times', 'FREQ=WEEKLY;BYDAY=SU,WE;COUNT=300', '2026-12-06T10:30'],
  [
    'the last weekday of the month, 40 times',
    'FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR;COUNT=40',
    '2026-12-31T18:00',
  ],
  [
    'the 31st, 20 times (months without one do not count)',
    'FREQ=MONTHLY;BYMONTHDAY=31;COUNT=20',
    '2026-12-31T18:00',
  ],
  [
    'every other Tuesday, 100 times, across clock changes',
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;COUNT=100',
    '2026-12-01T20:00',
  ],
])('COUNT: %s gives the library’s own last dates, and none after', (_name, rule, dtstart) => {
  const event = timing({ starts_at: dtstart, recurrence: rule })
  const library = libraryDates(rule, dtstart, DUBLIN, Number(/COUNT=(\d+)/.exec(rule)![1]))
  const from = library.at(-4)!.slice(0, 10)
  const ours = starts(upcomingOccurrences(event, DUBLIN, Temporal.PlainDate.from(from), 10))
  expect(ours).toEqual(library.filter((date) => date >= from))
  expect(ours).toHaveLength(4)
})

test('runaway rules are refused in staff’s words, quickly, by the checks the form runs in the browser', () => {
  const problem = (starts_at: string, recurrence: string) => {
    const started = performance.now()
    const found = timingProblems(timing({ starts_at, recurrence })).recurrence
    expect(performance.now() - started, recurrence).toBeLessThan(500)
    return found
  }
  expect(problem('2026-12-01T07:00', 'FREQ=DAILY;COUNT=10000000')).toBe(
    'A repeating event can take place at most 5,000 times: give a smaller number, or an end date instead',
  )
  expect(problem('1990-01-01T07:00', 'FREQ=DAILY;COUNT=20000')).toMatch(/at most 5,000 times/)
  expect(problem('2026-12-06T10:30', 'FREQ=WEEKLY;UNTIL=20770101')).toBe(
    'A repeating event can go on for at most 50 years: choose an end on or before 6 December 2076',
  )
  expect(problem('2026-12-06T10:30', 'FREQ=MONTHLY;BYDAY=1SU;COUNT=700')).toMatch(
    /^Its 700 times would go on for more than 50 years/,
  )
  // A day no month has, a position no month reaches, an nth weekday past the fifth: no date, ever.
  for (const rule of [
    'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30',
    'FREQ=MONTHLY;BYDAY=6MO',
    'FREQ=YEARLY;BYMONTH=4,6;BYMONTHDAY=31',
    'FREQ=DAILY;BYYEARDAY=60;BYMONTH=1',
  ]) {
    expect(problem('2026-12-07T07:00', rule), rule).toMatch(/^This rule gives no dates: no day matches it/)
  }
  // One that matches only rarely is no runaway: the fifth Monday of a February (2044, 2072).
  expect(problem('2026-12-07T07:00', 'FREQ=YEARLY;BYMONTH=2;BYDAY=5MO')).toBeUndefined()
  expect(problem('2026-12-06T10:30', 'FREQ=DAILY;COUNT=5000')).toBeUndefined()
  expect(problem('2026-12-06T10:30', 'FREQ=WEEKLY;BYDAY=SU;UNTIL=20761206')).toBeUndefined()
})

test('every number in a rule is bounded when saved: an interval, day, week, month or position past its range is refused', () => {
  const problem = (recurrence: string, starts_at = '2026-12-06T10:30') =>
    timingProblems(timing({ starts_at, recurrence })).recurrence
  expect(problem('FREQ=DAILY;INTERVAL=2147483647')).toBe(
    'The interval (INTERVAL) must be a whole number from 1 to 18,300: it must take place again within 50 years',
  )
  expect(problem('FREQ=WEEKLY;INTERVAL=2651')).toMatch(/from 1 to 2,650/)
  expect(problem('FREQ=MONTHLY;INTERVAL=601')).toMatch(/from 1 to 600/)
  expect(problem('FREQ=YEARLY;INTERVAL=51')).toMatch(/from 1 to 50/)
  expect(problem('FREQ=DAILY;INTERVAL=0')).toMatch(/^The interval/)
  expect(problem('FREQ=DAILY;INTERVAL=-3')).toMatch(/^The interval/)
  expect(problem('FREQ=DAILY;INTERVAL=1.5')).toMatch(/^The interval/)
  expect(problem('FREQ=MONTHLY;BYSETPOS=1000;BYDAY=MO')).toBe(
    'A position (BYSETPOS) must be a whole number from 1 to 366 (or -1 to -366, counted from the end)',
  )
  expect(problem('FREQ=MONTHLY;BYMONTHDAY=1,2147483647')).toMatch(/^A day of the month \(BYMONTHDAY\)/)
  expect(problem('FREQ=YEARLY;BYYEARDAY=-367')).toMatch(/^A day of the year \(BYYEARDAY\) .* 366/)
  expect(problem('FREQ=YEARLY;BYWEEKNO=54')).toMatch(/^A week of the year/)
  expect(problem('FREQ=YEARLY;BYMONTH=13')).toBe('A month (BYMONTH) must be a whole number from 1 to 12')
  expect(problem('FREQ=YEARLY;BYMONTH=-1')).toMatch(/^A month/)
  expect(problem('FREQ=MONTHLY;BYDAY=99SU')).toMatch(/^Days \(BYDAY\)/)
  expect(problem('FREQ=WEEKLY;BYDAY=SUNDAY')).toMatch(/^Days \(BYDAY\)/)
  expect(problem('FREQ=WEEKLY;WKST=XX')).toMatch(/^The first day of the week/)
  expect(problem('FREQ=WEEKLY;UNTIL=20271340')).toBe('The end (UNTIL) must be a date such as 20271231')
  expect(problem('INTERVAL=2')).toMatch(/^This repeat rule is not valid: say how often it repeats/)
  // The largest of each is a rule like any other.
  for (const rule of [
    'FREQ=DAILY;INTERVAL=18300',
    'FREQ=WEEKLY;INTERVAL=2650',
    'FREQ=YEARLY;INTERVAL=50',
    'FREQ=MONTHLY;BYMONTHDAY=-1,31',
    'FREQ=YEARLY;BYYEARDAY=366,-366',
    'FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=-1',
    'FREQ=WEEKLY;BYDAY=SU;WKST=SU;UNTIL=20271231T235959Z',
  ]) {
    expect(problem(rule), rule).toBeUndefined()
  }
})

test('a rule stored without the bounds is never expanded: asking for its dates says why, and a listing leaves it out', () => {
  const stored = timing({ starts_at: '2026-11-29T10:30', recurrence: 'FREQ=DAILY;INTERVAL=2147483647' })
  expect(ruleProblem(stored, DUBLIN)).toMatch(/^The interval \(INTERVAL\)/)
  expect(() => upcomingOccurrences(stored, DUBLIN, Temporal.PlainDate.from('2026-12-06'), 3)).toThrow(
    UnworkableRuleError,
  )
})

test('a runaway rule stored before the checks is not expanded: asking for its dates says why, at once', () => {
  const stored = timing({ starts_at: '1990-01-01T07:00', recurrence: 'FREQ=DAILY;COUNT=20000' })
  expect(ruleProblem(stored, DUBLIN)).toMatch(/at most 5,000 times/)
  expect(() => upcomingOccurrences(stored, DUBLIN, Temporal.PlainDate.from('2026-11-23'))).toThrow(
    UnworkableRuleError,
  )
  const weekly = timing({ starts_at: '1990-01-07T10:30', recurrence: 'FREQ=WEEKLY;BYDAY=SU' })
  expect(ruleProblem(weekly, DUBLIN)).toBeNull()
  // From 1990, but worked out from the date asked about, not walked from 1990.
  const started = performance.now()
  expect(starts(upcomingOccurrences(weekly, DUBLIN, Temporal.PlainDate.from('2026-11-23'), 2))).toEqual([
    '2026-11-29T10:30',
    '2026-12-06T10:30',
  ])
  expect(performance.now() - started).toBeLessThan(500)
})

test('an event is upcoming until the end of the day it ends, in the church’s zone', () => {
  const supper = timing({ starts_at: '2026-11-22T18:00', ends_at: '2026-11-22T21:00' })
  expect(upcomingOccurrences(supper, DUBLIN, Temporal.PlainDate.from('2026-11-22'))).toHaveLength(1)
  expect(upcomingOccurrences(supper, DUBLIN, Temporal.PlainDate.from('2026-11-23'))).toHaveLength(0)
  // 23:30 UTC on 22 November is still the 22nd in Dublin, already the 23rd in Auckland.
  const late = new Date('2026-11-22T23:30:00Z')
  expect(todayIn(DUBLIN, late).toString()).toBe('2026-11-22')
  expect(todayIn('Pacific/Auckland', late).toString()).toBe('2026-11-23')
  expect(new Date(nextMidnight(DUBLIN, late)).toISOString()).toBe('2026-11-23T00:00:00.000Z')
  // A weekend retreat is listed on its last day, not after.
  const retreat = timing({ starts_at: '2027-02-12T18:00', ends_at: '2027-02-14T15:00' })
  expect(upcomingOccurrences(retreat, DUBLIN, Temporal.PlainDate.from('2027-02-14'))).toHaveLength(1)
  expect(upcomingOccurrences(retreat, DUBLIN, Temporal.PlainDate.from('2027-02-15'))).toHaveLength(0)
})

test('date and time texts are worked out from the real fields', () => {
  expect(dateText(timing({ starts_at: '2026-12-20T18:00' }))).toBe('Sunday 20 December 2026')
  expect(timeText(timing({ starts_at: '2026-12-20T18:00', ends_at: '2026-12-20T20:00' }))).toBe(
    '6:00 PM – 8:00 PM',
  )
  expect(dateText(timing({ starts_at: '2027-02-12T18:00', ends_at: '2027-02-14T15:00' }))).toBe(
    'Friday 12 – Sunday 14 February 2027',
  )
  // Over several days, the time says when it ends too (the /events card showed '6:00 PM' alone).
  expect(timeText(timing({ starts_at: '2027-02-12T18:00', ends_at: '2027-02-14T15:00' }))).toBe(
    '6:00 PM Friday – 3:00 PM Sunday',
  )
  expect(timeText(timing({ starts_at: '2027-02-12T18:00', ends_at: '2027-02-14T23:59' }))).toBe('6:00 PM')
  expect(
    dateText(timing({ starts_at: '2027-04-30T00:00', ends_at: '2027-05-02T00:00', all_day: true })),
  ).toBe('Friday 30 April – Sunday 2 May 2027')
  expect(timeText(timing({ starts_at: '2027-04-30T00:00', all_day: true }))).toBeNull()
  expect(timeText(timing({ starts_at: '2026-12-20T00:05' }))).toBe('12:05 AM')
  expect(timeText(timing({ starts_at: '2026-12-20T12:00' }))).toBe('12:00 PM')
})

test('rules are said in words', () => {
  const said = (recurrence: string, starts_at = '2026-12-06T10:30') =>
    ruleInWords(timing({ starts_at, recurrence }))
  expect(said('FREQ=WEEKLY;BYDAY=SU')).toBe('Every Sunday')
  expect(said('FREQ=WEEKLY;BYDAY=MO,TH')).toBe('Every Monday and Thursday')
  expect(said('FREQ=WEEKLY;INTERVAL=2;BYDAY=WE')).toBe('Every other Wednesday')
  expect(said('FREQ=WEEKLY;INTERVAL=3;BYDAY=TU')).toBe('Every 3 weeks on Tuesday')
  expect(said('FREQ=MONTHLY;BYDAY=1SU')).toBe('First Sunday of the month')
  expect(said('FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20270601')).toBe('Last Friday of the month until 1 June 2027')
  expect(said('FREQ=MONTHLY;BYMONTHDAY=15;COUNT=4')).toBe('Monthly on the 15th (4 times)')
  expect(said('FREQ=MONTHLY')).toBe('Monthly on the 6th')
  expect(said('FREQ=DAILY')).toBe('Every day')
  expect(said('FREQ=YEARLY')).toBe('Every year on 6 December')
})

test('problems are named in staff’s words, by field', () => {
  expect(timingProblems(timing({ starts_at: '2026-12-20T18:00', ends_at: '2026-12-20T17:00' }))).toEqual({
    ends_at: 'The end is before the start',
  })
  expect(timingProblems(timing({ recurrence: 'FREQ=WEEKLY' }))).toHaveProperty('starts_at')
  expect(
    timingProblems(timing({ starts_at: '2026-12-20T18:00', recurrence: 'FREQ=SOMETIMES' })).recurrence,
  ).toMatch(/^This repeat rule is not valid: /)
  expect(
    timingProblems(timing({ starts_at: '2026-12-20T18:00', recurrence: 'FREQ=HOURLY' })).recurrence,
  ).toMatch(/daily, weekly, monthly or yearly/)
  // Times within a day would put up to 1,440 dates a day into subscribers' calendars (an outside audit's find).
  const seconds = Array.from({ length: 60 }, (_, second) => second).join(',')
  const hours = Array.from({ length: 24 }, (_, hour) => hour).join(',')
  expect(
    timingProblems(
      timing({ starts_at: '2026-12-01T07:00', recurrence: `FREQ=DAILY;BYHOUR=${hours};BYSECOND=${seconds}` }),
    ).recurrence,
  ).toBe('An event takes place at most once a day, at the time it starts: leave out BYHOUR and BYSECOND')
  expect(
    timingProblems(
      timing({ starts_at: '2026-12-01T07:00', recurrence: 'FREQ=WEEKLY;BYDAY=MO,TU;BYMINUTE=1,2' }),
    ).recurrence,
  ).toMatch(/leave out BYMINUTE$/)
  expect(
    timingProblems(timing({ starts_at: '2026-12-01T07:00', recurrence: 'FREQ=WEEKLY;RSCALE=HEBREW;FOO=BAR' }))
      .recurrence,
  ).toBe('This repeat rule has a part the website does not know: RSCALE and FOO')
  expect(
    timingProblems(timing({ starts_at: '2026-12-20T18:00', recurrence: 'FREQ=WEEKLY;UNTIL=20261201' }))
      .recurrence,
  ).toMatch(/^This rule gives no dates/)
  expect(
    timingProblems(
      timing({ starts_at: '2026-12-20T18:00', recurrence: 'FREQ=WEEKLY;COUNT=1', exdates: ['2026-12-20'] }),
    ).recurrence,
  ).toMatch(/^This rule gives no dates/)
  expect(
    timingProblems(timing({ starts_at: '2026-12-20T18:00', recurrence: 'FREQ=WEEKLY;BYDAY=SU' })),
  ).toEqual({})
})

test('plain free text becomes real dates; anything unsure stays text', () => {
  const anchor = Temporal.PlainDate.from('2026-11-23')
  const read = (date: string, time: string | null, is_regular = false) =>
    timingFromText({ date, time, is_regular }, anchor)
  expect(read('Sunday 20 December 2026', '6:00 PM')).toEqual({
    starts_at: '2026-12-20T18:00',
    ends_at: null,
    all_day: false,
    recurrence: null,
  })
  expect(read('12–14 February 2027', 'Friday 6:00 PM')).toMatchObject({
    starts_at: '2027-02-12T18:00',
    ends_at: '2027-02-14T23:59',
  })
  expect(read('20 Dec 2026', '7 - 9 pm')).toMatchObject({
    starts_at: '2026-12-20T19:00',
    ends_at: '2026-12-20T21:00',
  })
  expect(read('Saturday 9 January 2027', null)).toMatchObject({
    starts_at: '2027-01-09T00:00',
    all_day: true,
  })
  expect(read('Every Friday', '7:30 PM', true)).toEqual({
    starts_at: '2026-11-27T19:30',
    ends_at: null,
    all_day: false,
    recurrence: 'FREQ=WEEKLY;BYDAY=FR',
  })
  expect(read('First Tuesday of the month', '8:00 PM', true)).toMatchObject({
    starts_at: '2026-12-01T20:00',
    recurrence: 'FREQ=MONTHLY;BYDAY=1TU',
  })
  // No year, a weekday that does not match, a day that does not exist, words: left as they are.
  expect(read('Friday 2 October', '6:00 PM')).toBeNull()
  expect(read('Monday 20 December 2026', '6:00 PM')).toBeNull()
  expect(read('31 February 2027', '6:00 PM')).toBeNull()
  expect(read('After Easter', null)).toBeNull()
  expect(read('Most Fridays', '7:00 PM', true)).toBeNull()
})

test('a rule of a shape the words do not cover is said by the library, never as a plainer rule it is not', () => {
  const words = (recurrence: string) => ruleInWords(timing({ starts_at: '2026-12-01T19:30', recurrence }))
  expect(words('FREQ=YEARLY;INTERVAL=3')).toBe('Every 3 years on 1 December')
  expect(words('FREQ=MONTHLY;BYDAY=5FR;BYMONTH=2')).toBe('Every month on 5th Friday in February')
  expect(words('FREQ=WEEKLY;BYDAY=MO;BYMONTHDAY=13;BYMONTH=2')).toBe(
    'Every week on Monday in February on the 13th day of the month',
  )
  expect(words('FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU;UNTIL=20300101')).toBe(
    'Every year on last Sunday in March until 1 January 2030',
  )
  expect(words('FREQ=MONTHLY;BYDAY=1SU;COUNT=6')).toBe('First Sunday of the month (6 times)')
})
