import type { Kysely } from 'kysely'

/**
 * A registration keeps the language of the page it was made on (issue 46): its confirmation, a later "a place came
 * free" and staff's e-mail to everyone are written in it, their links to that language's pages (`/ml/…`). Null for
 * those made before, through the API or by staff: the site's main language.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('registrations').addColumn('language', 'text').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  await db.schema.alterTable('registrations').dropColumn('language').execute()
}
