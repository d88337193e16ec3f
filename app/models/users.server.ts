import type { Kysely } from 'kysely'

import type { Db } from '#app/db/database.server.ts'
import type { AuthTables } from '#app/db/types.ts'

const authTables = (db: Db) => db.kysely as unknown as Kysely<AuthTables>

/** Everyone with an account, as better-auth keeps them (the Staff screen's people). */
export async function listUsers({ db }: { db: Db }) {
  return authTables(db).selectFrom('user').selectAll().execute()
}

/** The ids of the people who have chosen a password (an invited person has not, until they follow the link). */
export async function listUserIdsWithPassword({ db }: { db: Db }): Promise<Set<string>> {
  const rows = await authTables(db)
    .selectFrom('account')
    .select('userId')
    .where('providerId', '=', 'credential')
    .execute()
  return new Set(rows.map((row) => row.userId))
}

/** When each person's latest session began, by user id (sessions end: the activity log keeps sign-ins longer). */
export async function listLatestSessionStarts({ db }: { db: Db }) {
  return authTables(db)
    .selectFrom('session')
    .select(['userId', (eb) => eb.fn.max('createdAt').as('last')])
    .groupBy('userId')
    .execute()
}

export async function countAdministrators({ db }: { db: Db }) {
  const row = await authTables(db)
    .selectFrom('user')
    .where('role', '=', 'admin')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}
