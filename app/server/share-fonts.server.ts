import { rmSync } from 'node:fs'
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'

import { sharp } from '#app/lib/native-modules.server.ts'

/**
 * Fonts for the share images' words in scripts a server's own fonts may lack (issue 28): sharp draws text with
 * Pango, which finds fonts through fontconfig, and a server often has none for Malayalam (a missing letter is
 * drawn as a box with its code in it). The pages' own font files are used (self-hosted for the browser,
 * @fontsource), so the pictures and the pages look alike and no other font is shipped.
 */
interface ScriptFont {
  /** The letters it is for: a text with none of them is drawn with the system's fonts alone, as before. */
  letters: RegExp
  /** Its family name inside the font files, for Pango's font description. */
  family: string
  /** Its files in the package, by weight (regular for the church's line, bold for names and titles). */
  files: readonly string[]
}

const SCRIPT_FONTS: readonly ScriptFont[] = [
  {
    letters: /[\u0D00-\u0D7F]/,
    family: 'Noto Sans Malayalam',
    files: [
      '@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-malayalam-400-normal.woff',
      '@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-malayalam-700-normal.woff',
    ],
  },
]

/**
 * The font families (after the usual ones) a text needs, their files made ready for Pango; none for a text in
 * the scripts of the system's fonts.
 */
export async function fontsFor(text: string): Promise<string[]> {
  const needed = SCRIPT_FONTS.filter((font) => font.letters.test(text))
  await Promise.all(needed.map(registered))
  return needed.map((font) => font.family)
}

const registering = new Map<ScriptFont, Promise<void>>()

/**
 * Makes each of a font's files known to Pango, once per process: libvips adds a `fontfile` to fontconfig's
 * fonts for good, and then any text may use that family in each of its weights. Drawn with each file once, so
 * a card's first text already finds both weights (a bold name beside a regular line is one text).
 */
function registered(font: ScriptFont) {
  let done = registering.get(font)
  if (!done) {
    done = (async () => {
      for (const file of font.files) {
        const fontfile = await trueTypeFile(file)
        await sharp({ text: { text: font.family, font: font.family, fontfile } })
          .raw()
          .toBuffer()
      }
    })()
    done.catch(() => registering.delete(font))
    registering.set(font, done)
  }
  return done
}

/**
 * The font as an OpenType file on disk, made from the package's WOFF: libvips's FreeType reads neither WOFF nor
 * WOFF2, and a `fontfile` must be a path. Written once per process into a folder of its own (made private by
 * mkdtemp, so no other account can put a file there for the font parser to read), removed when the process ends.
 */
async function trueTypeFile(specifier: string) {
  const [pkg, ...rest] = specifier.split('/files/')
  // The package exports its CSS and LICENSE only: its folder is found through the LICENSE.
  const packageFolder = path.dirname(createRequire(import.meta.url).resolve(`${pkg}/LICENSE`))
  const woff = await fs.readFile(path.join(packageFolder, 'files', ...rest))
  // TrueType outlines (`\0\1\0\0`) or CFF ones (`OTTO`), named as such.
  const extension = woff.readUInt32BE(4) === 0x00010000 ? 'ttf' : 'otf'
  const file = path.join(await privateFolder(), `${path.basename(specifier, '.woff')}.${extension}`)
  await fs.writeFile(file, woffToSfnt(woff))
  return file
}

let fontFolder: Promise<string> | undefined

function privateFolder() {
  fontFolder ??= fs.mkdtemp(path.join(os.tmpdir(), 'lampstand-fonts-')).then((made) => {
    process.once('exit', () => rmSync(made, { recursive: true, force: true }))
    return made
  })
  return fontFolder
}

/**
 * A WOFF 1.0 file's font as it was before packing (W3C WOFF 1.0 §4–5): the same tables, each inflated where it
 * was compressed, in an OpenType table directory. Checksums are the font's own, kept in the WOFF's directory.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < 44 || woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF 1.0 font')
  const flavor = woff.readUInt32BE(4)
  const count = woff.readUInt16BE(12)
  const tables = Array.from({ length: count }, (_, index) => {
    const entry = 44 + index * 20
    const offset = woff.readUInt32BE(entry + 4)
    const compressed = woff.readUInt32BE(entry + 8)
    const length = woff.readUInt32BE(entry + 12)
    const stored = woff.subarray(offset, offset + compressed)
    const data = compressed < length ? zlib.inflateSync(stored) : stored
    if (data.length !== length) throw new Error('A WOFF table is not the length it says')
    return { tag: woff.readUInt32BE(entry), checksum: woff.readUInt32BE(entry + 16), data }
  })
  const power = 2 ** Math.floor(Math.log2(count))
  const header = Buffer.alloc(12 + count * 16)
  header.writeUInt32BE(flavor, 0)
  header.writeUInt16BE(count, 4)
  header.writeUInt16BE(power * 16, 6)
  header.writeUInt16BE(Math.log2(power), 8)
  header.writeUInt16BE(count * 16 - power * 16, 10)
  const bodies: Buffer[] = []
  let offset = header.length
  tables.forEach((table, index) => {
    const entry = 12 + index * 16
    header.writeUInt32BE(table.tag, entry)
    header.writeUInt32BE(table.checksum, entry + 4)
    header.writeUInt32BE(offset, entry + 8)
    header.writeUInt32BE(table.data.length, entry + 12)
    // Each table starts on a four-byte boundary.
    const padded = Buffer.alloc((table.data.length + 3) & ~3)
    table.data.copy(padded)
    bodies.push(padded)
    offset += padded.length
  })
  return Buffer.concat([header, ...bodies])
}
