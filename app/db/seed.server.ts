import fs from 'node:fs/promises'

import demoContent from './demo-content.json' with { type: 'json' }
import { drawPicture, type Motif } from './seed-art.server.ts'
import { createAudioFile } from '#app/models/audio-files.server.ts'
import { itemTitle } from '#app/models/content-model.server.ts'
import { listModels, singleModels } from '#app/models/content-models.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'
import { LIST_TABLES, SINGLE_TABLES, TABLES } from '#app/content/registry.ts'
import { storeImage } from '#app/storage/images.server.ts'
import { storeAudio } from '#app/storage/audio.server.ts'

type SeedRuntime = Pick<AppRuntime, 'db' | 'storage'>

/** A picture of the demo content: drawn on the spot and stored as an upload (nothing is downloaded). */
interface PictureSpec {
  picture: [motif: Motif, palette: number, width: number, height: number]
}

function isPicture(value: unknown): value is PictureSpec {
  return typeof value === 'object' && value !== null && 'picture' in value
}

/** Audio of the demo content: a few seconds of a soft note, encoded on the spot and stored as an upload. */
interface AudioSpec {
  audio: [seconds: number, frequency: number]
}

function isAudio(value: unknown): value is AudioSpec {
  return typeof value === 'object' && value !== null && 'audio' in value
}

const tones = new Map<string, Buffer>()

/**
 * A demo sermon's audio: the tone (encoded once for each length and note: lamejs takes a second or more for a few
 * seconds of sound on a busy machine), tagged with the sermon's title so each sermon has a file of its own.
 */
async function demoAudio([seconds, frequency]: AudioSpec['audio'], title: string) {
  // The encoder is loaded only when there is demo content to make.
  const { makeToneMp3, withTitle } = await import('./seed-audio.server.ts')
  const key = `${seconds}/${frequency}`
  let tone = tones.get(key)
  if (!tone) {
    tone = makeToneMp3({ seconds, frequency })
    tones.set(key, tone)
  }
  return withTitle(tone, title)
}

/** Another record of the demo content, stored before this one: its table and its title (or name). */
interface RecordReference {
  record: [table: string, title: string]
}

function isReference(value: unknown): value is RecordReference {
  return typeof value === 'object' && value !== null && 'record' in value
}

/** The ids of the records stored so far, by `table/title`. */
type StoredIds = Map<string, string>

/**
 * The record with every picture in it drawn and every sound made, stored, as their addresses, and every reference
 * as its id.
 */
async function withPictures(
  runtime: SeedRuntime,
  record: Record<string, unknown>,
  ids: StoredIds = new Map(),
) {
  const result: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(record)) {
    if (isReference(value)) {
      const id = ids.get(value.record.join('/'))
      if (!id)
        throw new Error(`The demo content names ${value.record.join(': ')}, which is not stored before it`)
      result[field] = id
      continue
    }
    if (isAudio(value)) {
      const title = String(record.title)
      const input = runtime.storage.tempPath()
      await fs.writeFile(input, await demoAudio(value.audio, title))
      const stored = await storeAudio({ storage: runtime.storage, input })
      await createAudioFile({ db: runtime.db, data: { ...stored, original_name: `${title}.mp3` } })
      result[field] = stored.secure_url
      continue
    }
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
  const ids: StoredIds = new Map()
  for (const table of LIST_TABLES) {
    const records = (content[table] as Record<string, unknown>[] | undefined) ?? []
    // Lists shown newest first (the gallery) get their first record last, so they show in the file's order.
    const newestFirst =
      TABLES[table].sort?.[0]?.column === 'created_at' && TABLES[table].sort?.[0]?.direction === 'desc'
    for (const record of newestFirst ? [...records].reverse() : records) {
      const stored = await listModels[table].create({ db, data: await withPictures(runtime, record, ids) })
      const title = itemTitle(stored)
      if (title) ids.set(`${table}/${title}`, stored.id)
    }
  }
  return true
}
