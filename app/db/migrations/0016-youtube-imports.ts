import type { Kysely } from 'kysely'

/**
 * The YouTube import (issue 27): each video of the church's channel that was made a draft sermon, by its
 * YouTube id, so that no video is made a sermon twice — even after staff delete the draft they did not want.
 * `sermon_id` names the draft it became (null once that sermon is deleted: no foreign key, the memory stays).
 * Numbered 0016, leaving 0015 to the audio upload's own change of the sermons.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('youtube_imports')
    .addColumn('video_id', 'text', (c) => c.primaryKey())
    .addColumn('sermon_id', 'text')
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  await db.schema.dropTable('youtube_imports').execute()
}
