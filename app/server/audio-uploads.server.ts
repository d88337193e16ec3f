import type { Db } from '#app/db/database.server.ts'
import { HttpError } from '#app/lib/errors.ts'
import { AUDIO_FORMAT_MESSAGE, AUDIO_TOO_LARGE_MESSAGE, NOT_MEDIA_MESSAGE } from '#app/lib/upload-limits.ts'
import type { Actor } from '#app/models/activity.server.ts'
import { createAudioFile } from '#app/models/audio-files.server.ts'
import { AudioStoreError, storeAudio } from '#app/storage/audio.server.ts'
import type { LocalImageStorage } from '#app/storage/images.server.ts'

/** What the upload answers for an audio file: where it is served, and what was read from it. */
interface AudioUploadResult {
  secure_url: string
  bytes: number
  duration_seconds: number
  type: string
}

/**
 * Keeps an uploaded audio file (storeAudio) and its record, for the plain upload (/api/uploads) and the resumable
 * one alike; a file storage refuses is a 413 or a 415 in words.
 */
export async function saveAudioUpload({
  db,
  storage,
  input,
  originalName,
  actor,
  unreadable = NOT_MEDIA_MESSAGE,
}: {
  db: Db
  storage: LocalImageStorage
  input: string
  originalName?: string | null
  actor?: Actor
  /** What a file that is no media at all is told (an address that takes only audio says what audio may be). */
  unreadable?: string
}): Promise<AudioUploadResult> {
  const stored = await storeAudio({ storage, input }).catch((error: unknown) => {
    throw error instanceof AudioStoreError ? refusal(error, unreadable) : error
  })
  const file = await createAudioFile({
    db,
    data: {
      secure_url: stored.secure_url,
      original_name: originalName ?? null,
      type: stored.type,
      bytes: stored.bytes,
      duration_seconds: stored.duration_seconds,
    },
    actor,
  })
  return {
    secure_url: stored.secure_url,
    bytes: file.bytes,
    duration_seconds: file.duration_seconds,
    type: file.type,
  }
}

function refusal(error: AudioStoreError, unreadable: string) {
  switch (error.reason) {
    case 'too-large':
      return new HttpError(413, AUDIO_TOO_LARGE_MESSAGE)
    case 'not-media':
      return new HttpError(415, unreadable)
    case 'not-audio':
      return new HttpError(415, AUDIO_FORMAT_MESSAGE)
    case 'damaged':
      return new HttpError(
        415,
        'The audio file could not be read to its end: it may be damaged. Export it again and upload that.',
      )
  }
}
