import fs from 'node:fs/promises'
import path from 'node:path'

import { sharp } from '#app/lib/native-modules.server.ts'

import { defaultLogoSvg } from '#app/lib/default-logo.ts'
import { escapeXml } from '#app/lib/escape.ts'
import { SHARE_IMAGE_SIZE, type ShareCard, shareCardVersion, SITE_THEME, themeHex } from '#app/lib/seo.ts'
import type { LocalImageStorage } from '#app/storage/images.server.ts'

import { fontsFor } from './share-fonts.server.ts'

/** Facebook's and WhatsApp's scrapers give up on larger pictures; ours are far smaller, this is the guard. */
export const SHARE_IMAGE_MAX_BYTES = 300 * 1024
/** Drawn pictures kept per process: a few per page, each some 30–60 KB. */
const KEPT = 48

const { width: WIDTH, height: HEIGHT } = SHARE_IMAGE_SIZE
const MARGIN = 72
const ACCENT = `hsl(${SITE_THEME.secondaryHue} 70% ${SITE_THEME.secondaryLightness}%)`

/**
 * Where bundled pictures (`/images/…`) are found: the built site's copy (server.js's BUILD_DIR), or the sources'
 * when run from them.
 */
const BUNDLED_DIRS = [path.resolve(process.env.BUILD_DIR ?? 'build', 'client'), path.resolve('public')]

export interface ShareImages {
  /** The JPEG of a card: drawn once per process, then kept (by the card's fingerprint). */
  draw: (card: ShareCard) => Promise<Buffer>
  /** An app icon of `size` pixels: the logo on the theme colour (`maskable` keeps it in the middle 60 %). */
  icon: (logo: string, size: number, maskable: boolean) => Promise<Buffer>
}

/**
 * Share images (og:image) and app icons, drawn with sharp from the church's logo, name and the page's title in
 * the site's colour. Each is drawn on first request and kept in memory under the fingerprint of what it shows,
 * so a change of name, logo or title draws a new one, and the old one is never served for the new card.
 */
export function createShareImages(storage: Pick<LocalImageStorage, 'root'>): ShareImages {
  const remember = keptPictures()
  const read: ReadPicture = (address) => readSitePicture(storage, address)
  return {
    draw: (card) => remember(`card:${shareCardVersion(card)}`, () => drawCard(read, card)),
    icon: (logo, size, maskable) =>
      remember(`icon:${logo}:${size}:${maskable}`, () => drawIcon(read, logo, size, maskable)),
  }
}

type ReadPicture = (address: string | null | undefined) => Promise<Buffer | null>

/** The pictures drawn last (`KEPT` of them), by key: a picture asked for again is drawn once. */
function keptPictures() {
  const kept = new Map<string, Promise<Buffer>>()
  return function remember(key: string, make: () => Promise<Buffer>) {
    const existing = kept.get(key)
    if (existing) {
      kept.delete(key)
      kept.set(key, existing)
      return existing
    }
    const made = make()
    made.catch(() => kept.delete(key))
    kept.set(key, made)
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!)
    return made
  }
}

/**
 * The church's logo as a PNG fitted into `inner` pixels square (transparent around it), or the default logo when
 * there is none or it cannot be read: share images and the podcast's artwork.
 */
export async function fittedLogo(picture: Buffer | null, inner: number) {
  return sharp(picture ?? Buffer.from(defaultLogoSvg(inner)))
    .resize(inner, inner, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
    .png()
    .toBuffer()
    .catch(() =>
      sharp(Buffer.from(defaultLogoSvg(inner)))
        .png()
        .toBuffer(),
    )
}

/** The logo fitted into a white disc of `size` pixels. */
async function logoDisc(read: ReadPicture, logo: string, size: number) {
  const inner = Math.round(size * 0.8)
  const fitted = await fittedLogo(await read(logo), inner)
  const disc = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}" fill="#fff"/></svg>`,
  )
  return sharp(disc)
    .composite([{ input: fitted, gravity: 'centre' }])
    .png()
    .toBuffer()
}

