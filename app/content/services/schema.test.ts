import { expect, test } from 'vitest'

import { ServiceSchema } from './schema.ts'

test('a service needs a name', () => {
  expect(ServiceSchema.safeParse({ name: ' ' }).error?.issues[0]).toMatchObject({
    path: ['name'],
    message: 'Name is required',
  })
})

test('a service type is regular or special, regular when left out', () => {
  expect(ServiceSchema.parse({ name: 'Vigil', type: 'special' }).type).toBe('special')
  expect(ServiceSchema.parse({ name: 'Mass' }).type).toBe('regular')
  expect(ServiceSchema.parse({ name: 'Mass', type: null }).type).toBe('regular')
  for (const type of ['weekly', 'Regular', '', 1]) {
    expect(ServiceSchema.safeParse({ name: 'x', type }).error?.issues[0].message, String(type)).toBe(
      'Type must be regular or special',
    )
  }
})

test('a scheduled service’s day and time are written from its schedule, its start moved to the rule’s first date', () => {
  const sunday = ServiceSchema.parse({
    name: 'Sunday Worship',
    day: 'Sundays',
    time: 'half ten',
    starts_at: '2026-11-30T10:30',
    ends_at: '2026-11-30T12:00',
    recurrence: 'FREQ=WEEKLY;BYDAY=SU',
    streamed: true,
  })
  expect(sunday).toMatchObject({
    starts_at: '2026-12-06T10:30',
    ends_at: '2026-12-06T12:00',
    day: 'Every Sunday',
    time: '10:30 AM – 12:00 PM',
    streamed: true,
    exdates: [],
  })
  expect(ServiceSchema.parse({ name: 'Carols', starts_at: '2026-12-20T18:00' })).toMatchObject({
    day: 'Sunday 20 December 2026',
    time: '6:00 PM',
    recurrence: null,
    streamed: false,
  })
  // Without a schedule the texts stay as typed.
  expect(ServiceSchema.parse({ name: 'Easter', day: 'Easter Sunday', time: '6:30 AM' })).toMatchObject({
    day: 'Easter Sunday',
    time: '6:30 AM',
    starts_at: null,
  })
})

test('a service’s schedule is checked as an event’s, and only a scheduled service is streamed', () => {
  const problems = (input: Record<string, unknown>) =>
    Object.fromEntries(
      (ServiceSchema.safeParse({ name: 'x', ...input }).error?.issues ?? []).map((issue) => [
        issue.path[0],
        issue.message,
      ]),
    )
  expect(problems({ streamed: true })).toEqual({
    streamed: 'Give the service its times (when it starts and how it repeats) before it is streamed',
  })
  expect(problems({ starts_at: '2026-12-06T10:30', recurrence: 'FREQ=DAILY;INTERVAL=2147483647' })).toEqual({
    recurrence: expect.stringMatching(/^The interval \(INTERVAL\)/),
  })
  expect(problems({ starts_at: 'Sunday' })).toEqual({
    starts_at: 'Start must be a date and time such as 2026-12-20T18:00',
  })
  expect(problems({ starts_at: '2026-12-06T10:30', ends_at: '2026-12-06T09:00' })).toEqual({
    ends_at: 'The end is before the start',
  })
})
