import demoContent from './demo-content.json' with { type: 'json' }
import { drawPicture, type Motif } from './seed-art.server.ts'
import { listModels, singleModels } from '#app/models/content-models.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'
import { LIST_TABLES, SINGLE_TABLES, TABLES } from '#app/content/registry.ts'
import { storeImage } from '#app/storage/images.server.ts'

type SeedRuntime = Pick<AppRuntime, 'db' | 'storage'>

/** A picture of the demo content: drawn on the spot and stored as an upload (nothing is downloaded). */
interface PictureSpec {
  picture: [motif: Motif, palette: number, width: number, height: number]
}

function isPicture(value: unknown): value is PictureSpec {
  return typeof value === 'object' && value !== null && 'picture' in value
}

/** The record with every picture in it drawn and stored, as its address. */
async function withPictures(runtime: SeedRuntime, record: Record<string, unknown>) {
  const result: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(record)) {
    if (!isPicture(value)) {
      result[field] = value
      continue
    }
    const [motif, palette, width, height] = value.picture
    const png = await drawPicture({ motif, palette, width, height })
    result[field] = (await storeImage({ ...runtime, input: png, originalName: `${motif}.png` })).secure_url
  }
  return result
}

const content = demoContent as unknown as Record<string, Record<string, unknown> | Record<string, unknown>[]>

/** Loads the Cork congregation's demo content (demo-content.json) into an empty database; false when there is content. */
export async function seedDemoContent(runtime: SeedRuntime) {
  const { db } = runtime
  if (await singleModels.church_info.get({ db })) return false
  for (const table of SINGLE_TABLES) {
    const record = content[table] as Record<string, unknown>
    await singleModels[table].save({ db, data: await withPictures(runtime, record) })
  }
  for (const table of LIST_TABLES) {
    const records = (content[table] as Record<string, unknown>[] | undefined) ?? []
    // Lists shown newest first (the gallery) get their first record last, so they show in the file's order.
    const newestFirst =
      TABLES[table].sort?.[0]?.column === 'created_at' && TABLES[table].sort?.[0]?.direction === 'desc'
    for (const record of newestFirst ? [...records].reverse() : records) {
      await listModels[table].create({ db, data: await withPictures(runtime, record) })
    }
  }
  return true
}
