import type { Kysely } from 'kysely'
import type { z } from 'zod'

import { parseInput } from './content-model.server.ts'
import { sanitizeRichText } from './rich-text.server.ts'
import type { Db } from '#app/db/database.server.ts'
import { newId, nowIso } from '#app/lib/ids.server.ts'

/** get/save for a table that holds one record (church_info, about_us). */
export function singleRecordModel<S extends z.ZodObject, R>(config: {
  table: 'church_info' | 'about_us'
  schema: S
  richText: ReadonlyArray<keyof z.output<S> & string>
}) {
  const { table, schema } = config
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const k = (db: Db) => db.kysely as unknown as Kysely<any>

  async function get({ db }: { db: Db }): Promise<R | null> {
    const row = await k(db)
      .selectFrom(table)
      .selectAll()
      .orderBy('created_at', 'asc')
      .limit(1)
      .executeTakeFirst()
    return (row as R | undefined) ?? null
  }

  /** Replaces the record with `data` (creating it the first time); the whole record is validated. */
  async function save({ db, data }: { db: Db; data: unknown }): Promise<R> {
    const parsed = parseInput(schema, data) as Record<string, unknown>
    sanitizeRichText(schema, parsed, config.richText)
    const now = nowIso()
    await k(db)
      .transaction()
      .execute(async (trx) => {
        const existing = await trx
          .selectFrom(table)
          .select('id')
          .orderBy('created_at', 'asc')
          .limit(1)
          .executeTakeFirst()
        if (existing) {
          await trx
            .updateTable(table)
            .set({ ...parsed, updated_at: now })
            .where('id', '=', existing.id)
            .execute()
        } else {
          await trx
            .insertInto(table)
            .values({ ...parsed, id: newId(), created_at: now, updated_at: now })
            .execute()
        }
      })
    await db.contentVersion.bump()
    return (await get({ db }))!
  }

  return { get, save }
}
