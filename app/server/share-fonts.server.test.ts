import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import sharp from 'sharp'
import { expect, test } from 'vitest'

import { fontsFor, woffToSfnt } from './share-fonts.server.ts'

const FILES = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-malayalam/LICENSE')),
  'files',
)
/** Chillu and conjuncts: drawn right only by a font that shapes Malayalam. */
const MALAYALAM = 'ൻ്റ പ്രാധാന്യം ക്ഷ'

test('a WOFF font unpacks to the OpenType font it was made from, table by table', () => {
  const woff = fs.readFileSync(path.join(FILES, 'noto-sans-malayalam-malayalam-700-normal.woff'))
  const font = woffToSfnt(woff)
  const count = woff.readUInt16BE(12)
  expect(font.readUInt32BE(0)).toBe(woff.readUInt32BE(4))
  expect(font.readUInt16BE(4)).toBe(count)
  // WOFF's header states the unpacked font's size; each table four-byte aligned, as it says.
  expect(font.length).toBe(woff.readUInt32BE(16))
  const tags = Array.from({ length: count }, (_, index) =>
    font.toString('latin1', 12 + index * 16, 16 + index * 16),
  )
  expect(tags).toContain('glyf')
  expect(tags).toContain('GSUB')
  expect(() => woffToSfnt(Buffer.from('wOF2 not this one'))).toThrow(/WOFF 1\.0/)
})

test('Malayalam words are drawn with the bundled font, shaped; English ones with the system’s as before', async () => {
  expect(await fontsFor('Sunday Worship')).toEqual([])
  const families = await fontsFor(`Sunday ${MALAYALAM}`)
  expect(families).toEqual(['Noto Sans Malayalam'])
  const width = async (text: string) =>
    (
      await sharp({ text: { text, font: `serif, ${families[0]} bold 40`, dpi: 72 } })
        .png()
        .toBuffer({ resolveWithObject: true })
    ).info.width
  // Three characters each, joined into one conjunct (ക്ഷ) or one chillu form (ൻ്റ) by a font that shapes
  // Malayalam; without one, each would be a box of its own, three letters' width.
  const letter = await width('ക')
  for (const joined of ['ക്ഷ', 'ൻ്റ']) expect(await width(joined), joined).toBeLessThan(letter * 2)
  expect(await width(MALAYALAM)).toBeGreaterThan(letter * 5)
})
