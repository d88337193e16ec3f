import fs from 'node:fs'

import { HEIC_PHOTO, makePng } from '../fixtures/images.ts'
import { HEIC_MESSAGE } from '#app/lib/upload-limits.ts'
import { allowRefusedRequests, expectToast, unique } from './admin-helpers.ts'
import { expect, signInAt, test } from './fixtures.ts'

test('Admin can upload a photo to the gallery and visitors see it', async ({ page, request }) => {
  await signInAt(page, '/admin/gallery')
  const title = unique('Harvest photo')
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption('events')
  await page
    .getByRole('textbox', { name: 'Image description (for people who cannot see it)', exact: true })
    .fill('Pumpkins and apples piled by the pulpit')

  // Hold the upload's answer to see the busy state.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/uploads', async (route) => {
    await held
    await route.continue()
  })
  await page.locator('form input[type="file"]').setInputFiles({
    name: 'harvest.png',
    mimeType: 'image/png',
    buffer: await makePng(1200, 800, '#b5651d'),
  })
  await expect(page.getByText('Uploading...')).toBeVisible()
  await expect(page.getByRole('progressbar')).toBeVisible()
  release()
  const preview = page.getByRole('img', { name: 'Image preview' })
  await expect(preview).toHaveAttribute('src', /^\/media\/.+/)
  await expect(preview).toHaveJSProperty('complete', true)
  expect(await preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
  const src = (await preview.getAttribute('src'))!

  await page.getByRole('button', { name: 'Add Image' }).click()
  await expectToast(page, 'Image added successfully')
  const html = await (await request.get('/gallery')).text()
  expect(html).toContain(title)
  // The description is the picture's alt for people who cannot see it.
  expect(html).toContain('alt="Pumpkins and apples piled by the pulpit"')
  expect(html).toContain(src.replace(/\.[a-z]+$/, ''))
  const image = await request.get(src)
  expect(image.status()).toBe(200)
  expect(image.headers()['content-type']).toMatch(/^image\//)

  const stored = (await (await page.request.get('/api/gallery_images')).json()) as Array<{
    id: string
    title: string
    image_url: string
  }>
  const saved = stored.find((item) => item.title === title)!
  expect(saved.image_url).toBe(src)
  await page.request.delete(`/api/gallery_images/${saved.id}`)
})

test('Upload problems are shown to the admin', async ({ page, consoleErrors }, testInfo) => {
  // Five refused uploads one after another, each read and judged by the server: half a minute alone, more than
  // the usual minute beside two other busy workers on two cores.
  test.slow()
  await signInAt(page, '/admin/events')
  const input = page.locator('form input[type="file"]')
  await expect(input).toHaveAttribute('accept', 'image/*')

  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await expect(page.getByText('Please choose an image file')).toBeVisible()

  // Looks like a PNG to the browser; the server reads it and says no (415).
  await input.setInputFiles({
    name: 'broken.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture'),
  })
  await expect(page.getByText('The file is not an image that can be read')).toBeVisible()
  await expect(page.getByRole('img', { name: 'Image preview' })).toHaveCount(0)

  // Over the server's limit and not a picture the browser can shrink: said before anything is sent.
  let sent = 0
  page.on('request', (request) => {
    if (request.url().endsWith('/api/uploads')) sent++
  })
  // A file on disk, as a person picks one: the browser reads it where it is (handed over as a buffer, 31 MB
  // crossed the DevTools protocol in base64 first, which took most of this test's time).
  const huge = testInfo.outputPath('huge.png')
  fs.writeFileSync(huge, '')
  fs.truncateSync(huge, 31 * 1024 * 1024)
  await input.setInputFiles(huge)
  await expect(page.getByText('The file is too large: images can be up to 30 MB')).toBeVisible()
  expect(sent).toBe(0)

  // An iPhone's HEIC, which neither Chromium nor this server's sharp can read: what to do instead, in words.
  await input.setInputFiles({ name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: HEIC_PHOTO })
  await expect(page.getByText(HEIC_MESSAGE)).toBeVisible()

  // An image chosen and then removed is not saved.
  await input.setInputFiles({ name: 'ok.png', mimeType: 'image/png', buffer: await makePng() })
  await expect(page.getByRole('img', { name: 'Image preview' })).toBeVisible()
  await page.getByRole('button', { name: 'Remove image' }).click()
  await expect(page.getByRole('img', { name: 'Image preview' })).toHaveCount(0)
  allowRefusedRequests(consoleErrors)
})