async function background(read: ReadPicture, photo: string | null | undefined) {
  const colour = themeHex()
  const picture = await read(photo)
  if (picture) {
    const cover = await sharp(picture)
      .resize(WIDTH, HEIGHT, { fit: 'cover', position: 'attention' })
      .toBuffer()
      .catch(() => null)
    if (cover) {
      // The words stand on the theme colour fading over the photo, readable whatever the photo is.
      const veil = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
          <defs><linearGradient id="v" x1="0" y1="0" x2="1" y2="0.3">
            <stop offset="0" stop-color="${colour}" stop-opacity="0.94"/>
            <stop offset="0.55" stop-color="${colour}" stop-opacity="0.78"/>
            <stop offset="1" stop-color="${colour}" stop-opacity="0.35"/>
          </linearGradient></defs>
          <rect width="100%" height="100%" fill="url(#v)"/></svg>`
      return sharp(cover)
        .composite([{ input: Buffer.from(veil) }])
        .toBuffer()
    }
  }
  const plain = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
      <defs>
        <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="${colour}"/>
          <stop offset="1" stop-color="#0b1a2a"/>
        </linearGradient>
      </defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      <circle cx="${WIDTH - 120}" cy="90" r="260" fill="#fff" fill-opacity="0.05"/>
      <circle cx="${WIDTH - 40}" cy="${HEIGHT + 40}" r="220" fill="#fff" fill-opacity="0.04"/>
    </svg>`
  return sharp(Buffer.from(plain)).png().toBuffer()
}

/**
 * A block of text in the site's fonts, wrapped to `width`; Pango finds the fonts the system has, and those
 * bundled for scripts it may lack (Malayalam: share-fonts.server.ts) after them, for their letters alone.
 */
async function text(markup: string, family: string, style: string, width: number) {
  const families = [family, ...(await fontsFor(markup))]
  const { data, info } = await sharp({
    text: {
      text: markup,
      font: `${families.join(', ')} ${style}`,
      width,
      rgba: true,
      dpi: 72,
      wrap: 'word',
      spacing: 6,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true })
  return { input: data, width: info.width, height: info.height }
}

/** The title in the largest size that fits between the name and the host (long titles get smaller type). */
async function titleText(title: string, room: number) {
  const markup = `<span foreground="#ffffff">${escapeXml(clip(title, 120))}</span>`
  let block = await text(markup, 'serif', 'bold 68', WIDTH - 2 * MARGIN)
  for (const size of [58, 48, 40]) {
    if (block.height <= room) break
    block = await text(markup, 'serif', `bold ${size}`, WIDTH - 2 * MARGIN)
  }
  return block
}

async function drawCard(read: ReadPicture, card: ShareCard) {
  const logoSize = 112
  const nameLeft = MARGIN + logoSize + 28
  const [base, logo, name, host] = await Promise.all([
    background(read, card.photo),
    logoDisc(read, card.logo, logoSize),
    text(
      `<span foreground="#ffffff" weight="bold">${escapeXml(card.name)}</span>` +
        (card.subtitle
          ? `\n<span foreground="#ffffffc0" size="22pt">${escapeXml(card.subtitle)}</span>`
          : ''),
      'sans',
      '36',
      WIDTH - nameLeft - MARGIN,
    ),
    // Until the site's address is known the foot of the picture stays empty (never a host a request named).
    card.host
      ? text(`<span foreground="#ffffffb0">${escapeXml(card.host)}</span>`, 'sans', '26', WIDTH - 2 * MARGIN)
      : null,
  ])
  const hostTop = HEIGHT - MARGIN + 10 - (host?.height ?? 0)
  const titleBottom = hostTop - 36
  const titleMin = MARGIN + logoSize + 72
  const title = await titleText(card.title, titleBottom - titleMin)
  const titleTop = Math.max(titleMin, titleBottom - title.height)
  const accent = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="88" height="8"><rect width="88" height="8" rx="4" fill="${ACCENT}"/></svg>`,
  )
  const composed = sharp(base).composite([
    { input: logo, left: MARGIN, top: MARGIN },
    {
      input: name.input,
      left: nameLeft,
      top: MARGIN + Math.max(0, Math.round((logoSize - name.height) / 2)),
    },
    { input: accent, left: MARGIN, top: titleTop - 32 },
    { input: title.input, left: MARGIN, top: titleTop },
    ...(host ? [{ input: host.input, left: MARGIN, top: hostTop }] : []),
  ])
  const flat = await composed.png().toBuffer()
  // Smaller and smaller until it fits the scrapers' limit (a plain card is ~40 KB at the first try).
  for (const quality of [84, 74, 62, 50]) {
    const jpeg = await sharp(flat).jpeg({ quality, mozjpeg: true }).toBuffer()
    if (jpeg.length <= SHARE_IMAGE_MAX_BYTES) return jpeg
  }
  return sharp(flat).jpeg({ quality: 40, mozjpeg: true }).toBuffer()
}

async function drawIcon(read: ReadPicture, logo: string, size: number, maskable: boolean) {
  const disc = await logoDisc(read, logo, Math.round(size * (maskable ? 0.6 : 0.78)))
  return sharp({ create: { width: size, height: size, channels: 4, background: themeHex() } })
    .composite([{ input: disc, gravity: 'centre' }])
    .png()
    .toBuffer()
}

/**
 * The bytes of one of the site's own pictures: an upload (`/media/…`) or a bundled one (`/images/…`); null for
 * any other address, or a file that is not there.
 */
export async function readSitePicture(
  storage: Pick<LocalImageStorage, 'root'>,
  address: string | null | undefined,
) {
  if (!address || address.includes('..')) return null
  const candidates = address.startsWith('/media/')
    ? [path.join(storage.root, address.slice('/media/'.length))]
    : address.startsWith('/images/')
      ? BUNDLED_DIRS.map((dir) => path.join(dir, address))
      : []
  for (const file of candidates) {
    const bytes = await fs.readFile(file).catch(() => null)
    if (bytes) return bytes
  }
  return null
}

/** At most `max` characters, cut at a word. */
function clip(text: string, max: number) {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1))}…`
}

const perStorage = new WeakMap<object, ShareImages>()

/** The share images of a runtime's storage: one set per process, whichever route asks. */
export function shareImagesFor(storage: Pick<LocalImageStorage, 'root'>) {
  let images = perStorage.get(storage)
  if (!images) {
    images = createShareImages(storage)
    perStorage.set(storage, images)
  }
  return images
}
