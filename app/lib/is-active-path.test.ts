import { expect, test } from 'vitest'

import { isActivePath } from './is-active-path.ts'

test('isActivePath matches the home link only on the home page', () => {
  expect(isActivePath('/', '/')).toBe(true)
  expect(isActivePath('/about', '/')).toBe(false)
})

test('isActivePath matches nested paths and a trailing slash for other links', () => {
  expect(isActivePath('/events', '/events')).toBe(true)
  expect(isActivePath('/events/', '/events')).toBe(true)
  expect(isActivePath('/events/christmas', '/events')).toBe(true)
})

test('isActivePath does not match a different page that shares a prefix', () => {
  expect(isActivePath('/eventsarchive', '/events')).toBe(false)
  expect(isActivePath('/about', '/events')).toBe(false)
})
