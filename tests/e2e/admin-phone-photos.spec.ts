import fs from 'node:fs'

import sharp from 'sharp'

import { makeLargePhoneJpeg, UPRIGHT_BOTTOM, UPRIGHT_TOP } from '../fixtures/images.ts'
import { expectToast, unique } from './admin-helpers.ts'
import { expect, expectNoAxeViolations, signInAt, test } from './fixtures.ts'

const MB = 1024 * 1024

/** The file part of a multipart body (one file, as the image field sends it). */
function filePart(body: Buffer) {
  const start = body.indexOf('\r\n\r\n', body.indexOf('filename=')) + 4
  const end = body.lastIndexOf('\r\n--')
  return body.subarray(start, end)
}

/** The mean colour of a square of a picture, as [r, g, b]. */
async function colourAt(image: Buffer, left: number, top: number, size = 100) {
  const { data } = await sharp(image)
    .extract({ left, top, width: size, height: size })
    .resize(1, 1)
    .raw()
    .toBuffer({ resolveWithObject: true })
  return [...data.subarray(0, 3)]
}

function expectColour(actual: number[], expected: readonly number[], where: string) {
  for (const [index, value] of actual.entries()) {
    expect(Math.abs(value - expected[index]), `${where}: ${actual.join(',')}`).toBeLessThan(30)
  }
}

test('A 12 MB phone photo is shrunk in the browser before upload and shows upright on the public page', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const photo = await makeLargePhoneJpeg({ noise: 40 })
  expect(photo.length).toBeGreaterThan(10 * MB)
  expect(photo.length).toBeLessThan(16 * MB)
  const stored = await sharp(photo).metadata()
  expect([stored.width, stored.height, stored.orientation]).toEqual([4000, 3000, 6])

  await page.setViewportSize({ width: 1280, height: 900 })
  await signInAt(page, '/admin/gallery')
  const title = unique('Choir on the steps')
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption('worship')
  const description = unique('The choir on the church steps, in red robes')
  await page
    .getByRole('textbox', { name: 'Image description (for people who cannot see it)', exact: true })
    .fill(description)

  // Every state the field's status line goes through, in order.
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { statusSeen: string[] }).statusSeen = seen
    const line = document
      .querySelector('form input[type="file"]')!
      .parentElement!.querySelector('[role="status"]')!
    new MutationObserver(() => {
      const text = line.textContent ?? ''
      if (seen.at(-1) !== text) seen.push(text)
    }).observe(line, { subtree: true, childList: true, characterData: true })
  })
  // Church Wi-Fi: about 2 Mbit/s up, so the progress can be seen (and photographed) part-way.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  })

  // Passed through the test runner, whose copy of the request then holds its body (the browser reports a body
  // this large to no one else).
  await page.route('**/api/uploads', (route) => route.continue())
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/uploads'))
  // Picked from disk, as a phone's browser reads it (a buffer of 12 MB crossed the DevTools protocol first).
  const file = testInfo.outputPath('IMG_2041.JPG')
  fs.writeFileSync(file, photo)
  await page.locator('form input[type="file"]').setInputFiles(file)
  await expect(page.getByText('Uploading...')).toBeVisible()
  await expect
    .poll(async () => Number(await page.getByRole('progressbar').getAttribute('aria-valuenow')))
    .toBeGreaterThan(10)
  await page.screenshot({ path: 'test-results/screenshots/upload-progress-1280.png' })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.locator('form input[type="file"]').scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'test-results/screenshots/upload-progress-390.png' })
  await expectNoAxeViolations(page)
  const request = await sent

  const preview = page.getByRole('img', { name: 'Image preview' })
  await expect(preview).toHaveAttribute('src', /^\/media\/.+/, { timeout: 60_000 })
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  const seen = await page.evaluate(() => (window as unknown as { statusSeen: string[] }).statusSeen)
  const shrinking = seen.findIndex((text) => text.startsWith('Shrinking the photo'))
  const uploading = seen.findIndex((text) => text.startsWith('Uploading...'))
  expect(shrinking, seen.join(' | ')).toBeGreaterThanOrEqual(0)
  expect(uploading).toBeGreaterThan(shrinking)
  expect(seen.at(-1)).toBe('Image uploaded.')

  // What went over the wire: a JPEG at most 3000 px on its longest side, upright (no EXIF turn left to do).
  const uploaded = filePart(request.postDataBuffer()!)
  const sentImage = await sharp(uploaded).metadata()
  expect(sentImage.format).toBe('jpeg')
  expect([sentImage.width, sentImage.height]).toEqual([2250, 3000])
  expect(sentImage.orientation ?? 1).toBe(1)
  expect(uploaded.length).toBeLessThan(photo.length / 2)
  expectColour(await colourAt(uploaded, 1000, 200), UPRIGHT_TOP, 'sent, top')
  expectColour(await colourAt(uploaded, 1000, 2700), UPRIGHT_BOTTOM, 'sent, bottom')
  console.log(`sent ${(uploaded.length / MB).toFixed(1)} MB for a ${(photo.length / MB).toFixed(1)} MB photo`)

  await page.getByRole('button', { name: 'Add Image' }).click()
  await expectToast(page, 'Image added successfully')

  // On the public gallery the picture is portrait, red above and blue below.
  await page.goto('/gallery')
  const picture = page.getByRole('img', { name: description })
  await picture.scrollIntoViewIfNeeded()
  await expect(picture).toHaveJSProperty('complete', true)
  const [naturalWidth, naturalHeight, src] = await picture.evaluate((image: HTMLImageElement) => [
    image.naturalWidth,
    image.naturalHeight,
    image.currentSrc,
  ])
  expect(naturalHeight).toBeGreaterThan(naturalWidth)
  const shown = Buffer.from(await (await page.request.get(src)).body())
  const { width = 0, height = 0 } = await sharp(shown).metadata()
  expectColour(
    await colourAt(shown, Math.round(width / 3), Math.round(height / 20), 20),
    UPRIGHT_TOP,
    'shown, top',
  )
  expectColour(
    await colourAt(shown, Math.round(width / 3), Math.round((height * 9) / 10), 20),
    UPRIGHT_BOTTOM,
    'shown, bottom',
  )

  const images = (await (await page.request.get('/api/gallery_images')).json()) as Array<{
    id: string
    title: string
  }>
  await page.request.delete(`/api/gallery_images/${images.find((image) => image.title === title)!.id}`)
})
