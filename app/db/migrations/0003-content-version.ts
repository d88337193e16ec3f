import type { Kysely } from 'kysely'

/**
 * One row counting content changes. Every worker and every instance on the database reads it to know when its
 * cached pages are stale (app/db/content-version.server.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('content_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.insertInto('content_version').values({ id: 1, version: 0 }).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  await db.schema.dropTable('content_version').execute()
}
