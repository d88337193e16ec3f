import type { Db } from '#app/db/database.server.ts'

/** Throws unless the database answers a query on one of our tables (GET /healthz: reachable and migrated). */
export async function checkDatabase({ db }: { db: Db }) {
  await db.kysely.selectFrom('church_info').select('id').limit(1).execute()
}
