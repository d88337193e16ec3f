// Draws the bundled fallback pictures (logo, event/ministry stock image, person) and the favicon into public/.
// Run once with `npx tsx scripts/make-default-images.ts`; the outputs are committed.
import fs from 'node:fs/promises'

import sharp from 'sharp'

import { drawPicture } from '#app/db/seed-art.server.ts'
import { defaultLogoSvg } from '#app/lib/default-logo.ts'

await fs.mkdir('public/images', { recursive: true })
await sharp(Buffer.from(defaultLogoSvg(256)))
  .png()
  .toFile('public/images/default-logo.png')
// The header and footer draw the logo at 40–48 px: phones with 2× screens take this one.
await sharp(Buffer.from(defaultLogoSvg(96)))
  .png({ palette: true })
  .toFile('public/images/default-logo-96.png')
await sharp(await drawPicture({ motif: 'church', palette: 0, width: 1200, height: 800 }))
  .webp({ quality: 78 })
  .toFile('public/images/default-event.webp')
await sharp(await drawPicture({ motif: 'person', palette: 7, width: 400, height: 400 }))
  .webp({ quality: 78 })
  .toFile('public/images/person-fallback.webp')
await sharp(await drawPicture({ motif: 'book', palette: 5, width: 1200, height: 800 }))
  .webp({ quality: 78 })
  .toFile('public/images/default-about.webp')

// An .ico file may hold a PNG: a 6-byte header, one 16-byte directory entry, then the PNG itself.
const png = await sharp(Buffer.from(defaultLogoSvg(32)))
  .png()
  .toBuffer()
const header = Buffer.alloc(22)
header.writeUInt16LE(0, 0)
header.writeUInt16LE(1, 2)
header.writeUInt16LE(1, 4)
header.writeUInt8(32, 6)
header.writeUInt8(32, 7)
header.writeUInt8(0, 8)
header.writeUInt8(0, 9)
header.writeUInt16LE(1, 10)
header.writeUInt16LE(32, 12)
header.writeUInt32LE(png.length, 14)
header.writeUInt32LE(22, 18)
await fs.writeFile('public/favicon.ico', Buffer.concat([header, png]))
console.log('Wrote public/images/*.{png,webp} and public/favicon.ico')
