import { sql } from 'kysely'

import type { Db } from '#app/db/database.server.ts'

/**
 * Counts one hit against `key` in a fixed window kept in the database (so several app instances share it).
 * @returns false when the limit was already reached in this window.
 */
export async function consumeRateLimit(
  db: Db,
  { key, limit, windowMs }: { key: string; limit: number; windowMs: number },
) {
  const now = Date.now()
  const row = await db.kysely
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: now + windowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
        reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then ${now + windowMs} else rate_limits.reset_at end`,
      }),
    )
    .returning(['count'])
    .executeTakeFirst()
  return Number(row?.count ?? 1) <= limit
}

/** True when `key` has reached `limit` in its current window, without counting a hit. */
export async function isRateLimited(db: Db, { key, limit }: { key: string; limit: number }) {
  const row = await db.kysely
    .selectFrom('rate_limits')
    .select(['count', 'reset_at'])
    .where('key', '=', key)
    .executeTakeFirst()
  return Boolean(row && Number(row.reset_at) > Date.now() && Number(row.count) >= limit)
}

/** Takes back one hit counted against `key` (for an attempt that turned out not to count). */
export async function releaseRateLimit(db: Db, key: string) {
  await db.kysely
    .updateTable('rate_limits')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute()
}

export async function resetRateLimit(db: Db, key: string) {
  await db.kysely.deleteFrom('rate_limits').where('key', '=', key).execute()
}
