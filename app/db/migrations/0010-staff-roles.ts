import type { Kysely } from 'kysely'

/**
 * Roles (issue 15, decision 0015): everyone who could sign in before roles existed was an administrator, and
 * stays one. better-auth's own migration (auth.server.ts, run after ours) adds the admin plugin's other columns;
 * on a new database it makes the user table, role included, and there is nobody to carry over.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  const tables = await db.introspection.getTables()
  const user = tables.find((table) => table.name === 'user')
  if (!user) return
  if (!user.columns.some((column) => column.name === 'role')) {
    await db.schema.alterTable('user').addColumn('role', 'text').execute()
  }
  await db.updateTable('user').set({ role: 'admin' }).where('role', 'is', null).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  await db.updateTable('user').set({ role: null }).execute()
}
