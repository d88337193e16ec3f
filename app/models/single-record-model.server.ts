import type { Kysely } from 'kysely'

import { type Actor, recordActivity } from './activity.server.ts'
import { itemTitle, rowConversions, translationsOf } from './content-model.server.ts'
import { answerIn, type InLocale, type Locale } from './locale.server.ts'
import { mergeTranslations, readSiteLanguages } from './translations.server.ts'
import { siteLanguages } from '#app/lib/languages.ts'
import { type Db, inTransaction } from '#app/db/database.server.ts'
import { newId } from '#app/lib/ids.server.ts'
import { parseInput } from '#app/schemas/fields.ts'
import {
  type ContentRecord,
  type ContentRow,
  type RecordFields,
  type SingleTableName,
  type TableDeclaration,
  TABLES,
} from '#app/content/registry.ts'

// The columns the queries below touch (see content-model.server.ts).
type SharedDatabase = Record<string, RecordFields>

/** get/save for a table that holds one record (church_info, about_us), from its declaration. */
export function singleRecordModel<T extends SingleTableName>(tableName: T) {
  const declaration: TableDeclaration = TABLES[tableName]
  const { schema, keepWhenAbsent = [] } = declaration
  const table: string = tableName
  const { toRecord, toRow } = rowConversions(tableName)
  const shared = (db: Db) => db.kysely as unknown as Kysely<SharedDatabase>

  async function get<L extends Locale | undefined = undefined>({
    db,
    locale,
  }: {
    db: Db
    locale?: L
  }): Promise<InLocale<ContentRecord<T>, L> | null> {
    const row = await shared(db)
      .selectFrom(table)
      .selectAll()
      .orderBy('created_at', 'asc')
      .limit(1)
      .executeTakeFirst()
    return row ? answerIn(tableName, [toRecord(row as unknown as ContentRow<T>)], locale as L)[0]! : null
  }

  /**
   * Replaces the record with `data` (creating it the first time); the whole record is validated. With an
   * `actor`, the save is logged in the activity log in the same transaction.
   */
  async function save({
    db,
    data,
    actor,
  }: {
    db: Db
    data: unknown
    actor?: Actor
  }): Promise<ContentRecord<T>> {
    const stored = await get({ db })
    const input = keepAbsentFields(data, stored)
    const row = toRow(parseInput(schema, input))
    // Church info's own translations are checked against the languages this very write gives it.
    const languages =
      tableName === 'church_info'
        ? siteLanguages(row.languages === undefined ? null : JSON.parse(String(row.languages)))
        : await readSiteLanguages({ db })
    row.translations = JSON.stringify(
      mergeTranslations({
        declaration,
        input: translationsOf(data),
        stored: stored?.translations ?? {},
        languages,
      }),
    )
    const now = db.clock.now().toISOString()
    await inTransaction(db, async (trxDb) => {
      const trx = shared(trxDb)
      const existing = await trx
        .selectFrom(table)
        .select('id')
        .orderBy('created_at', 'asc')
        .limit(1)
        .executeTakeFirst()
      const id = existing?.id ?? newId()
      if (existing) {
        await trx
          .updateTable(table)
          .set({ ...row, updated_at: now })
          .where('id', '=', id)
          .execute()
      } else {
        await trx
          .insertInto(table)
          .values({ ...row, id, created_at: now, updated_at: now })
          .execute()
      }
      if (actor) {
        await recordActivity({
          db: trxDb,
          actor,
          action: existing ? 'changed' : 'created',
          section: tableName,
          itemId: id,
          itemTitle: itemTitle(row),
        })
      }
    })
    await db.contentVersion.bump()
    return (await get({ db }))!
  }

  /** The write, with the fields it leaves out that the declaration keeps taken from the stored record. */
  function keepAbsentFields(data: unknown, stored: Record<string, unknown> | null): unknown {
    if (!stored || typeof data !== 'object' || data === null || Array.isArray(data)) return data
    const kept: Record<string, unknown> = { ...data }
    for (const field of keepWhenAbsent) if (!(field in kept)) kept[field] = stored[field]
    return kept
  }

  return { get, save }
}
