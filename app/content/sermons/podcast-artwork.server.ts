import { sharp } from '#app/lib/native-modules.server.ts'

import { fingerprint, themeHex } from '#app/lib/seo.ts'
import { escapeXml } from '#app/lib/escape.ts'
import { fittedLogo, readSitePicture } from '#app/server/share-images.server.ts'
import type { LocalImageStorage } from '#app/storage/images.server.ts'

/** Apple asks for a square of 1400 to 3000 pixels; the smallest keeps the file small. */
export const ARTWORK_SIZE = 1400
/** Raised when the drawing changes, so every address names the new picture. */
const ARTWORK_DESIGN = 1
/** Drawn pictures kept per process: the church's and a few series' (each some 100–300 KB). */
const KEPT = 8

/** What a podcast's picture is drawn from. */
export interface ArtworkSource {
  /** The series' picture, cut to a square; without one the picture is drawn from the church's logo and name. */
  photo: string | null
  /** The church's logo (its picture), set on the theme colour; the bundled default one when there is none. */
  logo: string | null
  name: string
}

/** The fingerprint of a picture: its address changes when what it is drawn from does. */
export function artworkVersion(source: ArtworkSource) {
  return fingerprint(
    JSON.stringify([
      ARTWORK_DESIGN,
      themeHex(),
      source.photo,
      source.photo ? null : [source.logo, source.name],
    ]),
  )
}

const kept = new Map<string, Promise<Buffer>>()

/**
 * The podcast's picture (`itunes:image`): a square RGB JPEG of ARTWORK_SIZE pixels, made with sharp from the
 * series' picture, else from the church's logo and name on the theme colour (which works with no picture at all).
 * Drawn once per process and version.
 */
export function drawArtwork(storage: Pick<LocalImageStorage, 'root'>, source: ArtworkSource) {
  const key = artworkVersion(source)
  const existing = kept.get(key)
  if (existing) return existing
  const made = draw(storage, source)
  made.catch(() => kept.delete(key))
  kept.set(key, made)
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!)
  return made
}

async function draw(storage: Pick<LocalImageStorage, 'root'>, source: ArtworkSource) {
  const photo = await readSitePicture(storage, source.photo)
  if (photo) {
    const square = await sharp(photo)
      .resize(ARTWORK_SIZE, ARTWORK_SIZE, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer()
      // A picture sharp cannot read (a file replaced on disk) falls back to the drawn one.
      .catch(() => null)
    if (square) return square
  }
  return drawn(storage, source)
}

async function drawn(storage: Pick<LocalImageStorage, 'root'>, { logo, name }: ArtworkSource) {
  const size = ARTWORK_SIZE
  const colour = themeHex()
  const background = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#0b1a2a"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${size / 2}" cy="520" r="330" fill="#fff"/>
  </svg>`
  const inner = 480
  const fitted = await fittedLogo(await readSitePicture(storage, logo), inner)
  const words = await sharp({
    text: {
      text:
        `<span foreground="#ffffff" weight="bold">${escapeXml(name)}</span>\n` +
        `<span foreground="#ffffffc8" size="80%">Sermons</span>`,
      font: 'sans 86',
      width: size - 200,
      align: 'centre',
      rgba: true,
      dpi: 72,
      wrap: 'word',
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true })
  return sharp(Buffer.from(background))
    .composite([
      { input: fitted, left: Math.round((size - inner) / 2), top: 520 - inner / 2 },
      {
        input: words.data,
        left: Math.max(0, Math.round((size - words.info.width) / 2)),
        top: Math.min(size - words.info.height - 60, 920),
      },
    ])
    .flatten({ background: colour })
    .toColourspace('srgb')
    .jpeg({ quality: 88, mozjpeg: true })
    .toBuffer()
}
