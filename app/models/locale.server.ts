import { localize, type Translations } from '#app/lib/languages.ts'
import { type ContentTableName, TABLES } from '#app/content/registry.ts'

/**
 * Whom a read's words are for (issue 46): the language of the page, feed or e-mail being made among the site's
 * languages, the main one first. A read given one answers its records in that language field by field, as
 * Payload's `find({ locale })` does; without one, as they are stored.
 */
export interface Locale {
  language: string
  languages: readonly string[]
}

/** A record as a read in a language answers it: `untranslated` names the fields shown in the main language. */
export type Localized<R> = R & { untranslated: string[] }

/** What a read answers for a record: localised when the read names a locale. */
export type InLocale<R, L extends Locale | undefined> = L extends Locale ? Localized<R> : R

/** `records` of `table` in the locale's language where translated (the main language: as they are). */
export function inLocale<R extends { translations?: Translations }>(
  table: ContentTableName,
  records: readonly R[],
  { language, languages }: Locale,
): Array<Localized<R>> {
  if (language === languages[0]) return records.map((record) => ({ ...record, untranslated: [] }))
  const fields = TABLES[table].translate ?? []
  return records.map((record) => localize(record, language, fields))
}

/** Records as a read answers them: in the locale's language when given, as stored otherwise. */
export function answerIn<R extends { translations?: Translations }, L extends Locale | undefined>(
  table: ContentTableName,
  records: readonly R[],
  locale: L,
): Array<InLocale<R, L>> {
  return (locale ? inLocale(table, records, locale) : [...records]) as Array<InLocale<R, L>>
}
