import { sql } from 'kysely'

import type { Db } from '#app/db/database.server.ts'

export interface RateLimit {
  key: string
  limit: number
  windowMs: number
}

/**
 * Counts one hit against `key` in a fixed window kept in the database (so several app instances share it). The
 * window starts at the first hit and is never moved by later ones: hits during it cannot make it last longer.
 * @returns whether the hit was within the limit, when the window ends (ms since the epoch), and the seconds until
 *   then (at least 1: a Retry-After).
 */
export async function consumeRateLimit({
  db,
  key,
  limit,
  windowMs,
  now,
}: { db: Db; now: number } & RateLimit) {
  const row = await db.kysely
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: now + windowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
        reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then ${now + windowMs} else rate_limits.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirst()
  const resetAt = Number(row?.reset_at ?? now + windowMs)
  return {
    allowed: Number(row?.count ?? 1) <= limit,
    resetAt,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
  }
}

/** Takes back one hit counted against `key` (for an attempt that turned out not to count). */
export async function releaseRateLimit({ db, key }: { db: Db; key: string }) {
  await db.kysely
    .updateTable('rate_limits')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute()
}

export async function resetRateLimit({ db, key }: { db: Db; key: string }) {
  await db.kysely.deleteFrom('rate_limits').where('key', '=', key).execute()
}
