import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, test } from 'vitest'

import { makeToneMp3, silentMp3 } from '../fixtures/audio.ts'
import { makePng } from '../fixtures/images.ts'
import { makeSermon } from '../factories.ts'
import { type Client, databases, useServer } from './support.ts'
import { AUDIO_FORMAT_MESSAGE, AUDIO_TOO_LARGE_MESSAGE, NOT_MEDIA_MESSAGE } from '#app/lib/upload-limits.ts'

interface AudioAnswer {
  secure_url: string
  bytes: number
  duration_seconds: number
  type: string
}

const TUS = { 'Tus-Resumable': '1.0.0' }

function upload(client: Client, content: Buffer, fileName: string, type: string) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(content)], { type }), fileName)
  return client.request<AudioAnswer>('POST', '/api/uploads', { body: form })
}

/** A WAV header and a little silence: audio, but not a format the site keeps. */
function makeWav() {
  const data = Buffer.alloc(8000)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(8000, 24)
  header.writeUInt32LE(16000, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

/** tus metadata: `key base64(value)` pairs. */
function tusMetadata(values: Record<string, string>) {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',')
}

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database)

  /** Starts a resumable upload of `length` bytes; answers its address. */
  async function startResumable(length: number, metadata: Record<string, string>) {
    const created = await ctx.admin.request('POST', '/api/uploads/tus', {
      headers: { ...TUS, 'Upload-Length': String(length), 'Upload-Metadata': tusMetadata(metadata) },
    })
    expect(created.status, created.text).toBe(201)
    const location = created.headers.get('location')!
    expect(location).toMatch(/^\/api\/uploads\/tus\/[\w-]+$/)
    return location
  }

  function sendPiece(location: string, offset: number, piece: Buffer) {
    return ctx.admin.request('PATCH', location, {
      headers: { ...TUS, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(piece),
    })
  }

  const tusLeftovers = () => {
    const folder = path.join(ctx.server.dataDir, 'uploads', '.tus')
    return fs.existsSync(folder) ? fs.readdirSync(folder) : []
  }

  test('an MP3 upload answers the bytes, length and type read from the file, at an address made from its content', async () => {
    const mp3 = makeToneMp3({ seconds: 5, frequency: 440 })
    const answer = await upload(ctx.admin, mp3, 'Sunday sermon.mp3', 'audio/mpeg')
    expect(answer.status, answer.text).toBe(201)
    expect(answer.body).toEqual({
      secure_url: expect.stringMatching(/^\/media\/[\w-]{22}\.mp3$/),
      bytes: mp3.length,
      duration_seconds: 5,
      type: 'audio/mpeg',
    })
    const served = await fetch(new URL(answer.body.secure_url, ctx.server.url))
    expect(served.status).toBe(200)
    expect(Buffer.from(await served.arrayBuffer()).equals(mp3)).toBe(true)
    expect(served.headers.get('content-type')).toBe('audio/mpeg')
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(served.headers.get('cross-origin-resource-policy')).toBe('cross-origin')

    // The same bytes are the same address; other bytes never are.
    const again = await upload(ctx.admin, mp3, 'copy.mp3', 'audio/mpeg')
    expect(again.body.secure_url).toBe(answer.body.secure_url)
    const other = await upload(ctx.admin, makeToneMp3({ seconds: 5, frequency: 330 }), 'b.mp3', 'audio/mpeg')
    expect(other.body.secure_url).not.toBe(answer.body.secure_url)
  })

  test('served audio answers ranges with 206 (two bytes for bytes=0-1), HEAD with headers alone and an unsatisfiable range with 416', async () => {
    const mp3 = makeToneMp3({ seconds: 3, frequency: 262 })
    const { body } = await upload(ctx.admin, mp3, 'probe.mp3', 'audio/mpeg')
    const url = new URL(body.secure_url, ctx.server.url)

    const probe = await fetch(url, { headers: { Range: 'bytes=0-1' } })
    expect(probe.status).toBe(206)
    expect(probe.headers.get('content-range')).toBe(`bytes 0-1/${mp3.length}`)
    expect(probe.headers.get('content-length')).toBe('2')
    expect(probe.headers.get('accept-ranges')).toBe('bytes')
    expect(Buffer.from(await probe.arrayBuffer()).equals(mp3.subarray(0, 2))).toBe(true)

    const tail = await fetch(url, { headers: { Range: 'bytes=-100' } })
    expect(tail.status).toBe(206)
    expect(Buffer.from(await tail.arrayBuffer()).equals(mp3.subarray(mp3.length - 100))).toBe(true)

    const head = await fetch(url, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(mp3.length))
    expect(head.headers.get('accept-ranges')).toBe('bytes')
    expect(head.headers.get('content-type')).toBe('audio/mpeg')
    expect(head.headers.get('cache-control')).toMatch(/immutable/)
    expect((await head.arrayBuffer()).byteLength).toBe(0)

    const beyond = await fetch(url, { headers: { Range: `bytes=${mp3.length}-` } })
    expect(beyond.status).toBe(416)
    expect(beyond.headers.get('content-range')).toBe(`bytes */${mp3.length}`)
  })

  test('a file that is neither a picture nor MP3/M4A audio is a 415 in words, and nothing is kept', async () => {
    const stored = () => fs.readdirSync(path.join(ctx.server.dataDir, 'uploads')).sort()
    const before = stored()
    const text = await upload(ctx.admin, Buffer.from('Notes for Sunday\n'), 'sermon.mp3', 'audio/mpeg')
    expect(text.status).toBe(415)
    expect(text.body).toEqual({ error: { message: NOT_MEDIA_MESSAGE } })
    const wav = await upload(ctx.admin, makeWav(), 'sermon.wav', 'audio/wav')
    expect(wav.status).toBe(415)
    expect(wav.body).toEqual({ error: { message: AUDIO_FORMAT_MESSAGE } })
    expect(stored()).toEqual(before)
    expect(fs.readdirSync(path.join(ctx.server.dataDir, 'uploads', '.tmp'))).toEqual([])
    // Pictures still go where they went.
    const picture = await upload(ctx.admin, await makePng(40, 30), 'logo.png', 'image/png')
    expect(picture.status).toBe(201)
    expect(picture.body.secure_url).toMatch(/\.webp$/)
  })

  test('audio over 200 MB is refused from its declared size, in words', async () => {
    const tooBig = await ctx.admin.request('POST', '/api/uploads/tus', {
      headers: {
        ...TUS,
        'Upload-Length': String(200 * 1024 * 1024 + 1),
        'Upload-Metadata': tusMetadata({ filename: 'a.mp3' }),
      },
    })
    expect(tooBig.status).toBe(413)
    expect(JSON.parse(tooBig.text)).toEqual({ error: { message: AUDIO_TOO_LARGE_MESSAGE } })
    const declared = await ctx.admin
      .request('POST', '/api/uploads', {
        headers: {
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(202 * 1024 * 1024),
        },
        body: new Uint8Array(16),
      })
      .catch(() => null)
    // Refused before the body is read: the answer, or (a client sending less than it declared) a closed connection.
    if (declared) expect(declared.status).toBe(413)
  })

  test('a resumable upload cut off half-way carries on from where the server says it stopped, and ends with the audio answer', async () => {
    const { content, seconds } = silentMp3(3 * 1024 * 1024)
    const location = await startResumable(content.length, {
      filename: 'Evening service.mp3',
      filetype: 'audio/mpeg',
    })
    const half = Math.floor(content.length / 2)
    const first = await sendPiece(location, 0, content.subarray(0, half))
    expect(first.status).toBe(204)
    expect(first.headers.get('upload-offset')).toBe(String(half))

    // The client lost its connection: it asks how far the server got…
    const status = await ctx.admin.request('HEAD', location, { headers: TUS })
    expect(status.status).toBe(200)
    expect(status.headers.get('upload-offset')).toBe(String(half))
    expect(status.headers.get('upload-length')).toBe(String(content.length))
    // …and a piece sent from the wrong place is refused.
    expect((await sendPiece(location, 0, content.subarray(0, 10))).status).toBe(409)

    const last = await sendPiece(location, half, content.subarray(half))
    expect(last.status, last.text).toBe(200)
    const answer = JSON.parse(last.text) as AudioAnswer
    expect(answer).toEqual({
      secure_url: expect.stringMatching(/^\/media\/[\w-]{22}\.mp3$/),
      bytes: content.length,
      duration_seconds: Math.round(seconds),
      type: 'audio/mpeg',
    })
    const served = await fetch(new URL(answer.secure_url, ctx.server.url), { method: 'HEAD' })
    expect(served.headers.get('content-length')).toBe(String(content.length))
    expect(tusLeftovers()).toEqual([])
    // The finished upload is gone from the resumable area.
    expect((await ctx.admin.request('HEAD', location, { headers: TUS })).status).toBe(404)
  })

  test('resumable uploads are for signed-in staff, and refuse what is not audio in words', async () => {
    const anonymous = await ctx.anonymous.request('POST', '/api/uploads/tus', {
      headers: { ...TUS, 'Upload-Length': '100' },
    })
    expect(anonymous.status).toBe(401)

    const picture = await ctx.admin.request('POST', '/api/uploads/tus', {
      headers: {
        ...TUS,
        'Upload-Length': '100',
        'Upload-Metadata': tusMetadata({ filename: 'photo.jpg', filetype: 'image/jpeg' }),
      },
    })
    expect(picture.status).toBe(415)
    expect(JSON.parse(picture.text)).toEqual({ error: { message: AUDIO_FORMAT_MESSAGE } })

    // Named as audio, but it is not: refused once it is all there, and nothing is kept.
    const text = Buffer.from('These are the notes, not the recording.\n')
    const location = await startResumable(text.length, { filename: 'sermon.mp3', filetype: 'audio/mpeg' })
    const answer = await sendPiece(location, 0, text)
    expect(answer.status).toBe(415)
    expect(JSON.parse(answer.text)).toEqual({ error: { message: AUDIO_FORMAT_MESSAGE } })
    expect(tusLeftovers()).toEqual([])
  })

  test('a sermon with uploaded audio takes its bytes and length from the stored file, never from the client, and keeps its guid', async () => {
    const mp3 = makeToneMp3({ seconds: 4, frequency: 392 })
    const { body: audio } = await upload(ctx.admin, mp3, 'The Good Shepherd.mp3', 'audio/mpeg')
    const created = await ctx.admin.post(
      '/api/sermons',
      makeSermon({ audio_url: audio.secure_url, audio_bytes: 1, audio_duration_seconds: 2 }),
    )
    expect(created.status, created.text).toBe(201)
    expect(created.body).toMatchObject({
      audio_url: audio.secure_url,
      audio_bytes: mp3.length,
      audio_duration_seconds: 4,
    })

    const longer = makeToneMp3({ seconds: 7, frequency: 392 })
    const { body: replacement } = await upload(
      ctx.admin,
      longer,
      'The Good Shepherd (full).mp3',
      'audio/mpeg',
    )
    const { id, guid, ...rest } = created.body as Record<string, unknown> & { id: string; guid: string }
    const put = await ctx.admin.put(`/api/sermons/${id}`, {
      ...rest,
      audio_url: replacement.secure_url,
      audio_bytes: 99,
      audio_duration_seconds: 99999,
    })
    expect(put.status, put.text).toBe(200)
    expect(put.body).toMatchObject({
      guid,
      audio_url: replacement.secure_url,
      audio_bytes: longer.length,
      audio_duration_seconds: 7,
    })

    const page = await ctx.anonymous.get(`/sermons/${id}`)
    expect(page.text).toContain(`<audio controls="" preload="metadata" src="${replacement.secure_url}"`)

    // Audio kept elsewhere is the other site's: nothing is measured.
    const external = await ctx.admin.patch(`/api/sermons/${id}`, {
      audio_url: 'https://audio.example.org/2026-11-22.mp3',
    })
    expect(external.body).toMatchObject({ guid, audio_bytes: null, audio_duration_seconds: null })

    // An address here that no audio upload made is a field message.
    const missing = await ctx.admin.patch(`/api/sermons/${id}`, { audio_url: '/media/nothing-here.mp3' })
    expect(missing.status).toBe(400)
    expect(missing.body.error.fields.audio_url).toMatch(/uploaded here/)
  })
})

