import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

import { FileStore } from '@tus/file-store'
import { Server, type Upload } from '@tus/server'

import { HttpError } from '#app/lib/errors.ts'
import { AUDIO_FORMAT_MESSAGE, AUDIO_MAX_BYTES, AUDIO_TOO_LARGE_MESSAGE } from '#app/lib/upload-limits.ts'
import type { Actor } from '#app/models/activity.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'
import { saveAudioUpload } from './audio-uploads.server.ts'
import { pacedRequest } from './upload-pace.server.ts'

/** Where resumable uploads are answered; each upload's own address is below it. */
export const RESUMABLE_UPLOADS_PATH = '/api/uploads/tus'

/** An upload left unfinished this long is removed (a phone that never came back). */
const EXPIRY_MS = 24 * 60 * 60 * 1000

/** Names a declared type or file name that is certainly not sermon audio, to refuse it before any byte is sent. */
const NOT_AUDIO_TYPE = /^(?:image|video|text|application)\//i
const NOT_AUDIO_NAME =
  /\.(?:jpe?g|png|gif|webp|heic|avif|tiff?|pdf|docx?|txt|mp4|mov|avi|mkv|wav|flac|ogg|opus|wma|aiff?)$/i

/** Who sends each request being answered: the hooks below receive the request, not the route's arguments. */
const actors = new WeakMap<Request, Actor>()
const servers = new WeakMap<AppRuntime, Server>()

/**
 * Resumable uploads of sermon audio (the tus protocol: https://tus.io/protocols/resumable-upload), for phones
 * whose connection drops: the pieces are written to DATA_DIR/uploads/.tus as they arrive, a client that comes back
 * asks how far it got (`HEAD`) and sends the rest (`PATCH`). The finished file gets the same checks as any audio
 * upload (saveAudioUpload), and the last `PATCH` answers what the plain upload answers.
 *
 * NOTE: each worker keeps its own locks: two workers taking pieces of the same upload at once is a client
 * sending twice, which tus clients do not do.
 */
function resumableUploads(runtime: AppRuntime) {
  const existing = servers.get(runtime)
  if (existing) return existing
  const directory = path.join(runtime.storage.root, '.tus')
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: EXPIRY_MS })
  const server = new Server({
    path: RESUMABLE_UPLOADS_PATH,
    datastore,
    maxSize: AUDIO_MAX_BYTES,
    relativeLocation: true,
    // The site's own address is never taken from a request (decision 0018); a relative one needs none.
    respectForwardedHeaders: false,
    disableTerminationForFinishedUploads: true,
    async onUploadCreate(_req, upload) {
      if (upload.size === undefined)
        throw tusError(400, 'Say the size of the file (Upload-Length) when starting')
      const { filetype, filename } = upload.metadata ?? {}
      if ((filetype && NOT_AUDIO_TYPE.test(filetype)) || (filename && NOT_AUDIO_NAME.test(filename))) {
        throw tusError(415, AUDIO_FORMAT_MESSAGE)
      }
      return {}
    },
    async onUploadFinish(req, upload) {
      // The finished file is claimed by a rename, which one request alone can win, even across workers: the same
      // piece sent twice at once (a client's retry) made two requests finish it together, and one moved the file
      // the other was reading (a 500, or a 415 for a file read half-moved).
      const input = path.join(directory, `${upload.id}.finishing-${crypto.randomUUID()}`)
      try {
        await fs.rename(path.join(directory, upload.id), input)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw finishedElsewhere()
        throw error
      }
      try {
        const result = await saveAudioUpload({
          db: runtime.db,
          storage: runtime.storage,
          input,
          originalName: upload.metadata?.filename ?? null,
          actor: actors.get(req as Request),
          // This address takes sermon audio only: a file that is no audio is told what audio it may be.
          unreadable: AUDIO_FORMAT_MESSAGE,
        })
        return {
          status_code: 200,
          headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
          body: JSON.stringify(result),
        }
      } catch (error) {
        if (error instanceof HttpError) throw tusError(error.status, error.message)
        throw error
      } finally {
        await fs.rm(input, { force: true })
        await forget(datastore, upload)
      }
    },
    onResponseError(_req, error) {
      // A piece written, or an offset read, as another request finished the same upload and took its file.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return finishedElsewhere()
      const status = 'status_code' in error ? error.status_code : 500
      const body = 'body' in error ? String(error.body) : ''
      if (body.startsWith('{')) return { status_code: status, body }
      if (status === 413) return { status_code: 413, body: errorBody(AUDIO_TOO_LARGE_MESSAGE) }
      if (status >= 500) {
        runtime.logger.error({ err: error }, 'resumable upload failed')
        return { status_code: status, body: errorBody('Something went wrong on our side') }
      }
      // The protocol's own refusals (a wrong offset, an unknown upload): its words, trimmed.
      return { status_code: status, body: errorBody(body.trim() || 'The upload could not be continued') }
    },
  })
  // Pieces of uploads abandoned long ago (by this or another process) go at start-up, as the pictures' do.
  void server.cleanUpExpiredUploads().catch((error: unknown) => {
    runtime.logger.warn({ err: error }, 'could not remove expired resumable uploads')
  })
  servers.set(runtime, server)
  return server
}

/** Answers one request of the tus protocol for `actor`, who may upload content. */
export async function answerResumableUpload(runtime: AppRuntime, request: Request, actor: Actor) {
  // Reading an upload back is no part of uploading it: the finished file is served from /media.
  if (request.method === 'GET') throw new HttpError(405, 'Uploads in progress cannot be downloaded')
  const paced = pacedRequest(request, runtime.env.UPLOAD_SPEED_LIMIT)
  actors.set(paced, actor)
  return resumableUploads(runtime).handleWeb(paced)
}

/** Removes what the store keeps of an upload: its file (if not already moved into place) and its record. */
async function forget(datastore: FileStore, upload: Upload) {
  await fs.rm(path.join(datastore.directory, upload.id), { force: true })
  await datastore.configstore.delete(upload.id).catch(() => {})
}

/** The answer to a request that finds its upload finished (or removed) by another one at the same moment. */
function finishedElsewhere() {
  return tusError(
    409,
    'This upload was finished by another request at the same moment: its answer has the file',
  )
}

function errorBody(message: string) {
  return JSON.stringify({ error: { message } })
}

/** A refusal in the form the tus server sends: the status and the API's error body. */
function tusError(status: number, message: string) {
  return { status_code: status, body: errorBody(message) }
}
