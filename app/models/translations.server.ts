import type { z } from 'zod'

import type { Db } from '#app/db/database.server.ts'
import { ValidationError } from '#app/lib/errors.ts'
import {
  canonicalLanguage,
  localize,
  siteLanguages,
  translatedLines,
  type Translations,
} from '#app/lib/languages.ts'
import type { TableDeclaration } from '#app/content/registry.ts'

import { sanitizeRichText } from './rich-text.server.ts'

/** The languages last read per database, under the content version they were read at. */
const languagesRead = new WeakMap<Db, { version: number; languages: readonly string[] }>()

/**
 * The site's languages as church info holds them, the main one first (`['en']` until chosen). Every page asks
 * (its middleware tells its language): read once per content version, as every change of them bumps it.
 */
export async function readSiteLanguages({ db }: { db: Db }): Promise<readonly string[]> {
  const version = db.contentVersion.current()
  const known = languagesRead.get(db)
  if (known?.version === version) return known.languages
  const row = await db.kysely.selectFrom('church_info').select('languages').limit(1).executeTakeFirst()
  const languages = siteLanguages(parseJson(row?.languages))
  languagesRead.set(db, { version, languages })
  return languages
}

/** A stored `translations` column as its object (anything unreadable as none). */
export function parseTranslations(value: unknown): Translations {
  const parsed = typeof value === 'string' ? parseJson(value) : value
  if (!isPlainObject(parsed)) return {}
  const translations: Translations = {}
  for (const [language, fields] of Object.entries(parsed)) {
    if (!isPlainObject(fields)) continue
    const words = Object.entries(fields).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    )
    if (words.length > 0) translations[language] = Object.fromEntries(words)
  }
  return translations
}

/**
 * The record's translations after a write: `input` (the write's `translations`, absent for none) merged into
 * `stored` per language and field. An empty string (or null) removes that field's translation. A language that is
 * not one of the site's other languages, a field that cannot be translated and a text its field would refuse are
 * refused with a field message (`translations.ml.name`); rich text is sanitised as the main text is. A list field
 * (`json` in the declaration) takes a list or text of one item per line, as its own schema does, and is kept as its
 * items' text, one per line.
 */
export function mergeTranslations({
  declaration,
  input,
  stored,
  languages,
}: {
  declaration: TableDeclaration
  input: unknown
  stored: Translations
  languages: readonly string[]
}): Translations {
  if (input === undefined) return stored
  if (!isPlainObject(input)) {
    throw new ValidationError({
      translations: 'Translations must be an object of languages, such as {"ml": {"name": "…"}}',
    })
  }
  const [main, ...others] = languages
  const fields = declaration.translate ?? []
  const shape = (declaration.schema as z.ZodObject).shape
  const errors: Record<string, string> = {}
  const merged: Translations = structuredClone(stored)
  for (const [given, words] of Object.entries(input)) {
    const language = canonicalLanguage(given)
    if (!language || !others.includes(language)) {
      errors[`translations.${given}`] =
        language === main
          ? `${given} is the site's main language: change the fields themselves`
          : others.length === 0
            ? `${given} is not one of the site's languages: the site has one (${main}); add others to the languages in Church Info`
            : `${given} is not one of the site's other languages (${others.join(', ')})`
      continue
    }
    if (!isPlainObject(words)) {
      errors[`translations.${given}`] =
        `The ${given} translation must be an object of fields, such as {"name": "…"}`
      continue
    }
    const texts = { ...merged[language] }
    for (const [field, value] of Object.entries(words)) {
      const key = `translations.${given}.${field}`
      if (!fields.includes(field)) {
        errors[key] =
          fields.length === 0
            ? `${field} cannot be translated: nothing here can`
            : `${field} cannot be translated (these can: ${fields.join(', ')})`
        continue
      }
      if (value === null || (typeof value === 'string' && value.trim() === '')) {
        delete texts[field]
        continue
      }
      const result = shape[field]?.safeParse(value)
      // A list field (a ministry's activities, a list or text of one per line) is kept as its items' lines.
      if (result?.success && Array.isArray(result.data) && declaration.json?.includes(field)) {
        const lines = (result.data as unknown[]).flatMap((item) =>
          typeof item === 'string' ? translatedLines(item) : [],
        )
        if (lines.length > 0) texts[field] = lines.join('\n')
        else delete texts[field]
        continue
      }
      if (!result?.success || typeof result.data !== 'string') {
        errors[key] =
          result?.success === false ? (result.error.issues[0]?.message ?? 'Not valid') : 'Must be text'
        continue
      }
      const row: Record<string, unknown> = { [field]: result.data }
      try {
        sanitizeRichText(
          declaration.schema as z.ZodObject,
          row,
          declaration.richText.filter((f) => f === field),
        )
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error
        errors[key] = Object.values(error.fields ?? {})[0] ?? 'Not valid'
        continue
      }
      if (typeof row[field] === 'string') texts[field] = row[field]
      else delete texts[field]
    }
    if (Object.keys(texts).length > 0) merged[language] = texts
    else delete merged[language]
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  return merged
}

/**
 * What an API read answers for `?lang=`: the records with their text in that language, field by field, the main
 * language where a field has no translation. No `lang` (or the main one): the records as stored. A language the
 * site does not have is refused with a field message.
 */
export async function inRequestedLanguage({
  db,
  request,
  declaration,
  data,
}: {
  db: Db
  request: Request
  declaration: TableDeclaration
  data: object | object[]
}): Promise<object | object[]> {
  const given = new URL(request.url).searchParams.get('lang')
  if (given === null) return data
  const languages = await readSiteLanguages({ db })
  const language = requestedLanguage(given, languages)
  if (!language) throw unknownLanguage(languages)
  if (language === languages[0]) return data
  const fields = declaration.translate ?? []
  const one = (record: { translations?: Translations }) => {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { untranslated, ...localized } = localize(record, language, fields)
    return localized
  }
  return Array.isArray(data) ? data.map(one) : one(data)
}

/** An API read's `?lang=` as one of the site's languages (`ML` → `ml`), or null when the site has no such language. */
export function requestedLanguage(given: string, languages: readonly string[]) {
  const language = canonicalLanguage(given)
  return language && languages.includes(language) ? language : null
}

/** The API's refusal of a `?lang=` the site does not have. */
export function unknownLanguage(languages: readonly string[]) {
  return new ValidationError({ lang: `lang must be one of the site's languages (${languages.join(', ')})` })
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    return null
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
