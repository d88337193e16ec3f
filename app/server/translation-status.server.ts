import type { Db } from '#app/db/database.server.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import type { Translations } from '#app/lib/languages.ts'
import { itemTitle } from '#app/models/content-model.server.ts'
import { listModels, singleModels } from '#app/models/content-models.server.ts'
import { readSiteLanguages } from '#app/models/translations.server.ts'
import {
  type ContentTableName,
  isListTable,
  isSingleTable,
  TABLE_ACTIVITY_LABELS,
  TABLE_SCREENS,
  TABLES,
} from '#app/content/registry.ts'

/** A record with words visitors read that one of the site's other languages does not have yet. */
export interface UntranslatedItem {
  table: ContentTableName
  id: string
  title: string
  /** The site's other languages it lacks a translation in, in the site's order. */
  languages: string[]
  /** Its form, open on the first of those languages' tab. */
  to: string
}

/**
 * Is this main-language text there to translate (rich text that is only empty paragraphs is not; a list is when it
 * has an item, its translation being their lines)?
 */
function written(value: unknown, richText: boolean): boolean {
  if (Array.isArray(value)) return value.some((item) => written(item, false))
  if (typeof value !== 'string') return false
  return (richText ? htmlToText(value) : value).trim() !== ''
}

/**
 * The languages a record still lacks: those of `others` missing the translation of a field whose main text is
 * written (a field left empty in the main language needs none).
 */
export function missingLanguages(
  record: Record<string, unknown> & { translations: Translations },
  table: ContentTableName,
  others: readonly string[],
) {
  const { translate = [], richText } = TABLES[table]
  // A dated event's `date` and `time` are said from its dates in each language's own words (date-words.ts):
  // nothing to translate by hand.
  const worked = table === 'events' && record.starts_at ? ['date', 'time'] : []
  const fields = (translate as readonly string[]).filter(
    (field) =>
      !worked.includes(field) && written(record[field], (richText as readonly string[]).includes(field)),
  )
  return others.filter((language) =>
    fields.some((field) => !written(record.translations[language]?.[field], true)),
  )
}

/**
 * Every record, of every table with words to translate, that some language of the site other than the main one
 * lacks a translation for: the dashboard counts them and leads to each (issue 28). None on a one-language site.
 */
export async function untranslatedItems({ db }: { db: Db }): Promise<UntranslatedItem[]> {
  const [, ...others] = await readSiteLanguages({ db })
  if (others.length === 0) return []
  // In the admin's order (the registry's), each table that has words to translate and a screen to do it in.
  const tables = Object.keys(TABLES).filter(
    (table): table is ContentTableName =>
      (isSingleTable(table) || isListTable(table)) &&
      (TABLES[table].translate?.length ?? 0) > 0 &&
      Boolean(TABLE_SCREENS[table]),
  )
  const found = await Promise.all(
    tables.map(async (table) => {
      const stored: object[] = isSingleTable(table)
        ? [await singleModels[table].get({ db })].filter((record) => record !== null)
        : await listModels[table].list({ db })
      const records = stored as Array<Record<string, unknown> & { id: string; translations: Translations }>
      return records.flatMap((record): UntranslatedItem[] => {
        const languages = missingLanguages(record, table, others)
        if (languages.length === 0) return []
        const single = isSingleTable(table)
        const query = new URLSearchParams(single ? {} : { edit: record.id })
        query.set('lang', languages[0])
        return [
          {
            table,
            id: record.id,
            // A single record (church info, about us) is known by its screen's name.
            title: (single ? null : itemTitle(record)) ?? TABLE_ACTIVITY_LABELS[table] ?? table,
            languages,
            to: `${TABLE_SCREENS[table]}?${query}`,
          },
        ]
      })
    }),
  )
  return found.flat()
}
