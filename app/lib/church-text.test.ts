import { expect, test } from 'vitest'

import { officeHoursRows, summarise, textLines } from './church-text.ts'

test('office hours are read one row per line, the days ending at the first colon and space', () => {
  expect(
    officeHoursRows('Monday - Friday: 9:00 AM - 5:00 PM\n\n  Sunday: Closed \r\nClosed on bank holidays'),
  ).toEqual([
    { days: 'Monday - Friday', hours: '9:00 AM - 5:00 PM' },
    { days: 'Sunday', hours: 'Closed' },
    { days: 'Closed on bank holidays', hours: null },
  ])
  expect(officeHoursRows(null)).toEqual([])
})

test('textLines keeps the lines that say something', () => {
  expect(textLines(' Bus 202 \n\nTrain ')).toEqual(['Bus 202', 'Train'])
})

test('summarise keeps whole sentences that fit, or cuts at a word', () => {
  expect(summarise('Short and sweet.')).toBe('Short and sweet.')
  expect(summarise('One sentence here. Another one that is rather longer than the rest.', 40)).toBe(
    'One sentence here.',
  )
  expect(summarise('a very long sentence without any full stop in it at all', 20)).toBe('a very long…')
})
