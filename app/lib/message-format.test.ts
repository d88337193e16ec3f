import { expect, test } from 'vitest'

import { formatMessageDate, messagePreview } from './message-format.ts'

test('the preview keeps 20 characters and adds an ellipsis, never cutting an emoji in half', () => {
  expect(messagePreview('Short message')).toBe('Short message')
  expect(messagePreview('12345678901234567890')).toBe('12345678901234567890')
  expect(messagePreview('123456789012345678901')).toBe('12345678901234567890...')
  expect(messagePreview('abcdefghijklmnopqrs🙏 and thanks')).toBe('abcdefghijklmnopqrs🙏...')
})

test('a message’s date is read on the church’s clock, whatever the zone of the server or the browser', () => {
  // 23:30 UTC on 31 March 2026: already 1 April in Dublin (summer time began on 29 March), still 31 March in Toronto.
  const iso = '2026-03-31T23:30:00.000Z'
  expect(formatMessageDate(iso)).toBe('1 April 2026 at 00:30')
  expect(formatMessageDate(iso, 'Europe/Dublin')).toBe('1 April 2026 at 00:30')
  expect(formatMessageDate(iso, 'America/Toronto')).toBe('31 March 2026 at 19:30')
  expect(formatMessageDate(iso, 'Asia/Kolkata')).toBe('1 April 2026 at 05:00')
  // In winter, Dublin is on UTC.
  expect(formatMessageDate('2026-01-15T09:05:00.000Z', 'Europe/Dublin')).toBe('15 January 2026 at 09:05')
  expect(formatMessageDate('not a date', 'Asia/Kolkata')).toBe('not a date')
})
