import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

import sharp from 'sharp'
import { describe, expect, test } from 'vitest'

import {
  HEIC_PHOTO,
  makeLargePhoneJpeg,
  makePhoneJpeg,
  makePng,
  makePngBomb,
  SCRIPTED_SVG,
  UPRIGHT_BOTTOM,
  UPRIGHT_TOP,
} from '../fixtures/images.ts'
import { apiError, type Client, databases, useServer } from './support.ts'
import { HEIC_MESSAGE, TOO_LARGE_MESSAGE } from '#app/lib/upload-limits.ts'

const MB = 1024 * 1024

interface Uploaded {
  secure_url: string
  width: number
  height: number
  variants: { url: string; width: number; height: number; bytes: number }[]
}

function upload(client: Client, content: Buffer, fileName: string, type: string, field = 'file') {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(content)], { type }), fileName)
  return client.request<Uploaded>('POST', '/api/uploads', { body: form })
}

/** GET with the path sent exactly as written (fetch would resolve `..` and `%2e%2e` first). */
function rawGet(baseUrl: string, rawPath: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(baseUrl)
    const request = http.request({ hostname, port, path: rawPath, method: 'GET' }, (response) => {
      let body = ''
      response.setEncoding('latin1')
      response.on('data', (chunk) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    request.on('error', reject)
    request.end()
  })
}

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database)

  async function download(url: string) {
    const response = await fetch(new URL(url, ctx.server.url))
    return { response, content: Buffer.from(await response.arrayBuffer()) }
  }

  function leftoverTempFiles() {
    const tmp = path.join(ctx.server.dataDir, 'uploads', '.tmp')
    return fs.existsSync(tmp) ? fs.readdirSync(tmp) : []
  }

  test('a PNG comes back as WebP widths 480, 960 and 1600, served with a year-long immutable cache', async () => {
    const answer = await upload(ctx.admin, await makePng(2400, 1200), 'banner.png', 'image/png')
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({
      secure_url: expect.stringMatching(/^\/media\/[\w-]+-1600\.webp$/),
      width: 1600,
      height: 800,
      variants: [
        { url: expect.stringMatching(/-480\.webp$/), width: 480, height: 240, bytes: expect.any(Number) },
        { url: expect.stringMatching(/-960\.webp$/), width: 960, height: 480, bytes: expect.any(Number) },
        { url: answer.body.secure_url, width: 1600, height: 800, bytes: expect.any(Number) },
      ],
    })
    for (const variant of answer.body.variants) {
      const { response, content } = await download(variant.url)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/webp')
      expect(response.headers.get('cache-control')).toMatch(/max-age=31536000/)
      expect(response.headers.get('cache-control')).toMatch(/immutable/)
      expect(content.length).toBe(variant.bytes)
      const metadata = await sharp(content).metadata()
      expect(metadata).toMatchObject({ format: 'webp', width: variant.width, height: variant.height })
    }
    expect(leftoverTempFiles()).toEqual([])
  })

  test('a small image is never enlarged: one variant at its own width', async () => {
    const answer = await upload(ctx.admin, await makePng(300, 200), 'small.png', 'image/png')
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ width: 300, height: 200 })
    expect(answer.body.variants.map((variant) => variant.width)).toEqual([300])
  })

  test('a phone photo is turned upright and loses its EXIF data, GPS position included', async () => {
    const photo = await makePhoneJpeg()
    const original = await sharp(photo).metadata()
    expect(original).toMatchObject({ format: 'jpeg', width: 1200, height: 800, orientation: 6 })
    expect(original.exif?.toString('latin1')).toContain('Pocket 9')

    const answer = await upload(ctx.admin, photo, 'IMG_0001.JPG', 'image/jpeg')
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ width: 800, height: 1200 })
    expect(answer.body.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [480, 720],
      [800, 1200],
    ])
    for (const variant of answer.body.variants) {
      const { response, content } = await download(variant.url)
      expect(response.status).toBe(200)
      const metadata = await sharp(content).metadata()
      expect(metadata.format).toBe('webp')
      expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height])
      expect(metadata.exif).toBeUndefined()
      expect(metadata.xmp).toBeUndefined()
      expect(metadata.orientation).toBeUndefined()
      expect(content.toString('latin1')).not.toMatch(/Pocket 9|PhoneMaker|GPS/)
    }
  })

  test.each(['gif', 'webp', 'avif', 'tiff'] as const)(
    'a %s image is accepted and stored as WebP',
    async (format) => {
      const image = await sharp(await makePng(64, 48))
        .toFormat(format)
        .toBuffer()
      const answer = await upload(ctx.admin, image, `picture.${format}`, `image/${format}`)
      expect(answer.status).toBe(201)
      expect(answer.body).toMatchObject({
        width: 64,
        height: 48,
        secure_url: expect.stringMatching(/\.webp$/),
      })
    },
  )

  test('an image claiming more than 100 megapixels is refused with 415 without being decoded', async () => {
    const bomb = await makePngBomb()
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 20_000,
      height: 20_000,
    })
    const answer = await upload(ctx.admin, bomb, 'bomb.png', 'image/png')
    expect(answer.status).toBe(415)
    expect(answer.body).toEqual(apiError())
    expect(leftoverTempFiles()).toEqual([])
  })

  test('an uploaded image can be used at once as a gallery image', async () => {
    const answer = await upload(ctx.admin, await makePng(640, 480), 'choir.png', 'image/png')
    const image = await ctx.admin.post('/api/gallery_images', {
      title: 'Choir',
      category: 'worship',
      image_url: answer.body.secure_url,
      image_alt: 'The choir in red robes singing by the altar',
    })
    expect(image.status).toBe(201)
    expect(image.body.image_url).toBe(answer.body.secure_url)
  })

  test('a text file named .png is refused with 415', async () => {
    const answer = await upload(
      ctx.admin,
      Buffer.from('hello, I am not a picture\n'),
      'photo.png',
      'image/png',
    )
    expect(answer.status).toBe(415)
    expect(answer.body).toEqual(apiError())
    expect(leftoverTempFiles()).toEqual([])
  })

  test('an SVG is refused with 415, even one labelled as PNG', async () => {
    for (const [name, type] of [
      ['logo.svg', 'image/svg+xml'],
      ['logo.png', 'image/png'],
    ]) {
      const answer = await upload(ctx.admin, SCRIPTED_SVG, name, type)
      expect(answer.status, name).toBe(415)
      expect(answer.body).toEqual(apiError())
    }
  })

  test('a phone photo of about 20 MB, from a browser that could not shrink it, is accepted and turned upright', async () => {
    const photo = await makeLargePhoneJpeg({ noise: 64, quality: 96 })
    expect(photo.length).toBeGreaterThan(15 * MB)
    expect(photo.length).toBeLessThan(30 * MB)
    const answer = await upload(ctx.admin, photo, 'IMG_2041.JPG', 'image/jpeg')
    expect(answer.status).toBe(201)
    // Shown upright it is 3000×4000: the widest variant is 1600 wide, portrait.
    expect(answer.body).toMatchObject({ width: 1600, height: 2133 })
    const { content } = await download(answer.body.secure_url)
    const colourAt = async (top: number) => {
      const { data } = await sharp(content)
        .extract({ left: 700, top, width: 200, height: 200 })
        .resize(1, 1)
        .raw()
        .toBuffer({ resolveWithObject: true })
      return [...data]
    }
    const near = (actual: number[], expected: readonly number[]) =>
      actual.every((value, index) => Math.abs(value - expected[index]) < 30)
    expect(near(await colourAt(100), UPRIGHT_TOP), 'red at the top').toBe(true)
    expect(near(await colourAt(1800), UPRIGHT_BOTTOM), 'blue at the bottom').toBe(true)
    expect(leftoverTempFiles()).toEqual([])
  })

  test('an iPhone HEIC photo is answered in words: share it as JPEG (this sharp cannot decode HEVC)', async () => {
    expect(await sharp(HEIC_PHOTO).metadata()).toMatchObject({ format: 'heif', compression: 'hevc' })
    for (const [name, type] of [
      ['IMG_0042.HEIC', 'image/heic'],
      // Where the system does not know HEIC, browsers send it untyped.
      ['IMG_0042.heic', 'application/octet-stream'],
    ]) {
      const answer = await upload(ctx.admin, HEIC_PHOTO, name, type)
      expect(answer.status, name).toBe(415)
      expect(answer.body).toEqual({ error: { message: HEIC_MESSAGE } })
    }
    expect(HEIC_MESSAGE).toMatch(/share it from the phone as a JPEG/i)
    expect(leftoverTempFiles()).toEqual([])
  })

  test('a file over 30 MB is refused with 413 in words and leaves nothing behind', async () => {
    // Just over the limit: refused while streaming. Far over: refused from the declared length alone.
    for (const size of [30 * MB + 1, 33 * MB]) {
      const content = Buffer.alloc(size, 0x42)
      const answer = await upload(ctx.admin, content, 'huge.png', 'image/png')
      expect(answer.status, `${size} bytes`).toBe(413)
      expect(answer.body).toEqual({ error: { message: TOO_LARGE_MESSAGE } })
    }
    expect(TOO_LARGE_MESSAGE).toBe('The file is too large: images can be up to 30 MB')
    expect(leftoverTempFiles()).toEqual([])
    const served = fs.readdirSync(path.join(ctx.server.dataDir, 'uploads')).filter((name) => name !== '.tmp')
    expect(served.every((name) => name.endsWith('.webp'))).toBe(true)
  })

  test('a file over 30 MB arriving in many small pieces, with no declared length, is 413 and the server lives on', async () => {
    const boundary = 'lampstand-test-boundary'
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    )
    const piece = Buffer.alloc(256 * 1024, 0x42)
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === 0) controller.enqueue(new Uint8Array(head))
        if (sent > 30 * MB + piece.length) {
          controller.enqueue(new Uint8Array(Buffer.from(`\r\n--${boundary}--\r\n`)))
          return controller.close()
        }
        sent += piece.length
        // A pause between pieces, as from a phone: the limit is met while the request is still arriving.
        await new Promise((resolve) => setTimeout(resolve, 2))
        controller.enqueue(new Uint8Array(piece))
      },
    })
    const response = await fetch(new URL('/api/uploads', ctx.server.url), {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: ctx.admin.cookie!,
        origin: ctx.server.url,
      },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    expect((await fetch(new URL('/healthz', ctx.server.url))).status).toBe(200)
    await expect.poll(leftoverTempFiles).toEqual([])
  })

  /** Sends `body` to POST /api/uploads over a raw connection; `abort` closes it after the body instead of waiting. */
  function rawUpload(
    body: string,
    { abort = false, contentLength }: { abort?: boolean; contentLength?: number } = {},
  ) {
    return new Promise<number | 'reset'>((resolve) => {
      const { hostname, port } = new URL(ctx.server.url)
      const request = http.request({
        hostname,
        port,
        path: '/api/uploads',
        method: 'POST',
        headers: {
          'content-type': 'multipart/form-data; boundary=zz',
          'content-length': String(contentLength ?? Buffer.byteLength(body)),
          cookie: ctx.admin.cookie!,
          origin: ctx.server.url,
        },
      })
      request.on('response', (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      })
      request.on('error', () => resolve('reset'))
      request.write(body)
      if (abort) setTimeout(() => request.destroy(), 50)
      else request.end()
    })
  }

  async function healthy() {
    return (await fetch(new URL('/healthz', ctx.server.url)).catch(() => null))?.status ?? 'refused'
  }

  test('an upload whose body ends inside the file part is 400, and the server lives on', async () => {
    const cut = '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxxxx'
    expect(await rawUpload(cut)).toBe(400)
    expect(await healthy()).toBe(200)
    await expect.poll(leftoverTempFiles).toEqual([])
  })

  test('100 uploads cut short in a row (ended early or dropped half-way) leave the server up and no .part file', async () => {
    const head = '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n'
    for (let i = 0; i < 100; i += 1) {
      const body = head + 'x'.repeat(1000 + i * 37)
      // Every other one is a browser going away: the body declares more than arrives, then the connection closes.
      const status =
        i % 2 === 0 ? await rawUpload(body) : await rawUpload(body, { abort: true, contentLength: 100_000 })
      if (i % 2 === 0) expect(status, `upload ${i}`).toBe(400)
      expect(await healthy(), `after upload ${i}`).toBe(200)
    }
    await expect.poll(leftoverTempFiles).toEqual([])
  })

  test('an upload without a file in the field "file" is 400; a JSON body is 415', async () => {
    const wrongField = await upload(ctx.admin, await makePng(10, 10), 'a.png', 'image/png', 'image')
    expect(wrongField.status).toBe(400)
    expect(wrongField.body).toEqual(apiError())
    const jsonBody = await ctx.admin.post('/api/uploads', { file: 'a.png' })
    expect(jsonBody.status).toBe(415)
  })

  test('unknown media files are 404', async () => {
    for (const url of ['/media/nothing-here.webp', '/media/', '/media', '/media/a/b/c.webp']) {
      const response = await fetch(new URL(url, ctx.server.url))
      expect(response.status, url).toBe(404)
      expect(response.headers.get('cache-control')).not.toMatch(/immutable/)
    }
  })

  test('path traversal out of /media is 404 and never reveals the data directory', async () => {
    const secret = fs.readFileSync(path.join(ctx.server.dataDir, 'auth-secret'), 'utf8').trim()
    for (const attempt of [
      '/media/../auth-secret',
      '/media/..%2fauth-secret',
      '/media/%2e%2e/auth-secret',
      '/media/%2e%2e%2fauth-secret',
      '/media/..%5cauth-secret',
      '/media/....//auth-secret',
      '/media/%2e%2e/lampstand.db',
      '/media/..%2f..%2f..%2fetc%2fpasswd',
      '/media/.tmp/',
      '/media/%2etmp/',
      '/media/.%2e/auth-secret',
    ]) {
      const answer = await rawGet(ctx.server.url, attempt)
      expect(answer.status, attempt).toBe(404)
      expect(answer.body).not.toContain(secret)
      expect(answer.body).not.toContain('SQLite format')
      expect(answer.body).not.toContain('root:')
    }
  })
})
