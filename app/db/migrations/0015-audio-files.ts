import type { Kysely } from 'kysely'

/**
 * Sermon audio uploaded to the site (issue 27): what was read from each file when it arrived — its type, size and
 * length — kept by its address, so a sermon that names the file gets the file's own figures, never typed ones. The
 * address holds the file's content hash: other bytes are another address.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('audio_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('secure_url', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('duration_seconds', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  await db.schema.dropTable('audio_files').execute()
}