// UPLOAD_SPEED_LIMIT (decision 0021): the test servers take uploads as fast as they come; this one at 1 MB/s,
// through `npm start`'s two workers as a site runs.
describe('uploads at the site’s pace', () => {
  const ctx = useServer(databases[0], {
    entry: 'scripts/start.js',
    env: { UPLOAD_SPEED_LIMIT: '1', WEB_CONCURRENCY: '2' },
  })

  test('an upload is read no faster than UPLOAD_SPEED_LIMIT after its first megabyte, plain and resumable', async () => {
    const { content } = silentMp3(3 * 1024 * 1024)
    let started = performance.now()
    const plain = await upload(ctx.admin, content, 'sermon.mp3', 'audio/mpeg')
    expect(plain.status, plain.text).toBe(201)
    // 1 MB at once, then 2 MB at 1 MB a second.
    expect(performance.now() - started).toBeGreaterThan(1800)

    const created = await ctx.admin.request('POST', '/api/uploads/tus', {
      headers: {
        ...TUS,
        'Upload-Length': String(content.length),
        'Upload-Metadata': tusMetadata({ filename: 'a.mp3' }),
      },
    })
    expect(created.status, created.text).toBe(201)
    started = performance.now()
    const piece = await ctx.admin.request('PATCH', created.headers.get('location')!, {
      headers: { ...TUS, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(content),
    })
    expect(piece.status, piece.text).toBe(200)
    expect(performance.now() - started).toBeGreaterThan(1800)
  })

  // At the site's pace a piece takes seconds, and a client that sends it again meanwhile (a retry after a time-out)
  // made the two finish together: one renamed the file the other was still moving (ENOENT, a 500 in 2 of 3 runs).
  test('the same piece sent twice at once finishes the upload once: never a 500, one file kept', async () => {
    for (let run = 0; run < 3; run += 1) {
      const { content } = silentMp3(2 * 1024 * 1024 + run * 1000)
      const created = await ctx.admin.request('POST', '/api/uploads/tus', {
        headers: {
          ...TUS,
          'Upload-Length': String(content.length),
          'Upload-Metadata': tusMetadata({ filename: `Twice ${run}.mp3` }),
        },
      })
      const location = created.headers.get('location')!
      const send = () =>
        ctx.admin.request('PATCH', location, {
          headers: { ...TUS, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
          body: new Uint8Array(content),
        })
      const answers = await Promise.all([send(), send()])
      const said = answers.map((answer) => `${answer.status} ${answer.text.slice(0, 120)}`).join(' | ')
      const finished = answers.filter((answer) => answer.status === 200)
      // The other is told the upload moved on (a 409 or 410 of the protocol), never a 500 or a 415 for a file
      // read while the first request took it away.
      for (const answer of answers.filter((each) => each.status !== 200)) {
        expect([409, 410], said).toContain(answer.status)
      }
      expect(finished.length, said).toBeGreaterThanOrEqual(1)
      expect(new Set(finished.map((answer) => JSON.parse(answer.text).secure_url)).size, said).toBe(1)
      const folder = path.join(ctx.server.dataDir, 'uploads', '.tus')
      expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([])
    }
  })
})
