import type { Kysely } from 'kysely'

/**
 * A service may name who usually preaches at it (issue 47): the draft sermon made from its stream's recording takes
 * that speaker. Deleting the speaker leaves the service without one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('services')
    .addColumn('speaker_id', 'text', (c) => c.references('speakers.id').onDelete('set null'))
    .execute()
}
