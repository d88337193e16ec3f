import { expect, test } from 'vitest'

import { ACTIVITIES_MAX_COUNT, activitiesField, MinistrySchema } from './schema.ts'

test('activities entered one per line become a list without blank lines', () => {
  expect(activitiesField.parse('Bible study\n\n  Games night  \r\n \nOutreach\n')).toEqual([
    'Bible study',
    'Games night',
    'Outreach',
  ])
  expect(activitiesField.parse(['Choir', '  ', ' Tea '])).toEqual(['Choir', 'Tea'])
  for (const value of ['', '\n\n', null, undefined, []]) expect(activitiesField.parse(value)).toEqual([])
})

test('activities are limited in number and length', () => {
  expect(
    activitiesField.safeParse(Array.from({ length: ACTIVITIES_MAX_COUNT + 1 }, (_, i) => `a${i}`)).success,
  ).toBe(false)
  expect(activitiesField.safeParse(['x'.repeat(201)]).error?.issues[0].message).toBe(
    'Each activity must be at most 200 characters',
  )
  expect(activitiesField.safeParse([1, 2]).success).toBe(false)
})

test('a ministry needs a name; description, image and activities are optional', () => {
  expect(MinistrySchema.safeParse({}).error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
    ['name', 'Name is required'],
  ])
  expect(MinistrySchema.parse({ name: 'Youth' })).toEqual({
    name: 'Youth',
    description: null,
    image_url: null,
    image_alt: null,
    activities: [],
  })
})
