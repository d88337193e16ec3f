import type { Kysely } from 'kysely'

/**
 * A two-step code signs in once (issue 25): the last time-step (30-second period since the epoch) whose code
 * signed each person in; a code of that step or an earlier one is refused. A table of our own rather than a
 * column on better-auth's `twoFactor`, which its migration makes after ours on a new database. Not backed up: a
 * restored site is minutes past any step recorded.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('two_step_last_steps')
    // better-auth's user id; no foreign key to its table, made after ours on a new database.
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('last_step', 'bigint', (c) => c.notNull())
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  await db.schema.dropTable('two_step_last_steps').execute()
}
