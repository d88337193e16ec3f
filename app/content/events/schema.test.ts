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
  })
})

test('an event is_regular comes from a JSON boolean or a checkbox value', () => {
  expect(EventSchema.parse({ title: 't', is_regular: true }).is_regular).toBe(true)
  expect(EventSchema.parse({ title: 't', is_regular: 'on' }).is_regular).toBe(true)
  expect(EventSchema.parse({ title: 't', is_regular: 'false' }).is_regular).toBe(false)
})
