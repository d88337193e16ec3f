import net from 'node:net'

import { expectToast, unique } from './admin-helpers.ts'
import { expect, expectNoAxeViolations, signInAt, test as base } from './fixtures.ts'
import { acceptCookiesUpFront } from './public-helpers.ts'
import { CHROMIUM_ARGS, findChromium } from '../chromium.ts'

/** 200 MB, the largest sermon taken: 25 of the field's 8 MB pieces, cut off inside the fourteenth — past half-way. */
const FILE_MEGABYTES = 200
const PIECE = 8 * 1024 * 1024
const MB = 1024 * 1024

/**
 * A connection that drops, as a phone's does: a TCP relay between the browser and the test's server that, once
 * armed, cuts every connection when `cutAfter` bytes have gone up through it, then refuses new ones for
 * `offlineMs`. Nothing in the browser is intercepted (pausing requests there held 8 MB bodies for seconds each).
 */
interface Relay {
  url: string
  arm: (options: { cutAfter: number; offlineMs: number }) => void
  /** When the cut happened (ms since the epoch), or null. */
  cutAt: () => number | null
}

const test = base.extend<{ relay: Relay }>({
  relay: async ({ server }, use) => {
    const target = new URL(server.url)
    const sockets = new Set<net.Socket>()
    let armed: { cutAfter: number; offlineMs: number } | null = null
    let sent = 0
    let cutAt: number | null = null
    const relay = net.createServer((client) => {
      if (cutAt !== null && armed && Date.now() < cutAt + armed.offlineMs) return client.destroy()
      const upstream = net.connect(Number(target.port), target.hostname)
      for (const socket of [client, upstream]) {
        sockets.add(socket)
        socket.on('close', () => sockets.delete(socket))
        socket.on('error', () => {})
      }
      client.on('data', (chunk: Buffer) => {
        if (armed && cutAt === null) {
          sent += chunk.length
          if (sent > armed.cutAfter) {
            cutAt = Date.now()
            for (const socket of sockets) socket.destroy()
            return
          }
        }
        if (!upstream.write(chunk)) client.pause()
      })
      upstream.on('drain', () => client.resume())
      upstream.pipe(client)
      client.on('close', () => upstream.destroy())
      upstream.on('close', () => client.destroy())
    })
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
    const { port } = relay.address() as net.AddressInfo
    await use({
      url: `http://127.0.0.1:${port}`,
      arm: (options) => {
        armed = options
        sent = 0
      },
      cutAt: () => cutAt,
    })
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => relay.close(resolve))
  },
  baseURL: async ({ relay }, use) => use(relay.url),
})

// The sermon page's player is started by the test, not by a click on the browser's own controls.
test.use({
  launchOptions: {
    executablePath: findChromium({ shell: true }) ?? undefined,
    args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
  },
})

test('An audio upload cut off half-way resumes where it stopped, and the sermon page plays it', async ({
  page,
  consoleErrors,
  relay,
}) => {
  // 200 MB sent, cut and resumed: 20–45 s alone, more than the usual minute beside two other busy workers.
  test.slow()
  await signInAt(page, '/admin/sermons')
  const title = unique('Rivers of living water')
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await page.getByLabel('Date preached').fill('2030-02-03')
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('published')

  // Nothing intercepted: while any route is set (the fixture stubs other hosts, which these pages never ask for),
  // Chromium holds each 8 MB piece for many seconds before sending it.
  await page.unrouteAll()
  // Every piece the browser sends, by where it starts (watched, not intercepted). The connection drops 55% of
  // the way through, in the middle of a piece, and stays down for two seconds.
  const size = FILE_MEGABYTES * MB
  const offsets: number[] = []
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/api/uploads/tus/')) {
      offsets.push(Number(request.headers()['upload-offset']))
    }
  })
  relay.arm({ cutAfter: Math.round(size * 0.55), offlineMs: 2000 })

  // A recording made in the page: silent MP3 frames (a valid 128 kbit/s frame header, silent data), 200 MB.
  await page.evaluate(
    ({ bytes }) => {
      const frame = new Uint8Array(417)
      new DataView(frame.buffer).setUint32(0, 0xfffb9004)
      const frames = Math.floor(bytes / frame.length)
      const content = new Uint8Array(frames * frame.length)
      for (let i = 0; i < frames; i++) content.set(frame, i * frame.length)
      const input = document.querySelector<HTMLInputElement>('input[type="file"][accept*="audio"]')!
      const files = new DataTransfer()
      files.items.add(new File([content], 'Rivers of living water.mp3', { type: 'audio/mpeg' }))
      input.files = files.files
      input.dispatchEvent(new Event('change', { bubbles: true }))
    },
    { bytes: size },
  )
  const progress = page.getByRole('progressbar', { name: 'Audio upload' })
  await expect(progress).toBeVisible()

  // Cut off: the field says so in words, tries again by itself, and carries on from what the server kept.
  await expect(page.getByText('Connection lost, trying again…')).toBeVisible()
  expect(relay.cutAt()).not.toBeNull()
  // Said on screen, and to screen readers (politely, in a status of its own).
  // 502,914 frames of 1,152 samples at 44.1 kHz: 13,137 s.
  const uploaded = /^Audio uploaded: 3 h 38 min 57 s, 200\.0 MB\.$/
  await expect(page.locator('p:not([role])').getByText(uploaded)).toBeVisible({ timeout: 45_000 })
  await expect(page.getByRole('status').filter({ hasText: uploaded })).toBeAttached()
  // Resumed, not restarted: the first piece after the cut starts past half-way, inside the piece that was cut
  // (not at a piece's boundary: the server kept what had arrived), and none starts at the beginning again.
  const cutPiece = Math.floor((size * 0.55) / PIECE)
  expect(offsets.slice(0, cutPiece + 1)).toEqual(
    Array.from({ length: cutPiece + 1 }, (_, index) => index * PIECE),
  )
  const resumedFrom = offsets[cutPiece + 1]
  expect(resumedFrom).toBeGreaterThan(cutPiece * PIECE)
  expect(resumedFrom).toBeLessThan((cutPiece + 1) * PIECE)
  expect(offsets.filter((offset) => offset === 0)).toHaveLength(1)
  const audioUrl = await page.getByRole('textbox', { name: 'Audio', exact: true }).inputValue()
  expect(audioUrl).toMatch(/^\/media\/[\w-]{22}\.mp3$/)
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Add Sermon', exact: true }).click()
  await expectToast(page, 'Sermon added successfully')

  // A visitor: the sermon page's own player, with the file's length from the server.
  await page.context().clearCookies()
  await acceptCookiesUpFront(page)
  await page.goto('/sermons')
  await page.getByRole('link', { name: title }).click()
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
  await expect(page.getByText(/^Listen \(3 h 39 min\)$/)).toBeVisible()
  const player = page.locator(`audio[src="${audioUrl}"]`)
  await expect(player).toHaveCount(1)
  await player.evaluate((audio: HTMLAudioElement) => audio.play())
  await expect
    .poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime))
    .toBeGreaterThan(0.5)
  // The browser estimates a long file's length from its bit rate (13,107 s), the server counted its frames.
  const duration = await player.evaluate((audio: HTMLAudioElement) => audio.duration)
  expect(Math.abs(duration - 13_137)).toBeLessThan(60)
  await expectNoAxeViolations(page)
  // The cut-off piece, on purpose: the browser says it failed.
  for (let index = consoleErrors.length - 1; index >= 0; index--) {
    if (/Failed to load resource: net::ERR_/.test(consoleErrors[index])) consoleErrors.splice(index, 1)
  }
})
