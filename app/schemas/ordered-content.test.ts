import { expect, test } from 'vitest'

import { AboutUsSchema } from '#app/content/about/schema.ts'
import { CarouselSlideSchema } from '#app/content/carousel/schema.ts'
import { GettingHereSchema } from '#app/content/getting-here/schema.ts'
import { LeadershipMemberSchema } from '#app/content/leadership/schema.ts'

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]))

test('a leader needs a name and a role', () => {
  expect(messages(LeadershipMemberSchema.safeParse({}))).toEqual({
    name: 'Name is required',
    role: 'Role is required',
  })
})

test('a getting-here entry needs a transport type, a title and a description', () => {
  expect(messages(GettingHereSchema.safeParse({}))).toEqual({
    transport_type: 'Transport type is required',
    title: 'Title is required',
    description: 'Description is required',
  })
})

test('a carousel slide needs a title and an image, and says "Please upload an image" without one', () => {
  expect(messages(CarouselSlideSchema.safeParse({ subtitle: 'x' }))).toEqual({
    title: 'Title is required',
    image_url: 'Please upload an image',
    image_alt: 'Image description is required',
  })
})

test('about us needs mission, vision, values and history', () => {
  expect(messages(AboutUsSchema.safeParse({ image_url: '' }))).toEqual({
    mission: 'Mission is required',
    vision: 'Vision is required',
    values: 'Values is required',
    history: 'History is required',
  })
})

test('the order of an ordered item is optional and, when given, a whole number from 1', () => {
  const leader = { name: 'A', role: 'B' }
  expect(LeadershipMemberSchema.parse(leader).order).toBeUndefined()
  expect(LeadershipMemberSchema.parse({ ...leader, order: '2' }).order).toBe(2)
  expect(messages(LeadershipMemberSchema.safeParse({ ...leader, order: 0 }))).toEqual({
    order: 'Order must be 1 or more',
  })
})
