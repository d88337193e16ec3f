import { expect, test } from 'vitest'

import { EventSchema } from './schema.ts'

test('an event needs a title; the rest may be left out and is_regular is then false', () => {
  expect(EventSchema.safeParse({}).error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
    ['title', 'Title is required'],
  ])
  expect(EventSchema.parse({ title: 'Harvest' })).toEqual({
    title: 'Harvest',
    description: null,
    date: null,
    time: null,
    location: null,
    image_url: null,
    is_regular: false,
    starts_at: null,
    ends_at: null,
    all_day: false,
    recurrence: null,
    exdates: [],
    latitude: null,
    longitude: null,
    registration: false,
    capacity: null,
    registration_closes_at: null,
  })
})

test('an event takes registrations only with a date; its places are a whole number, or empty for no limit', () => {
  const issues = (input: object) =>
    EventSchema.safeParse({ title: 't', ...input }).error?.issues.map((issue) => [
      issue.path[0],
      issue.message,
    ])
  expect(issues({ registration: true, date: 'Some Sunday in spring' })).toEqual([
    ['registration', 'Give the event a date before it takes registrations'],
  ])
  expect(issues({ registration: 'true', starts_at: '2030-10-12T18:00', capacity: '0' })).toEqual([
    ['capacity', 'Places must be a whole number from 1 to 100000'],
  ])
  const event = EventSchema.parse({
    title: 't',
    registration: 'true',
    starts_at: '2030-10-12T18:00',
    capacity: '30',
  })
  expect([event.registration, event.capacity]).toEqual([true, 30])
  expect(EventSchema.parse({ title: 't', capacity: '' }).capacity).toBeNull()
})

test('an event is_regular comes from a JSON boolean or a checkbox value', () => {
  expect(EventSchema.parse({ title: 't', is_regular: true }).is_regular).toBe(true)
  expect(EventSchema.parse({ title: 't', is_regular: 'on' }).is_regular).toBe(true)
  expect(EventSchema.parse({ title: 't', is_regular: 'false' }).is_regular).toBe(false)
})
