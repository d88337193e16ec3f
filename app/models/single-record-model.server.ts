import type { Kysely } from 'kysely'

import { type Actor, recordActivity } from './activity.server.ts'
import { itemTitle, rowConversions } from './content-model.server.ts'
import { type Db, inTransaction } from '#app/db/database.server.ts'
import { newId, nowIso } from '#app/lib/ids.server.ts'
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
  const { schema }: TableDeclaration = TABLES[tableName]
  const table: string = tableName
  const { toRecord, toRow } = rowConversions(tableName)
  const shared = (db: Db) => db.kysely as unknown as Kysely<SharedDatabase>

  async function get({ db }: { db: Db }): Promise<ContentRecord<T> | null> {
    const row = await shared(db)
      .selectFrom(table)
      .selectAll()
      .orderBy('created_at', 'asc')
      .limit(1)
      .executeTakeFirst()
    return row ? toRecord(row as unknown as ContentRow<T>) : null
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
    const row = toRow(parseInput(schema, data))
    const now = nowIso()
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

  return { get, save }
}
