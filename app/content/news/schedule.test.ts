import { expect, test } from 'vitest'

import { digestPreviewAt, digestSendAt, digestWeek, nextDigestWeek } from './schedule.ts'

const DUBLIN = 'Europe/Dublin'
const week = (now: string, day = 6, hour = 9) => {
  const found = digestWeek({ zone: DUBLIN, day, hour, now: new Date(now) })
  return [found.week, found.dueAt.toISOString()]
}

test('digestWeek is the last time the church’s day and hour came round, in its time zone', () => {
  // Saturday 9 January 2027: before 09:00 it is still last week's.
  expect(week('2027-01-09T08:59:59Z')).toEqual(['2027-01-02', '2027-01-02T09:00:00.000Z'])
  expect(week('2027-01-09T09:00:00Z')).toEqual(['2027-01-09', '2027-01-09T09:00:00.000Z'])
  expect(week('2027-01-15T23:00:00Z')).toEqual(['2027-01-09', '2027-01-09T09:00:00.000Z'])
  // Summer time: 09:00 in Dublin is 08:00 UTC.
  expect(week('2027-07-03T08:30:00Z')).toEqual(['2027-07-03', '2027-07-03T08:00:00.000Z'])
  // Sunday (0) at 07:00, asked on a Wednesday.
  expect(week('2027-01-13T12:00:00Z', 0, 7)).toEqual(['2027-01-10', '2027-01-10T07:00:00.000Z'])
  // Elsewhere: Kerala is 5½ hours ahead, so its Saturday 09:00 is 03:30 UTC.
  const kochi = digestWeek({ zone: 'Asia/Kolkata', day: 6, hour: 9, now: new Date('2027-01-09T03:30:00Z') })
  expect([kochi.week, kochi.dueAt.toISOString()]).toEqual(['2027-01-09', '2027-01-09T03:30:00.000Z'])
})

test('digestSendAt lets DIGEST_RATE leave a minute and DIGEST_DAILY_LIMIT a day, the rest the next day', () => {
  const start = Date.parse('2027-01-09T09:00:00Z')
  const at = (index: number, rate = 2, dailyLimit = 1500) =>
    new Date(digestSendAt({ start, index, rate, dailyLimit })).toISOString()
  // DIGEST_RATE=2 and 5 subscribers: two at once, two a minute later, the fifth two minutes later.
  expect([0, 1, 2, 3, 4].map((index) => at(index))).toEqual([
    '2027-01-09T09:00:00.000Z',
    '2027-01-09T09:00:00.000Z',
    '2027-01-09T09:01:00.000Z',
    '2027-01-09T09:01:00.000Z',
    '2027-01-09T09:02:00.000Z',
  ])
  // The defaults: 1,500 a day at 25 a minute is an hour; the 1,501st waits for the next day.
  expect(at(1499, 25)).toBe('2027-01-09T09:59:00.000Z')
  expect(at(1500, 25)).toBe('2027-01-10T09:00:00.000Z')
  expect(at(1525, 25)).toBe('2027-01-10T09:01:00.000Z')
})

test('the preview is the day before the next digest, at 18:00 where the church is', () => {
  const next = nextDigestWeek({ zone: DUBLIN, day: 6, hour: 9, now: new Date('2027-01-08T17:00:00Z') })
  expect([next.week, next.dueAt.toISOString()]).toEqual(['2027-01-09', '2027-01-09T09:00:00.000Z'])
  expect(digestPreviewAt({ zone: DUBLIN, week: next.week }).toISOString()).toBe('2027-01-08T18:00:00.000Z')
  // At its very hour, the next is the week after.
  expect(nextDigestWeek({ zone: DUBLIN, day: 6, hour: 9, now: new Date('2027-01-09T09:00:00Z') }).week).toBe(
    '2027-01-16',
  )
})
