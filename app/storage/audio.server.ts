import crypto from 'node:crypto'
import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'

import { parseFile } from 'music-metadata'

import type { LocalImageStorage } from './images.server.ts'
import type { Db } from '#app/db/database.server.ts'
import { HttpError } from '#app/lib/errors.ts'
import {
  AUDIO_FORMAT_MESSAGE,
  AUDIO_MAX_BYTES,
  AUDIO_TOO_LARGE_MESSAGE,
  NOT_MEDIA_MESSAGE,
} from '#app/lib/upload-limits.ts'
import type { Actor } from '#app/models/activity.server.ts'
import { createAudioFile } from '#app/models/audio-files.server.ts'

/** What the upload answers for an audio file: where it is served, and what was read from it. */
export interface AudioUploadResult {
  secure_url: string
  bytes: number
  duration_seconds: number
  type: string
}

/** The audio formats kept, as music-metadata names them, with the type and extension they are served with. */
const FORMATS = [
  { container: /^MPEG$/, codec: /Layer 3/, type: 'audio/mpeg', extension: 'mp3' },
  { container: /^(M4A|mp4|isom|iso\d|mp42|M4B)\b/i, codec: /AAC/i, type: 'audio/mp4', extension: 'm4a' },
  { container: /^ADTS$/, codec: /AAC/i, type: 'audio/aac', extension: 'aac' },
] as const

/**
 * Reads an audio file's type and length from the file itself (music-metadata reads the headers and, for an MP3
 * without a length header, walks its frames: a stream, never the whole file in memory). Anything that is not MP3
 * or M4A/AAC audio is a 415 in words: `unreadable` for a file that is no media at all.
 */
export async function readAudio(file: string, unreadable = NOT_MEDIA_MESSAGE) {
  let metadata: Awaited<ReturnType<typeof parseFile>>
  try {
    metadata = await parseFile(file, { duration: true, skipCovers: true })
  } catch {
    throw new HttpError(415, unreadable)
  }
  const { container = '', codec = '', duration, hasVideo } = metadata.format
  const format = FORMATS.find((known) => known.container.test(container) && known.codec.test(codec))
  if (!format || hasVideo) throw new HttpError(415, AUDIO_FORMAT_MESSAGE)
  if (!duration || !Number.isFinite(duration) || duration <= 0) {
    throw new HttpError(
      415,
      'The audio file could not be read to its end: it may be damaged. Export it again and upload that.',
    )
  }
  return {
    type: format.type,
    extension: format.extension,
    duration_seconds: Math.max(1, Math.round(duration)),
  }
}

async function sha256(file: string) {
  const hash = crypto.createHash('sha256')
  await pipeline(createReadStream(file), hash)
  return hash.digest('base64url')
}

/**
 * Checks an audio file that has arrived in full (`input`, a file of the uploads' temporary folder, moved into
 * place or removed) and keeps it under an address made from its content hash, so an address never serves other
 * bytes: the same sermon uploaded twice is one file, an edited recording a new address.
 */
export async function storeAudio({
  db,
  storage,
  input,
  originalName,
  actor,
  unreadable,
}: {
  db: Db
  storage: LocalImageStorage
  input: string
  originalName?: string | null
  actor?: Actor
  /** What a file that is no media at all is told (an address that takes only audio says what audio may be). */
  unreadable?: string
}): Promise<AudioUploadResult> {
  try {
    const { size } = await fs.stat(input)
    if (size > AUDIO_MAX_BYTES) throw new HttpError(413, AUDIO_TOO_LARGE_MESSAGE)
    const audio = await readAudio(input, unreadable)
    // 128 bits of the hash: as unguessable as the pictures' random names, and short enough to read.
    const key = `${(await sha256(input)).slice(0, 22)}.${audio.extension}`
    const secure_url = await storage.commit(input, key)
    const file = await createAudioFile({
      db,
      data: {
        secure_url,
        original_name: originalName ?? null,
        type: audio.type,
        bytes: size,
        duration_seconds: audio.duration_seconds,
      },
      actor,
    })
    return { secure_url, bytes: file.bytes, duration_seconds: file.duration_seconds, type: file.type }
  } finally {
    await fs.rm(input, { force: true })
  }
}
