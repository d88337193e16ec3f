import fs from 'node:fs/promises'
import path from 'node:path'

import { sharp } from '#app/lib/native-modules.server.ts'

import type { Db } from '#app/db/database.server.ts'
import { HttpError } from '#app/lib/errors.ts'
import { newId } from '#app/lib/ids.server.ts'
import { HEIC_MESSAGE } from '#app/lib/upload-limits.ts'
import type { Actor } from '#app/models/activity.server.ts'
import { createMedia, type Media } from '#app/models/media.server.ts'

export const IMAGE_WIDTHS = [480, 960, 1600] as const
const WEBP_QUALITY = 80
// Formats a browser can show as a photo; SVG (scripts, external references) and PDF are refused.
const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'])
// A 100-megapixel limit keeps a "decompression bomb" from eating the server's memory.
const MAX_INPUT_PIXELS = 100_000_000

export const UNREADABLE_IMAGE_MESSAGE = 'The file is not an image that can be read'

export interface UploadResult {
  secure_url: string
  width: number
  height: number
  variants: Media['variants']
}

/** Local-disk storage under DATA_DIR/uploads; an S3-compatible driver would implement the same two calls. */
export class LocalImageStorage {
  readonly root: string
  readonly tmp: string

  constructor(root: string) {
    this.root = root
    this.tmp = path.join(root, '.tmp')
  }

  async init() {
    await fs.mkdir(this.tmp, { recursive: true })
    // Pieces left by a process that stopped mid-upload. Only old ones: another server may share these uploads.
    const stale = Date.now() - 60 * 60 * 1000
    for (const name of await fs.readdir(this.tmp)) {
      const file = path.join(this.tmp, name)
      const stat = await fs.stat(file).catch(() => null)
      if (stat?.isFile() && stat.mtimeMs < stale) await fs.rm(file, { force: true })
    }
  }

  tempPath() {
    return path.join(this.tmp, `${newId()}.part`)
  }

  /** Moves a finished file into place; rename is atomic, so a reader never sees half a file. */
  async commit(tempFile: string, key: string) {
    await fs.rename(tempFile, path.join(this.root, key))
    return `/media/${key}`
  }
}

/** The widths to generate: the standard ones below the original width, plus the original (capped), never upscaled. */
export function variantWidths(originalWidth: number) {
  const largest = Math.min(originalWidth, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1])
  return [...IMAGE_WIDTHS.filter((width) => width < largest), largest]
}

/**
 * Validates and stores an image: decodes it with sharp (anything that is not a raster image → 415), turns it
 * upright by its EXIF orientation, drops all metadata (GPS in phone photos), writes WebP widths and records a
 * `media` row.
 */
export async function storeImage({
  db,
  storage,
  input,
  originalName,
  actor,
}: {
  db: Db
  storage: LocalImageStorage
  input: string | Buffer
  originalName?: string | null
  /** Who uploads it, for the activity log (none for the demo content's pictures). */
  actor?: Actor
}): Promise<UploadResult> {
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>
  try {
    metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new HttpError(
        415,
        `The image has too many pixels: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels can be uploaded`,
      )
    }
    throw new HttpError(415, UNREADABLE_IMAGE_MESSAGE)
  }
  if (!metadata.format || !RASTER_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new HttpError(415, 'Only photos and pictures can be uploaded (JPEG, PNG, WebP, GIF, AVIF or TIFF)')
  }
  const id = newId()
  const variants: Media['variants'] = []
  const written: string[] = []
  try {
    // Orientation 5–8 means the stored pixels are sideways: width and height swap once rotated.
    const sideways = (metadata.orientation ?? 1) >= 5
    const uprightWidth = sideways ? metadata.height : metadata.width
    for (const width of variantWidths(uprightWidth)) {
      const temp = storage.tempPath()
      written.push(temp)
      const info = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toFile(temp)
      const url = await storage.commit(temp, `${id}-${info.width}.webp`)
      variants.push({ url, width: info.width, height: info.height, bytes: info.size })
    }
  } catch (error) {
    await Promise.all(written.map((file) => fs.rm(file, { force: true })))
    if (error instanceof HttpError) throw error
    // HEIC's pictures are HEVC, which sharp's prebuilt libvips cannot decode (patents): its header reads, its
    // pixels do not. Said in words, with what to do instead; a sharp build that decodes it never gets here.
    if (metadata.format === 'heif' && metadata.compression === 'hevc') throw new HttpError(415, HEIC_MESSAGE)
    throw new HttpError(415, 'The image could not be processed')
  }
  const largest = variants[variants.length - 1]
  const media = await createMedia({
    db,
    data: {
      secure_url: largest.url,
      original_name: originalName ?? null,
      format: 'webp',
      width: largest.width,
      height: largest.height,
      bytes: largest.bytes,
      variants,
    },
    actor,
  })
  return { secure_url: media.secure_url, width: media.width, height: media.height, variants: media.variants }
}
