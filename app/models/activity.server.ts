import type { Selectable } from 'kysely'

import type { Db } from '#app/db/database.server.ts'
import type { ActivityLogTable } from '#app/db/types.ts'
import type { TableName } from '#app/content/registry.ts'
import { type ActivityAction, ACTIVITY_RETENTION_MONTHS } from '#app/lib/activity.ts'
import { newId } from '#app/lib/ids.server.ts'

/**
 * Who makes a write, and when (the server's clock, app/lib/clock.ts): the signed-in person of the request
 * (`actorFromSession` in app/auth/session.server.ts). Models that are handed one log their write with it.
 */
export interface Actor {
  userId: string | null
  name: string
  email: string
  at: Date
}

/** A section of the log: a content table's name or one of the admin's other screens. */
export type ActivitySection =
  | TableName
  | 'uploads'
  | 'settings'
  | 'staff'
  | 'account'
  | 'sign_in'
  | 'gifts'
  | 'tax_reclaim'

export interface ActivityInput {
  actor: Actor
  action: ActivityAction
  section: ActivitySection
  itemId?: string | null
  /** The item's title as staff know it (a service's name, an event's title); never a visitor's personal data. */
  itemTitle?: string | null
}

export type ActivityEntry = Selectable<ActivityLogTable>

const TITLE_MAX = 200

/**
 * Adds one entry to the activity log. Pass the Db of the transaction that makes the write it records
 * (inTransaction), and both are kept or neither.
 */
export async function recordActivity({
  db,
  actor,
  action,
  section,
  itemId = null,
  itemTitle = null,
}: { db: Db } & ActivityInput) {
  const title = itemTitle?.trim() ? itemTitle.trim().slice(0, TITLE_MAX) : null
  await db.kysely
    .insertInto('activity_log')
    .values({
      id: newId(),
      at: actor.at.toISOString(),
      user_id: actor.userId,
      user_name: actor.name.slice(0, TITLE_MAX),
      user_email: actor.email.slice(0, TITLE_MAX),
      action,
      section,
      item_id: itemId,
      item_title: title,
    })
    .execute()
}

export const ACTIVITY_PAGE_SIZE = 50

export interface ActivityFilter {
  /** One person's entries, by account id. */
  userId?: string
  section?: string
}

/** Entries newest first, a page at a time, with how many match in all. */
export async function listActivity({
  db,
  userId,
  section,
  limit = ACTIVITY_PAGE_SIZE,
  offset = 0,
}: { db: Db; limit?: number; offset?: number } & ActivityFilter) {
  let query = db.kysely.selectFrom('activity_log')
  if (userId) query = query.where('user_id', '=', userId)
  if (section) query = query.where('section', '=', section)
  const countRow = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst()
  const items = await query
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(Math.min(Math.max(limit, 1), 200))
    .offset(Math.max(offset, 0))
    .execute()
  return { items, total: Number(countRow?.count ?? 0) }
}

/** The people and sections the log has entries for (the screen's filters), each person by their latest name. */
export async function activityFilterChoices({ db }: { db: Db }) {
  const people = await db.kysely
    .selectFrom('activity_log')
    .select(['user_id', (eb) => eb.fn.max('at').as('last')])
    .where('user_id', 'is not', null)
    .groupBy('user_id')
    .execute()
  const named = await Promise.all(
    people.map(async ({ user_id }) => {
      const latest = await db.kysely
        .selectFrom('activity_log')
        .select(['user_name', 'user_email'])
        .where('user_id', '=', user_id)
        .orderBy('at', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow()
      return { id: user_id!, name: latest.user_name, email: latest.user_email }
    }),
  )
  named.sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email))
  const sections = await db.kysely.selectFrom('activity_log').select('section').distinct().execute()
  return { people: named, sections: sections.map((row) => row.section) }
}

/** When each person last signed in, by account id, as far as the log remembers. */
export async function listLastSignIns({ db }: { db: Db }) {
  const rows = await db.kysely
    .selectFrom('activity_log')
    .select(['user_id', (eb) => eb.fn.max('at').as('last')])
    .where('action', '=', 'signed_in')
    .where('user_id', 'is not', null)
    .groupBy('user_id')
    .execute()
  return rows.map((row) => ({ userId: row.user_id!, last: row.last }))
}

/** Retention: deletes entries older than 12 months as of `now`; answers how many went. */
export async function deleteOldActivity({ db, now }: { db: Db; now: Date }) {
  const cutoff = new Date(now)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - ACTIVITY_RETENTION_MONTHS)
  const result = await db.kysely
    .deleteFrom('activity_log')
    .where('at', '<', cutoff.toISOString())
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
