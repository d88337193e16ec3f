import type { Db } from '#app/db/database.server.ts'
import { newId, nowIso } from '#app/lib/ids.server.ts'

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

export async function createMedia({
  db,
  data,
}: {
  db: Db
  data: Omit<Media, 'id' | 'created_at'>
}): Promise<Media> {
  const media: Media = { ...data, id: newId(), created_at: nowIso() }
  await db.kysely
    .insertInto('media')
    .values({ ...media, variants: JSON.stringify(media.variants) })
    .execute()
  return media
}

/** Every media row, keyed by its `secure_url`, so pages can turn an `image_url` into a srcset. */
export async function listMedia({ db }: { db: Db }): Promise<Media[]> {
  const rows = await db.kysely.selectFrom('media').selectAll().orderBy('created_at', 'asc').execute()
  return rows.map((row) => ({ ...row, variants: JSON.parse(row.variants) as MediaVariant[] }))
}

export async function getMediaByUrls({ db, urls }: { db: Db; urls: string[] }): Promise<Media[]> {
  const unique = [...new Set(urls.filter((url) => url.startsWith('/media/')))]
  if (unique.length === 0) return []
  const rows = await db.kysely.selectFrom('media').selectAll().where('secure_url', 'in', unique).execute()
  return rows.map((row) => ({ ...row, variants: JSON.parse(row.variants) as MediaVariant[] }))
}
