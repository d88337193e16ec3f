// A sermon's page in the browser: the video box loads YouTube's player only once pressed (no request to YouTube
// before), the transcript opens, and axe finds nothing at 390 and 1280 px on the sermon's page and on home's
// Latest Sermon band.
import fs from 'node:fs/promises'
import path from 'node:path'

import { unique } from './admin-helpers.ts'
import { ADMIN, expect, expectNoAxeViolations, signIn, test } from './fixtures.ts'
import { acceptCookiesUpFront } from './public-helpers.ts'

const VIDEO_HOSTS =
  /^https?:\/\/([\w-]+\.)*(youtube\.com|youtube-nocookie\.com|ytimg\.com|googlevideo\.com|vimeo\.com|vimeocdn\.com)\//

const TRANSCRIPT = `WEBVTT

1
00:00:01.000 --> 00:00:04.000
Good morning, everyone.

2
00:00:04.000 --> 00:00:08.000
Today we read of the shepherd who knows his sheep.
`

test('the video loads only after its button is pressed; the transcript opens; the page and home pass axe', async ({
  page,
  server,
}) => {
  const title = unique('The Good Shepherd')
  await fs.writeFile(path.join(server.dataDir, 'uploads', 'e2e-good-shepherd.vtt'), TRANSCRIPT)
  await signIn(page)
  const created = await page.request.post('/api/sermons', {
    data: {
      title,
      preached_on: '2031-03-02',
      scripture: 'John 10:1-18',
      summary: '<p>The shepherd knows his sheep by name.</p>',
      video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      transcript_url: '/media/e2e-good-shepherd.vtt',
      status: 'published',
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  await page.context().clearCookies()
  await acceptCookiesUpFront(page)

  // Nothing reaches YouTube: every request to a video host is recorded and answered here with an empty page.
  const videoRequests: string[] = []
  page.on('request', (request) => {
    if (VIDEO_HOSTS.test(request.url())) videoRequests.push(request.url())
  })
  await page.route(VIDEO_HOSTS, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Player</title>' }),
  )

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 })
    await page.goto(`/sermons/${id}`)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    const play = page.getByRole('button', { name: `Play video: ${title}` })
    await expect(play).toBeVisible()
    await expect(page.locator('iframe')).toHaveCount(0)
    await expectNoAxeViolations(page)
    expect(videoRequests, 'requests to a video host before the click').toEqual([])

    // The transcript, closed at first, opens as text.
    const transcript = page.getByText('Today we read of the shepherd who knows his sheep.')
    await expect(transcript).toBeHidden()
    await page.getByText('Transcript', { exact: true }).click()
    await expect(transcript).toBeVisible()
    await expect(page.getByText('00:00:04.000')).toHaveCount(0)
    await expectNoAxeViolations(page)

    // The passage opens the online Bible in a new tab, and says so.
    await expect(page.getByRole('link', { name: 'John 10:1–18 (opens in a new tab)' })).toHaveAttribute(
      'target',
      '_blank',
    )

    await play.click()
    const player = page.locator('iframe')
    await expect(player).toHaveAttribute('title', title)
    await expect(player).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    )
    await expect(player).toHaveAttribute('allow', /autoplay/)
    await expect
      .poll(() => videoRequests)
      .toEqual(['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'])
    await expect(play).toHaveCount(0)
    videoRequests.length = 0
  }

  // Home: the newest sermon in its band, with a link to its page.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 })
    await page.goto('/')
    const band = page.getByRole('region', { name: 'Latest Sermon' })
    await expect(band.getByRole('heading', { level: 3, name: title })).toBeVisible()
    await band.scrollIntoViewIfNeeded()
    await expect(band.getByRole('link', { name: `Watch: ${title}` })).toHaveAttribute(
      'href',
      `/sermons/${id}`,
    )
    await expectNoAxeViolations(page)
  }
  expect(videoRequests).toEqual([])
})

test('without JavaScript the video is a plain link to it, and nothing of YouTube loads', async ({
  browser,
  server,
}) => {
  const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false })
  const page = await context.newPage()
  const videoRequests: string[] = []
  page.on('request', (request) => {
    if (VIDEO_HOSTS.test(request.url())) videoRequests.push(request.url())
  })
  await page.route(VIDEO_HOSTS, (route) => route.abort())
  const title = unique('Without a script')
  const created = await context.request.post('/api/auth/sign-in/email', {
    data: { email: ADMIN.email, password: ADMIN.password },
  })
  expect(created.status()).toBe(200)
  const sermon = await context.request.post('/api/sermons', {
    data: {
      title,
      preached_on: '2020-01-05',
      video_url: 'https://vimeo.com/76979871',
      status: 'published',
    },
  })
  expect(sermon.status(), await sermon.text()).toBe(201)
  const { id } = (await sermon.json()) as { id: string }
  await context.clearCookies()
  await page.goto(`/sermons/${id}`)
  const link = page.getByRole('link', { name: /Play video/ })
  await expect(link).toHaveAttribute('href', 'https://vimeo.com/76979871')
  await expect(page.getByRole('button', { name: /Play video/ })).toHaveCount(0)
  await expect(page.locator('iframe')).toHaveCount(0)
  expect(videoRequests).toEqual([])
  await context.close()
})
