import crypto from 'node:crypto'
import { createReadStream } from 'node:fs'
import fs from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'

import { parseFile } from 'music-metadata'

import type { LocalImageStorage } from './images.server.ts'
import { AUDIO_MAX_BYTES } from '#app/lib/upload-limits.ts'

/**
 * Why an audio file was not kept: larger than AUDIO_MAX_BYTES, no media at all, media but not MP3 or M4A/AAC
 * audio, or audio whose length cannot be read (damaged). Callers say it in their own words (an upload's 413 or 415).
 */
export class AudioStoreError extends Error {
  readonly reason: 'too-large' | 'not-media' | 'not-audio' | 'damaged'

  constructor(reason: AudioStoreError['reason'], message: string) {
    super(message)
    this.name = 'AudioStoreError'
    this.reason = reason
  }
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
 * or M4A/AAC audio is an AudioStoreError.
 */
export async function readAudio(file: string) {
  let metadata: Awaited<ReturnType<typeof parseFile>>
  try {
    metadata = await parseFile(file, { duration: true, skipCovers: true })
  } catch {
    throw new AudioStoreError('not-media', 'The file is no media music-metadata can read')
  }
  const { container = '', codec = '', duration, hasVideo } = metadata.format
  const format = FORMATS.find((known) => known.container.test(container) && known.codec.test(codec))
  if (!format || hasVideo) {
    throw new AudioStoreError('not-audio', `Not MP3 or M4A/AAC audio: ${container} ${codec}`.trim())
  }
  if (!duration || !Number.isFinite(duration) || duration <= 0) {
    throw new AudioStoreError('damaged', 'The audio file could not be read to its end')
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
 * bytes: the same sermon uploaded twice is one file, an edited recording a new address. Its record is the
 * caller's to make (createAudioFile).
 */
export async function storeAudio({
  storage,
  input,
}: {
  storage: Pick<LocalImageStorage, 'commit'>
  input: string
}) {
  try {
    const { size } = await fs.stat(input)
    if (size > AUDIO_MAX_BYTES) {
      throw new AudioStoreError('too-large', `The audio file is larger than ${AUDIO_MAX_BYTES} bytes`)
    }
    const audio = await readAudio(input)
    // 128 bits of the hash: as unguessable as the pictures' random names, and short enough to read.
    const key = `${(await sha256(input)).slice(0, 22)}.${audio.extension}`
    const secure_url = await storage.commit(input, key)
    return { secure_url, type: audio.type, bytes: size, duration_seconds: audio.duration_seconds }
  } finally {
    await fs.rm(input, { force: true })
  }
}
