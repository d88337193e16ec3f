import { type Actor, recordActivity } from './activity.server.ts'
import { type Db, inTransaction } from '#app/db/database.server.ts'
import { newId } from '#app/lib/ids.server.ts'

export interface AudioFile {
  id: string
  secure_url: string
  original_name: string | null
  type: string
  bytes: number
  duration_seconds: number
  created_at: string
}

/**
 * Records an uploaded audio file; the same bytes uploaded again (the same address) keep their first record. With an
 * `actor`, logged as theirs in the same transaction.
 */
export async function createAudioFile({
  db,
  data,
  actor,
}: {
  db: Db
  data: Omit<AudioFile, 'id' | 'created_at'>
  actor?: Actor
}): Promise<AudioFile> {
  return inTransaction(db, async (trx) => {
    // Two uploads of the same bytes at once: the second finds the first's record.
    await trx.kysely
      .insertInto('audio_files')
      .values({ ...data, id: newId(), created_at: db.clock.now().toISOString() })
      .onConflict((conflict) => conflict.column('secure_url').doNothing())
      .execute()
    const file = (await getAudioFile({ db: trx, url: data.secure_url }))!
    if (actor) {
      await recordActivity({
        db: trx,
        actor,
        action: 'uploaded',
        section: 'uploads',
        itemId: file.id,
        itemTitle: data.original_name ?? 'An audio file',
      })
    }
    return file
  })
}

/** The record of the audio file at this address (`/media/…`), or null when none was uploaded there. */
export async function getAudioFile({ db, url }: { db: Db; url: string }): Promise<AudioFile | null> {
  const row = await db.kysely
    .selectFrom('audio_files')
    .selectAll()
    .where('secure_url', '=', url)
    .executeTakeFirst()
  return row ? { ...row, bytes: Number(row.bytes), duration_seconds: Number(row.duration_seconds) } : null
}
