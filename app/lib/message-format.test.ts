import { expect, test } from 'vitest'

import { messagePreview } from './message-format.ts'

test('the preview keeps 20 characters and adds an ellipsis, never cutting an emoji in half', () => {
  expect(messagePreview('Short message')).toBe('Short message')
  expect(messagePreview('12345678901234567890')).toBe('12345678901234567890')
  expect(messagePreview('123456789012345678901')).toBe('12345678901234567890...')
  expect(messagePreview('abcdefghijklmnopqrs🙏 and thanks')).toBe('abcdefghijklmnopqrs🙏...')
})
