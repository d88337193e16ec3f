import { expect, test } from 'vitest'

import { missingLanguages } from './translation-status.server.ts'

const event = {
  title: 'Christmas Carol Night',
  description: '<p></p>',
  date: 'Sunday 20 December 2026',
  time: '6:00 PM – 8:00 PM',
  location: 'Main Hall',
  starts_at: '2026-12-20T18:00',
}

test('a dated event needs its words translated, not its date and time (they are said in each language)', () => {
  const translations = { ml: { title: 'ക്രിസ്മസ് കരോൾ രാത്രി', location: 'പ്രധാന ഹാൾ' } }
  expect(missingLanguages({ ...event, translations }, 'events', ['ml'])).toEqual([])
  expect(missingLanguages({ ...event, translations: { ml: { title: 'x' } } }, 'events', ['ml'])).toEqual([
    'ml',
  ])
  // An event kept with only its typed date text: that text is what visitors read, so it wants a translation.
  expect(missingLanguages({ ...event, starts_at: null, translations }, 'events', ['ml'])).toEqual(['ml'])
})

test('a ministry’s activities want a translation when it has some, kept as text of one per line', () => {
  const ministry = { name: 'Youth Ministry', description: null, image_alt: null, activities: ['Youth Night'] }
  const named = { ml: { name: 'യുവജന ശുശ്രൂഷ' } }
  expect(missingLanguages({ ...ministry, translations: named }, 'ministries', ['ml'])).toEqual(['ml'])
  const both = { ml: { ...named.ml, activities: 'യുവജന സന്ധ്യ' } }
  expect(missingLanguages({ ...ministry, translations: both }, 'ministries', ['ml'])).toEqual([])
  // No activities: nothing of them to translate.
  expect(
    missingLanguages({ ...ministry, activities: [], translations: named }, 'ministries', ['ml']),
  ).toEqual([])
})
