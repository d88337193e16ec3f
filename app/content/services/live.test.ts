import { expect, test } from 'vitest'

import { isoWithOffset, liveState, minutesUntil, type StreamedService } from './live.ts'

const DUBLIN = 'Europe/Dublin'

const worship: StreamedService = {
  id: 'worship',
  name: 'Sunday Worship',
  starts_at: '2026-11-01T10:30',
  ends_at: '2026-11-01T12:00',
  recurrence: 'FREQ=WEEKLY;BYDAY=SU',
  exdates: [],
}

/** The state at a local time in Dublin, given with its offset. */
function at(local: string, services: readonly StreamedService[] = [worship], runningUntil?: string) {
  return liveState({
    services,
    zone: DUBLIN,
    now: new Date(local),
    running: runningUntil
      ? {
          service: 'worship',
          start: Date.parse('2027-03-28T10:30:00+01:00'),
          until: Date.parse(runningUntil),
        }
      : null,
  })
}

test.each([
  // Sunday 28 March 2027: the clocks go forward at 01:00 UTC, so 10:30 is 09:30 UTC (+01:00).
  ['2027-03-28T09:00:00+01:00', 'later', '2027-03-28T10:30:00+01:00', '2027-03-28T09:30:00+01:00'],
  ['2027-03-28T10:25:00+01:00', 'live', '2027-03-28T10:30:00+01:00', '2027-03-28T12:30:00+01:00'],
  ['2027-03-28T10:35:00+01:00', 'live', '2027-03-28T10:30:00+01:00', '2027-03-28T12:30:00+01:00'],
  ['2027-03-28T12:31:00+01:00', 'ended', '2027-03-28T10:30:00+01:00', '2027-03-29T00:00:00+01:00'],
  // A Sunday in November: Irish winter time, +00:00.
  ['2026-11-29T09:00:00+00:00', 'later', '2026-11-29T10:30:00+00:00', '2026-11-29T09:30:00+00:00'],
  ['2026-11-29T10:25:00+00:00', 'live', '2026-11-29T10:30:00+00:00', '2026-11-29T12:30:00+00:00'],
  ['2026-11-29T10:35:00+00:00', 'live', '2026-11-29T10:30:00+00:00', '2026-11-29T12:30:00+00:00'],
  ['2026-11-29T12:31:00+00:00', 'ended', '2026-11-29T10:30:00+00:00', '2026-11-30T00:00:00+00:00'],
])(
  'at %s the live page is %s (the service at %s; the state changes at %s)',
  (now, state, starts, changes) => {
    const answer = at(now)!
    expect(answer.state).toBe(state)
    expect(isoWithOffset(answer.occurrence.start)).toBe(starts)
    expect(new Date(answer.changesAt).toISOString()).toBe(new Date(changes).toISOString())
  },
)

test('within the hour before, it is soon, with the minutes left; it turns live 10 minutes before the start', () => {
  const soon = at('2027-03-28T10:05:00+01:00')!
  expect(soon.state).toBe('soon')
  expect(minutesUntil(soon.occurrence, new Date('2027-03-28T10:05:00+01:00'))).toBe(25)
  expect(at('2027-03-28T09:29:59+01:00')!.state).toBe('later')
  expect(at('2027-03-28T09:30:00+01:00')!.state).toBe('soon')
  expect(at('2027-03-28T10:19:59+01:00')!.state).toBe('soon')
  expect(at('2027-03-28T10:20:00+01:00')!.state).toBe('live')
  // The day after: the next Sunday is later.
  const monday = at('2027-03-29T08:00:00+01:00')!
  expect(monday.state).toBe('later')
  expect(isoWithOffset(monday.occurrence.start)).toBe('2027-04-04T10:30:00+01:00')
})

test('a stream running 20 minutes late stays live while the channel shows it running, never cut at the scheduled end', () => {
  // Due to end at 12:00 (live until 12:30); still running at 12:45 by the channel's feed.
  const late = at('2027-03-28T12:45:00+01:00', [worship], '2027-03-28T12:50:00+01:00')!
  expect(late.state).toBe('live')
  expect(new Date(late.changesAt).toISOString()).toBe('2027-03-28T11:50:00.000Z')
  expect(at('2027-03-28T12:45:00+01:00')!.state).toBe('ended')
})

test('a skipped Sunday is not streamed, a service without an end lasts 90 minutes, and nothing to stream is null', () => {
  const skipping = { ...worship, exdates: ['2027-03-28'] }
  const skipped = at('2027-03-28T10:35:00+01:00', [skipping])!
  expect(skipped.state).toBe('later')
  expect(isoWithOffset(skipped.occurrence.start)).toBe('2027-04-04T10:30:00+01:00')
  const open = { ...worship, ends_at: null }
  expect(at('2027-03-28T12:29:00+01:00', [open])!.state).toBe('live')
  expect(at('2027-03-28T12:30:00+01:00', [open])!.state).toBe('ended')
  expect(at('2027-03-28T10:35:00+01:00', [])).toBeNull()
  const once = { ...worship, starts_at: '2026-12-20T18:00', ends_at: null, recurrence: null }
  expect(at('2027-03-28T10:35:00+01:00', [once])).toBeNull()
})
