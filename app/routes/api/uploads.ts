import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'

import busboy from 'busboy'

import type { Route } from './+types/uploads.ts'
import { requireAdminApi } from '#app/auth/session.server.ts'
import { servicesContext } from '#app/context.ts'
import { errorResponse, json, methodNotAllowed } from '#app/lib/api.server.ts'
import { HttpError } from '#app/lib/errors.ts'
import { type LocalImageStorage, storeImage, UPLOAD_MAX_BYTES } from '#app/storage/images.server.ts'

const TOO_LARGE = `The file is too large: images can be up to ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`

export function loader() {
  return methodNotAllowed(['POST'])
}

/** Admin: one image in the multipart field `file`; answers `{ secure_url, width, height, variants }`. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext)
  let tempFile: string | null = null
  try {
    if (request.method !== 'POST') return methodNotAllowed(['POST'])
    await requireAdminApi(request, services)
    const type = request.headers.get('content-type') ?? ''
    if (!type.toLowerCase().startsWith('multipart/form-data')) {
      throw new HttpError(415, 'Send the image as multipart/form-data in the field "file"')
    }
    // Multipart framing adds a little; anything declaring far more than the limit is refused before reading.
    if (Number(request.headers.get('content-length') ?? 0) > UPLOAD_MAX_BYTES + 64 * 1024)
      throw new HttpError(413, TOO_LARGE)
    const upload = await receiveFile(request, services.storage)
    tempFile = upload.path
    const result = await storeImage({
      db: services.db,
      storage: services.storage,
      input: upload.path,
      originalName: upload.name,
    })
    return json(result, { status: 201 })
  } catch (error) {
    return errorResponse(error, (err) => services.logger.error({ err }, 'upload failed'))
  } finally {
    if (tempFile) await fs.rm(tempFile, { force: true })
  }
}

/** Streams the `file` field to a temporary file, stopping at the size limit (413). */
function receiveFile(request: Request, storage: LocalImageStorage) {
  return new Promise<{ path: string; name: string | null }>((resolve, reject) => {
    if (!request.body) return reject(new HttpError(400, 'Choose an image to upload'))
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: { 'content-type': request.headers.get('content-type') ?? '' },
        limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 12 },
      })
    } catch {
      return reject(new HttpError(400, 'The upload could not be read'))
    }
    let result: Promise<{ path: string; name: string | null }> | null = null
    let settled = false
    const fail = (error: HttpError, file?: string) => {
      if (settled) return
      settled = true
      if (file) void fs.rm(file, { force: true })
      reject(error)
    }
    parser.on('file', (field, stream, info) => {
      if (field !== 'file' || result) {
        stream.resume()
        return
      }
      const path = storage.tempPath()
      const out = createWriteStream(path)
      result = new Promise((done, failed) => {
        stream.on('limit', () => {
          stream.unpipe(out)
          out.destroy()
          stream.resume()
          failed(Object.assign(new HttpError(413, TOO_LARGE), { file: path }))
        })
        out.on('finish', () => done({ path, name: info.filename ?? null }))
        out.on('error', () =>
          failed(Object.assign(new HttpError(500, 'The upload could not be saved'), { file: path })),
        )
      })
      // Nothing awaits `result` until busboy closes; a rejection before then (a file over the limit arriving in
      // several pieces) must not count as unhandled, which would stop the process.
      result.catch(() => {})
      stream.pipe(out)
    })
    parser.on('error', () => fail(new HttpError(400, 'The upload could not be read')))
    parser.on('close', () => {
      if (!result) return fail(new HttpError(400, 'Choose an image to upload in the field "file"'))
      result.then(
        (file) => {
          settled = true
          resolve(file)
        },
        (error: HttpError & { file?: string }) => fail(error, error.file),
      )
    })
    Readable.fromWeb(request.body as unknown as NodeReadableStream).pipe(parser)
  })
}
