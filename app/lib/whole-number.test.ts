import { expect, test } from 'vitest'

import { parseWholeNumber } from './whole-number.ts'

test('parseWholeNumber accepts plain digits within the range and nothing else', () => {
  const range = { min: 0, max: 1000 }
  expect(parseWholeNumber('0', range)).toBe(0)
  expect(parseWholeNumber('1000', range)).toBe(1000)
  expect(parseWholeNumber('007', range)).toBe(7)
  for (const text of [
    '1001',
    '1e3',
    '1e400',
    '2.5',
    '-1',
    ' 7',
    '',
    'abc',
    '99999999999999999999',
    null,
    undefined,
  ]) {
    expect(parseWholeNumber(text, range), String(text)).toBeNull()
  }
})
