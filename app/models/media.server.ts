import { type Actor, recordActivity } from './activity.server.ts'
import { type Db, inTransaction } from '#app/db/database.server.ts'
import { newId } from '#app/lib/ids.server.ts'

export interface MediaVariant {
  url: string
  width: number
  height: number
  bytes: number
}

export interface Media {
  id: string
  secure_url: string
  original_name: string | null
  format: string
  width: number
  height: number
  bytes: number
  variants: MediaVariant[]
  created_at: string
}

/** Records an uploaded picture; with an `actor`, logged as theirs (by its file's name) in the same transaction. */
export async function createMedia({
  db,
  data,
  actor,
}: {
  db: Db
  data: Omit<Media, 'id' | 'created_at'>
  actor?: Actor
}): Promise<Media> {
  const media: Media = { ...data, id: newId(), created_at: db.clock.now().toISOString() }
  await inTransaction(db, async (trx) => {
    await trx.kysely
      .insertInto('media')
      .values({ ...media, variants: JSON.stringify(media.variants) })
      .execute()
    if (actor) {
      await recordActivity({
        db: trx,
        actor,
        action: 'uploaded',
        section: 'uploads',
        itemId: media.id,
        itemTitle: media.original_name ?? 'A picture',
      })
    }
  })
  return media
}

export async function getMediaByUrls({ db, urls }: { db: Db; urls: string[] }): Promise<Media[]> {
  const unique = [...new Set(urls.filter((url) => url.startsWith('/media/')))]
  if (unique.length === 0) return []
  const rows = await db.kysely.selectFrom('media').selectAll().where('secure_url', 'in', unique).execute()
  return rows.map((row) => ({ ...row, variants: JSON.parse(row.variants) as MediaVariant[] }))
}
