import { createWriteStream, type WriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'

import busboy from 'busboy'

import type { Route } from './+types/uploads.ts'
import { actorFromSession, requireApiAccess } from '#app/auth/session.server.ts'
import { HttpError, MethodNotAllowedError } from '#app/lib/errors.ts'
import { allowMethods, apiHandler, json } from '#app/server/api.server.ts'
import { saveAudioUpload } from '#app/server/audio-uploads.server.ts'
import {
  AUDIO_MAX_BYTES,
  AUDIO_TOO_LARGE_MESSAGE,
  looksLikeAudio,
  NOT_MEDIA_MESSAGE,
  TOO_LARGE_MESSAGE as TOO_LARGE,
  UPLOAD_MAX_BYTES,
} from '#app/lib/upload-limits.ts'
import { pacedRequest } from '#app/server/upload-pace.server.ts'
import { type LocalImageStorage, storeImage, UNREADABLE_IMAGE_MESSAGE } from '#app/storage/images.server.ts'

export const loader = apiHandler<Route.LoaderArgs>(() => {
  throw new MethodNotAllowedError(['POST'])
})

/**
 * Staff: one picture or one sermon audio file in the multipart field `file`. A picture answers `{ secure_url,
 * width, height, variants }`; audio (MP3, M4A/AAC) `{ secure_url, bytes, duration_seconds, type }`, read from the
 * file. Large audio is better sent resumably, through /api/uploads/tus (uploads.tus.ts).
 */
export const action = apiHandler<Route.ActionArgs>(async ({ request, runtime }) => {
  allowMethods(request, ['POST'])
  const actor = actorFromSession(await requireApiAccess(request, runtime, 'content'), runtime.clock)
  let tempFile: string | null = null
  try {
    const type = request.headers.get('content-type') ?? ''
    if (!type.toLowerCase().startsWith('multipart/form-data')) {
      throw new HttpError(415, 'Send the file as multipart/form-data in the field "file"')
    }
    // Multipart framing adds a little; anything declaring far more than the limit is refused before reading.
    if (Number(request.headers.get('content-length') ?? 0) > AUDIO_MAX_BYTES + 64 * 1024)
      throw new HttpError(413, AUDIO_TOO_LARGE_MESSAGE)
    const upload = await receiveFile(pacedRequest(request, runtime.env.UPLOAD_SPEED_LIMIT), runtime.storage)
    tempFile = upload.path
    if (upload.audio) {
      const audio = await saveAudioUpload({
        db: runtime.db,
        storage: runtime.storage,
        input: upload.path,
        originalName: upload.name,
        actor,
      })
      return json(audio, { status: 201 })
    }
    const result = await storeImage({
      db: runtime.db,
      storage: runtime.storage,
      input: upload.path,
      originalName: upload.name,
      actor,
    }).catch((error: unknown) => {
      // Neither audio nor anything sharp can open, and not even said to be a picture: say what may be uploaded.
      if (
        error instanceof HttpError &&
        error.message === UNREADABLE_IMAGE_MESSAGE &&
        !upload.declaredType.startsWith('image/')
      ) {
        throw new HttpError(415, NOT_MEDIA_MESSAGE)
      }
      throw error
    })
    return json(result, { status: 201 })
  } finally {
    if (tempFile) await fs.rm(tempFile, { force: true })
  }
})

/** What is read of a body after the answer is decided, so the client hears it; past this the connection is closed. */
const DISCARD_MAX_BYTES = AUDIO_MAX_BYTES + 1024 * 1024

/** Bytes enough to tell audio from a picture by its first bytes (looksLikeAudio). */
const HEAD_BYTES = 12

interface ReceivingFile {
  path: string
  name: string | null
  /** The type the client gave the part (`image/png`): a hint for the refusal's words, never trusted. */
  declaredType: string
  out: WriteStream
  written: Promise<void>
  /** The file's first bytes, and what they say it is (null until enough have arrived). */
  head: Buffer
  audio: boolean | null
}

/**
 * Streams the `file` field to a temporary file, stopping at the size limit (413): a file whose first bytes look
 * like audio may be up to 200 MB, anything else up to an image's 30 MB. Every stream's `error` is
 * handled: a body that ends inside the file part, or a browser that goes away half-way, is a 400 for this
 * request and nothing more, and its `.part` file is removed at once.
 */
function receiveFile(request: Request, storage: LocalImageStorage) {
  return new Promise<{ path: string; name: string | null; audio: boolean; declaredType: string }>(
    (resolve, reject) => {
      if (!request.body) return reject(new HttpError(400, 'Choose a file to upload'))
      let parser: busboy.Busboy
      try {
        parser = busboy({
          headers: { 'content-type': request.headers.get('content-type') ?? '' },
          limits: { fileSize: AUDIO_MAX_BYTES, files: 1, fields: 10, parts: 12 },
        })
      } catch {
        return reject(new HttpError(400, 'The upload could not be read'))
      }
      const source = Readable.fromWeb(request.body as unknown as NodeReadableStream)
      let file: ReceivingFile | null = null
      let settled = false

      const fail = (error: HttpError) => {
        if (settled) return
        settled = true
        // The write stream opens its file asynchronously: removing it before the stream has closed could run
        // before the open and leave the `.part` behind, so the file goes once the stream is closed, and the
        // answer waits for that: whoever reads it finds nothing left behind.
        const removed = new Promise<void>((resolve) => {
          if (!file) return resolve()
          const { out, path: partPath } = file
          const remove = () => void fs.rm(partPath, { force: true }).then(resolve, resolve)
          if (out.closed) remove()
          else {
            out.once('close', remove)
            out.destroy()
          }
        })
        // The rest of the body is read and thrown away (up to a bound), so the answer reaches the client.
        source.unpipe(parser)
        discard(source, DISCARD_MAX_BYTES)
        void removed.then(() => reject(error))
      }

      // A client that goes away: the body's stream errors (`aborted`); nothing is left to answer.
      source.on('error', () => fail(new HttpError(400, 'The upload was cut short')))
      parser.on('error', () => fail(new HttpError(400, 'The upload was cut short or could not be read')))
      parser.on('file', (field, stream, info) => {
        // busboy reports a broken part on the file's stream as well as on itself: `pipeline` below (or this
        // no-op, for parts we skip) handles it there, the parser's own handler answers the request.
        stream.on('error', () => {})
        if (field !== 'file' || file) {
          stream.resume()
          return
        }
        const path = storage.tempPath()
        const out = createWriteStream(path)
        const entry: ReceivingFile = {
          path,
          name: info.filename ?? null,
          declaredType: info.mimeType ?? '',
          out,
          written: Promise.resolve(),
          head: Buffer.alloc(0),
          audio: null,
        }
        file = entry
        let received = 0
        stream.on('data', (chunk: Buffer) => {
          received += chunk.length
          if (entry.audio === null) {
            entry.head = Buffer.concat([entry.head, chunk.subarray(0, HEAD_BYTES)]).subarray(0, HEAD_BYTES)
            if (entry.head.length >= HEAD_BYTES) entry.audio = looksLikeAudio(entry.head)
          }
          if (!entry.audio && received > UPLOAD_MAX_BYTES) fail(new HttpError(413, TOO_LARGE))
        })
        stream.on('limit', () => fail(new HttpError(413, entry.audio ? AUDIO_TOO_LARGE_MESSAGE : TOO_LARGE)))
        entry.written = pipeline(stream, out)
        entry.written.catch(() => fail(new HttpError(400, 'The upload was cut short')))
      })
      parser.on('close', () => {
        if (settled) return
        if (!file) return fail(new HttpError(400, 'Choose a file to upload in the field "file"'))
        const { path, name, written, declaredType } = file
        const audio = file.audio ?? looksLikeAudio(file.head)
        written.then(
          () => {
            if (settled) return
            settled = true
            resolve({ path, name, audio, declaredType })
          },
          () => fail(new HttpError(400, 'The upload was cut short')),
        )
      })
      source.pipe(parser)
    },
  )
}

/** Reads and drops what is left of a stream, up to `max` bytes; a client sending more is cut off. */
function discard(stream: Readable, max: number) {
  let read = 0
  stream.on('data', (chunk: Buffer) => {
    read += chunk.length
    if (read > max) stream.destroy()
  })
  stream.resume()
}
