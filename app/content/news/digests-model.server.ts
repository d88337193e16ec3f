import { type Selectable, sql } from 'kysely'

import type { Db } from '#app/db/database.server.ts'
import type { DigestsTable } from '#app/db/types.ts'

import type { DigestStatus } from './schema.ts'

/**
 * The weekly sends (one row a week, `digests`): which worker holds a week, how far its send went, and the e-mails it
 * left in the outbox. The subscribers themselves are model.server.ts's.
 */

export type DigestRow = Selectable<DigestsTable>

export async function getDigest({ db, week }: { db: Db; week: string }) {
  const row = await db.kysely.selectFrom('digests').selectAll().where('week', '=', week).executeTakeFirst()
  return row ?? null
}

/** The last weeks' sends, newest first. */
export async function listDigests({ db, limit = 10 }: { db: Db; limit?: number }) {
  return db.kysely.selectFrom('digests').selectAll().orderBy('week', 'desc').limit(limit).execute()
}

/**
 * Claims a week's send for `owner` until `leaseUntil`: a week never started is recorded now (the week is the
 * table's key, so of two workers or instances one inserts it), a previewed one (`pending`) is started, and one left
 * `sending` by a worker whose lease ran out (it died halfway) is taken over. Answers the row when this caller has it, else null.
 */
export async function claimDigest({
  db,
  week,
  dueAt,
  owner,
  now,
  leaseUntil,
  startNew = true,
}: {
  db: Db
  week: string
  dueAt: string
  owner: string
  now: number
  leaseUntil: number
  /** False past the week's last moment: only a send left halfway is taken (to be recorded as dropped). */
  startNew?: boolean
}): Promise<DigestRow | null> {
  const inserted = startNew
    ? await db.kysely
        .insertInto('digests')
        .values({
          week,
          due_at: dueAt,
          status: 'sending' satisfies DigestStatus,
          lease_owner: owner,
          lease_until: leaseUntil,
          started_at: new Date(now).toISOString(),
        })
        .onConflict((oc) => oc.column('week').doNothing())
        .executeTakeFirst()
    : null
  if (Number(inserted?.numInsertedOrUpdatedRows ?? 0) === 0) {
    const taken = await db.kysely
      .updateTable('digests')
      .set({
        status: 'sending' satisfies DigestStatus,
        lease_owner: owner,
        lease_until: leaseUntil,
        started_at: sql<string>`coalesce(started_at, ${new Date(now).toISOString()})`,
      })
      .where('week', '=', week)
      .where((eb) =>
        eb.or([
          // Previewed, waiting for its hour (a week past its last moment is never started).
          ...(startNew ? [eb('status', '=', 'pending' satisfies DigestStatus)] : []),
          eb.and([
            eb('status', '=', 'sending' satisfies DigestStatus),
            eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]),
          ]),
        ]),
      )
      .executeTakeFirst()
    if (Number(taken.numUpdatedRows) === 0) return null
  }
  return getDigest({ db, week })
}

/**
 * Records that the subscribers up to `lastSubscriberId` have their e-mails queued (in the transaction that queues
 * them) and keeps the lease; false when this owner no longer holds the week, and the caller must roll back.
 */
export async function recordDigestProgress({
  db,
  week,
  owner,
  lastSubscriberId,
  queued,
  leaseUntil,
}: {
  db: Db
  week: string
  owner: string
  lastSubscriberId: string
  queued: number
  leaseUntil: number
}) {
  const result = await db.kysely
    .updateTable('digests')
    .set({
      last_subscriber_id: lastSubscriberId,
      recipients: sql<number>`recipients + ${queued}`,
      lease_until: leaseUntil,
    })
    .where('week', '=', week)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'sending' satisfies DigestStatus)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Ends a week's send held by `owner`: `queued`, `empty` or `dropped`. */
export async function finishDigest({
  db,
  week,
  owner,
  status,
  now,
}: {
  db: Db
  week: string
  owner: string
  status: Exclude<DigestStatus, 'sending'>
  now: number
}) {
  await db.kysely
    .updateTable('digests')
    .set({ status, lease_owner: null, lease_until: null, finished_at: new Date(now).toISOString() })
    .where('week', '=', week)
    .where('lease_owner', '=', owner)
    .execute()
}

/**
 * Records a week's preview (the day before): the week becomes `pending`. False when it was recorded already (by
 * another worker or instance, or staff skipped it): then no preview is sent.
 */
export async function recordDigestPreview({ db, week, dueAt }: { db: Db; week: string; dueAt: string }) {
  const inserted = await db.kysely
    .insertInto('digests')
    .values({ week, due_at: dueAt, status: 'pending' satisfies DigestStatus })
    .onConflict((oc) => oc.column('week').doNothing())
    .executeTakeFirst()
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0
}

/**
 * The e-mails of one week's send still in the outbox (sent ones are kept a week): those sent, waiting for their
 * turn or a retry, and refused (given up). A week's e-mails are the subscribers' with a pace (`not_before`) queued
 * between its start and its end.
 */
export async function countDigestMail({ db, digest }: { db: Db; digest: DigestRow }) {
  if (!digest.started_at) return { sent: 0, waiting: 0, refused: 0 }
  const row = await db.kysely
    .selectFrom('outbox')
    .select([
      (eb) => eb.fn.count<number | string>('sent_at').as('sent'),
      (eb) => eb.fn.count<number | string>('failed_at').as('refused'),
      (eb) => eb.fn.countAll<number | string>().as('total'),
    ])
    .where('ref_id', 'is not', null)
    .where('not_before', 'is not', null)
    .where('created_at', '>=', digest.started_at)
    .$if(digest.finished_at !== null, (query) => query.where('created_at', '<=', digest.finished_at!))
    .executeTakeFirstOrThrow()
  const sent = Number(row.sent)
  const refused = Number(row.refused)
  return { sent, refused, waiting: Math.max(0, Number(row.total) - sent - refused) }
}

/** Staff's "Skip this week": a week not started yet is never sent. Answers the week as it now stands. */
export async function skipDigest({ db, week, dueAt }: { db: Db; week: string; dueAt: string }) {
  await db.kysely
    .insertInto('digests')
    .values({ week, due_at: dueAt, status: 'skipped' satisfies DigestStatus })
    .onConflict((oc) =>
      oc
        .column('week')
        .doUpdateSet({ status: 'skipped' satisfies DigestStatus })
        .where('digests.status', '=', 'pending' satisfies DigestStatus),
    )
    .execute()
  return (await getDigest({ db, week }))!
}
