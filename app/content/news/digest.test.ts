import { expect, test } from 'vitest'

import type { EventTiming } from '#app/dates/engine.ts'
import { assembleDigest, type DigestEntry } from './digest.ts'

const DUBLIN = 'Europe/Dublin'
/** Saturday 9 January 2027, 09:00 in Dublin (UTC in winter): the week is the 9th to the 15th. */
const SATURDAY_NINE = new Date('2027-01-09T09:00:00Z')

const timing = (overrides: Partial<EventTiming>): EventTiming => ({
  starts_at: null,
  ends_at: null,
  all_day: false,
  recurrence: null,
  exdates: [],
  ...overrides,
})

const event = (title: string, overrides: Partial<EventTiming>): DigestEntry => ({
  kind: 'event',
  title,
  location: null,
  path: `/events/${title.toLowerCase().replace(/\W+/g, '-')}`,
  timing: timing(overrides),
})

const sundayService: DigestEntry = {
  kind: 'service',
  title: 'Sunday Worship',
  location: 'Main hall',
  path: '/services',
  timing: timing({
    starts_at: '2026-12-06T10:30',
    ends_at: '2026-12-06T12:00',
    recurrence: 'FREQ=WEEKLY;BYDAY=SU',
  }),
  streamed: true,
}

const digest = (
  entries: DigestEntry[],
  sermon: Parameters<typeof assembleDigest>[0]['sermon'] = null,
  language = 'en',
) => assembleDigest({ zone: DUBLIN, now: SATURDAY_NINE, language, entries, sermon, livePath: '/live' })

test('the digest has each date of the next 7 days in order, today’s still to come or on included, past ones not', () => {
  const found = digest([
    event('Prayer breakfast', { starts_at: '2027-01-09T07:00', ends_at: '2027-01-09T08:00' }),
    event('Coffee morning', { starts_at: '2027-01-09T08:30', ends_at: '2027-01-09T10:00' }),
    event('Bible study', { starts_at: '2027-01-12T19:30', ends_at: '2027-01-12T21:00' }),
    event('Next month', { starts_at: '2027-02-12T19:30' }),
    event('Friday night', { starts_at: '2027-01-15T23:00' }),
    event('Saturday week', { starts_at: '2027-01-16T10:00' }),
    sundayService,
  ])!
  expect(found.from).toBe('2027-01-09')
  expect(found.to).toBe('2027-01-15')
  expect(found.dates.map((date) => [date.start, date.title])).toEqual([
    ['2027-01-09T08:30', 'Coffee morning'],
    ['2027-01-10T10:30', 'Sunday Worship'],
    ['2027-01-12T19:30', 'Bible study'],
    ['2027-01-15T23:00', 'Friday night'],
  ])
  expect(found.dates[1]).toMatchObject({
    kind: 'service',
    location: 'Main hall',
    path: '/services',
    when: 'Sunday 10 January 2027, 10:30 AM – 12:00 PM',
  })
  // A streamed service in the week: the live page is named.
  expect(found.live).toBe('/live')
})

test('a repeating event gives every date of the week but its skip dates; a daily one each day', () => {
  const found = digest([
    event('Morning prayer', {
      starts_at: '2027-01-01T07:30',
      ends_at: '2027-01-01T08:00',
      recurrence: 'FREQ=DAILY',
      exdates: ['2027-01-11'],
    }),
  ])!
  expect(found.dates.map((date) => date.start)).toEqual([
    '2027-01-10T07:30',
    '2027-01-12T07:30',
    '2027-01-13T07:30',
    '2027-01-14T07:30',
    '2027-01-15T07:30',
  ])
  expect(found.live).toBeNull()
})

test('an all-day date today is in; a rule with no workable dates gives none, and does not stop the others', () => {
  const found = digest([
    event('Parish day', { starts_at: '2027-01-09T00:00', all_day: true }),
    event('Broken', { starts_at: '2027-01-01T10:00', recurrence: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' }),
  ])!
  expect(found.dates.map((date) => date.title)).toEqual(['Parish day'])
})

test('the newest sermon is in when preached in the last 7 days; with no date and no new sermon there is no digest', () => {
  const sermon = {
    title: 'Grace upon grace',
    path: '/sermons/grace',
    preached_on: '2027-01-03',
    speaker: 'Rev. A',
  }
  expect(digest([], sermon)).toEqual({
    from: '2027-01-09',
    to: '2027-01-15',
    dates: [],
    sermon,
    live: null,
    notice: null,
  })
  expect(digest([], { ...sermon, preached_on: '2027-01-01' })).toBeNull()
  expect(digest([event('Long ago', { starts_at: '2026-06-01T10:00' })])).toBeNull()
  expect(digest([])).toBeNull()
  // Staff's notice is news of its own: a week with only a notice is sent.
  const notice = '<p>The hall is closed on Tuesday.</p>'
  expect(
    assembleDigest({
      zone: DUBLIN,
      now: SATURDAY_NINE,
      language: 'en',
      entries: [],
      sermon: null,
      livePath: '/live',
      notice,
    }),
  ).toMatchObject({ dates: [], notice })
})

test('the dates are in the subscriber’s language', () => {
  const found = digest([sundayService], null, 'ml')!
  expect(found.dates[0].when).toMatch(/[\u0D00-\u0D7F]/)
  expect(found.dates[0].when).not.toMatch(/Sunday|January/)
})
