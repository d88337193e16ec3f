import { expect, test } from 'vitest'

import { languageList, languageName, languagePath, localize, splitLanguagePath } from './languages.ts'

const LANGUAGES = ['en', 'ml']

test('a path under another language’s prefix is that language’s; any other path is the main language’s', () => {
  expect(splitLanguagePath('/ml/events/1', LANGUAGES)).toEqual({ language: 'ml', path: '/events/1' })
  expect(splitLanguagePath('/ml', LANGUAGES)).toEqual({ language: 'ml', path: '/' })
  expect(splitLanguagePath('/ml/', LANGUAGES)).toEqual({ language: 'ml', path: '/' })
  expect(splitLanguagePath('/events', LANGUAGES)).toEqual({ language: 'en', path: '/events' })
  expect(splitLanguagePath('/mlx/events', LANGUAGES)).toEqual({ language: 'en', path: '/mlx/events' })
  expect(splitLanguagePath('/ml/events', ['en'])).toEqual({ language: 'en', path: '/ml/events' })
  expect(languagePath('/events/1', 'ml', LANGUAGES)).toBe('/ml/events/1')
  expect(languagePath('/', 'ml', LANGUAGES)).toBe('/ml')
  expect(languagePath('/events', 'en', LANGUAGES)).toBe('/events')
})

test('a language is named in itself', () => {
  expect(languageName('ml')).toBe('മലയാളം')
  expect(languageName('en')).toBe('English')
  expect(languageName('ml', 'en')).toBe('Malayalam')
})

test('a record in another language: translated fields replaced, the others named as falling back', () => {
  const service = {
    name: 'Sunday Worship',
    location: 'Main hall',
    day: null,
    translations: { ml: { name: 'ഞായറാഴ്ച ആരാധന' } },
  }
  expect(localize(service, 'ml', ['name', 'location', 'day'])).toEqual({
    ...service,
    name: 'ഞായറാഴ്ച ആരാധന',
    untranslated: ['location'],
  })
  expect(localize(service, 'ta', ['name', 'location']).untranslated).toEqual(['name', 'location'])
})

test('languageList reads a form’s codes separated by commas, spaces or lines, in order', () => {
  expect(languageList('en, ml')).toEqual(['en', 'ml'])
  expect(languageList(' en,ml\nta ')).toEqual(['en', 'ml', 'ta'])
  expect(languageList('  ')).toEqual([])
})
