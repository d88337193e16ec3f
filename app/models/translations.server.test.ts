import { expect, test } from 'vitest'

import { TABLES } from '#app/content/registry.ts'
import { ValidationError } from '#app/lib/errors.ts'
import { localize } from '#app/lib/languages.ts'

import { mergeTranslations } from './translations.server.ts'

const LANGUAGES = ['en', 'ml']
const declaration = TABLES.ministries

const merge = (input: unknown, stored = {}) =>
  mergeTranslations({ declaration, input, stored, languages: LANGUAGES })

test('a list field’s translation is kept as its items’ lines, given as text of lines or as a list', () => {
  expect(merge({ ml: { activities: ' സൺഡേ സ്കൂൾ \n\n  ക്രിസ്മസ് നാടകം\r\n' } })).toEqual({
    ml: { activities: 'സൺഡേ സ്കൂൾ\nക്രിസ്മസ് നാടകം' },
  })
  expect(merge({ ml: { activities: ['സൺഡേ സ്കൂൾ', '  ', ' ക്രിസ്മസ് നാടകം '] } })).toEqual({
    ml: { activities: 'സൺഡേ സ്കൂൾ\nക്രിസ്മസ് നാടകം' },
  })
  // Merged per field like any other; emptied (blank lines, an empty list, null) it is removed.
  const stored = { ml: { name: 'യുവജന ശുശ്രൂഷ', activities: 'യുവജന സന്ധ്യ' } }
  for (const emptied of ['\n \n', [], null]) {
    expect(merge({ ml: { activities: emptied } }, stored)).toEqual({ ml: { name: 'യുവജന ശുശ്രൂഷ' } })
  }
})

test('a list field’s translation is refused as its own field refuses it', () => {
  const refused = (activities: unknown) => {
    try {
      merge({ ml: { activities } })
    } catch (error) {
      if (error instanceof ValidationError) return error.fields
      throw error
    }
    return null
  }
  expect(refused('x'.repeat(201))).toEqual({
    'translations.ml.activities': 'Each activity must be at most 200 characters',
  })
  expect(refused([1, 2])).toEqual({ 'translations.ml.activities': expect.any(String) })
  // A field that is not a list still takes text only.
  expect(() => merge({ ml: { name: ['a', 'b'] } })).toThrow(ValidationError)
})

test('a record in another language has a list field’s translation as its items, else the main list', () => {
  const ministry = {
    name: 'Youth Ministry',
    activities: ['Saturday Youth Night', 'Annual youth retreat'],
    translations: merge({ ml: { activities: 'ശനിയാഴ്ച യുവജന സന്ധ്യ\nവാർഷിക യുവജന ക്യാമ്പ്' } }),
  }
  const fields = declaration.translate ?? []
  expect(localize(ministry, 'ml', fields)).toEqual({
    ...ministry,
    activities: ['ശനിയാഴ്ച യുവജന സന്ധ്യ', 'വാർഷിക യുവജന ക്യാമ്പ്'],
    untranslated: ['name'],
  })
  expect(localize({ ...ministry, translations: {} }, 'ml', fields)).toEqual({
    ...ministry,
    translations: {},
    untranslated: ['name', 'activities'],
  })
  // An empty list has nothing to fall back from.
  expect(localize({ ...ministry, activities: [], translations: {} }, 'ml', fields).untranslated).toEqual([
    'name',
  ])
})
