import { SHRINK_MAX_SIDE } from './upload-limits.ts'

// Below this a file is sent as it is: shrinking would save little, and decoding costs a phone time.
const SHRINK_FROM_BYTES = 1.5 * 1024 * 1024
const JPEG_QUALITY = 0.85
const WEBP_QUALITY = 0.9

export interface Shrunk {
  file: File
  /** The shrunk picture's size, or null when the file is sent as it was. */
  width: number | null
  height: number | null
}

/**
 * Shrinks a large photo in the browser so its longest side is at most `maxSide` pixels, turned upright by its EXIF
 * orientation (`createImageBitmap` with `imageOrientation: 'from-image'`), as JPEG (photos) or WebP (pictures that
 * may be transparent: PNG, WebP, GIF). Small files, pictures the browser cannot read (HEIC in most browsers) and
 * browsers without the means to do it give back the file unchanged: the server reads and shrinks those itself.
 */
export async function shrinkImage(file: File, maxSide = SHRINK_MAX_SIDE): Promise<Shrunk> {
  const unchanged = { file, width: null, height: null }
  if (!mayShrink(file)) return unchanged
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    return unchanged
  }
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height))
    const width = Math.max(1, Math.round(bitmap.width * scale))
    const height = Math.max(1, Math.round(bitmap.height * scale))
    const photo = /^image\/(jpeg|hei[cf])/i.test(file.type) || /\.(jpe?g|hei[cf])$/i.test(file.name)
    const type = photo ? 'image/jpeg' : 'image/webp'
    const blob = await draw(bitmap, width, height, type, photo ? JPEG_QUALITY : WEBP_QUALITY)
    // A browser that cannot write WebP answers PNG; and a picture already small in pixels may grow.
    if (!blob || blob.type !== type || (scale === 1 && blob.size >= file.size)) return unchanged
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.${photo ? 'jpg' : 'webp'}`
    return { file: new File([blob], name, { type, lastModified: file.lastModified }), width, height }
  } catch {
    return unchanged
  } finally {
    bitmap.close()
  }
}

/** Will shrinkImage try this file (large enough, not animated, in a browser able to)? */
export function mayShrink(file: File) {
  return (
    file.size >= SHRINK_FROM_BYTES &&
    typeof createImageBitmap === 'function' &&
    // An animated GIF would keep only its first frame.
    file.type !== 'image/gif'
  )
}

async function draw(bitmap: ImageBitmap, width: number, height: number, type: string, quality: number) {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height)
    const context = canvas.getContext('2d')
    if (!context) return null
    context.imageSmoothingQuality = 'high'
    context.drawImage(bitmap, 0, 0, width, height)
    return canvas.convertToBlob({ type, quality })
  }
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')
  if (!context) return null
  context.imageSmoothingQuality = 'high'
  context.drawImage(bitmap, 0, 0, width, height)
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality))
}
