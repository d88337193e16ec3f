import type { Kysely } from 'kysely'

/**
 * The activity log (issue 15, decision 0016): who created, changed or deleted what, and when, and who signed in.
 * One row per deed, written in the same transaction as the change it records.
 *
 * The person is kept twice: `user_id` to find their entries, and their name and e-mail as they were, so a person
 * who has since been removed still reads as who they were. There is no foreign key to better-auth's `user`: the
 * entries outlive the account. The item's title is a copy for the same reason (the item may be gone). Entries
 * older than 12 months are deleted at start-up and daily.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('activity_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // ISO 8601 UTC, like every timestamp here: sorts as text in both databases.
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('user_email', 'text', (c) => c.notNull())
    // created, changed, deleted, reordered, signed_in… (app/lib/activity.ts)
    .addColumn('action', 'text', (c) => c.notNull())
    // The screen or table it happened in: services, events, church_info, messages, staff, account…
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text')
    .addColumn('item_title', 'text')
    .execute()
  // Newest first, paged; retention deletes from the oldest end.
  await db.schema.createIndex('activity_log_at').on('activity_log').columns(['at', 'id']).execute()
  await db.schema.createIndex('activity_log_user_id').on('activity_log').column('user_id').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  await db.schema.dropTable('activity_log').execute()
}
