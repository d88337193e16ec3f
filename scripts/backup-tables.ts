import type { Kysely } from 'kysely'

import type { Db } from '#app/db/database.server.ts'
import { messageKeys } from '#app/models/message-keys.ts'

/** Every table a backup holds, parents before children (better-auth's session and account refer to user). */
export const BACKUP_TABLES = [
  'church_info',
  'about_us',
  'carousel_slides',
  'services',
  'events',
  'ministries',
  'gallery_images',
  'leadership_team',
  'getting_here',
  'contact_messages',
  'media',
  'user',
  'account',
  'session',
  'verification',
] as const

type AnyKysely = Kysely<Record<string, Record<string, unknown>>>

export async function exportTables(db: Db) {
  const kysely = db.kysely as unknown as AnyKysely
  const tables: Record<string, unknown[]> = {}
  for (const table of BACKUP_TABLES) tables[table] = await kysely.selectFrom(table).selectAll().execute()
  return tables
}

/** Replaces the content of every backup table with `tables`, in one transaction. */
export async function importTables(db: Db, tables: Record<string, Record<string, unknown>[]>) {
  const kysely = db.kysely as unknown as AnyKysely
  await kysely.transaction().execute(async (trx) => {
    for (const table of [...BACKUP_TABLES].reverse()) await trx.deleteFrom(table).execute()
    for (const table of BACKUP_TABLES) {
      let rows = tables[table] ?? []
      // A backup from before the inbox's search columns existed lacks them: they are always worked out anew.
      if (table === 'contact_messages') {
        rows = rows.map((row) => ({
          ...row,
          ...messageKeys(row as unknown as Parameters<typeof messageKeys>[0]),
        }))
      }
      for (let i = 0; i < rows.length; i += 200)
        await trx
          .insertInto(table)
          .values(rows.slice(i, i + 200))
          .execute()
    }
  })
}
