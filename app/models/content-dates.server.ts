import type { Kysely } from 'kysely'

import type { Db } from '#app/db/database.server.ts'
import { type ContentTableName, LIST_TABLES, SINGLE_TABLES } from '#app/content/registry.ts'

const CONTENT_TABLES: readonly ContentTableName[] = [...SINGLE_TABLES, ...LIST_TABLES]

/**
 * When each content table last changed: the newest `updated_at` of its records (ISO 8601 UTC), or null for an
 * empty table. The sitemap's `lastmod` of a page is the newest of the tables it shows. A deletion leaves no
 * date behind, so it is not seen here.
 */
export async function latestContentChanges({ db }: { db: Db }) {
  const kysely = db.kysely as unknown as Kysely<Record<string, { updated_at: string }>>
  const dates = await Promise.all(
    CONTENT_TABLES.map(async (table) => {
      const row = await kysely
        .selectFrom(table)
        .select((eb) => eb.fn.max('updated_at').as('latest'))
        .executeTakeFirst()
      return [table, (row?.latest as string | null | undefined) ?? null] as const
    }),
  )
  return Object.fromEntries(dates) as Record<ContentTableName, string | null>
}
