import { startServer, type TestServer } from '../test-server.ts'
import { ADMIN, expect, expectNoAxeViolations, test } from './fixtures.ts'

// The live page on a Sunday at 10:35 (issue 47): the demo's Sunday Worship is streamed, 10:30–12:00. Nothing from
// YouTube or Google, no cookie and nothing in storage before the visitor's click; after it, the player.

/** Sunday 6 December 2026, 10:35 in Dublin (winter time: UTC). */
const SUNDAY_MORNING = '2026-12-06T10:35:00Z'
const CHANNEL = 'UCabcdefghijklmnopqrstuv'

let live: TestServer | undefined

test.afterEach(async () => {
  await live?.stop()
  live = undefined
})

test('On /live while the service is on, nothing leaves for YouTube before the click; the click loads the player from youtube-nocookie.com', async ({
  browser,
}) => {
  live = await startServer({
    templateDir: process.env.LAMPSTAND_TEMPLATE_DIR,
    admin: ADMIN,
    env: { CLOCK_START: SUNDAY_MORNING },
  })
  // Staff have told the site the church's channel (the sermons' YouTube import).
  const staff = await browser.newContext({ baseURL: live.url })
  const signedIn = await staff.request.post('/api/auth/sign-in/email', { data: ADMIN })
  expect(signedIn.status()).toBe(200)
  const saved = await staff.request.post('/admin/sermons/youtube', {
    form: { intent: 'channel', youtube_channel: CHANNEL },
    headers: { origin: live.url },
  })
  expect(saved.status(), await saved.text()).toBeLessThan(500)
  await staff.close()

  const context = await browser.newContext({ baseURL: live.url })
  const page = await context.newPage()
  const requested: string[] = []
  page.on('request', (request) => requested.push(request.url()))
  await page.goto('/live')
  await expect(page.getByRole('heading', { level: 2, name: 'Live now — join us' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  // Every request so far was the site's own; nothing in storage, no cookie.
  expect(requested.filter((url) => !url.startsWith(live!.url))).toEqual([])
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([
    0,
    0,
    '',
  ])
  expect(await context.cookies()).toEqual([])
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Play the live stream' }).click()
  const player = page.locator('iframe')
  await expect(player).toHaveAttribute(
    'src',
    `https://www.youtube-nocookie.com/embed/live_stream?channel=${CHANNEL}&autoplay=1`,
  )
  await expect(player).toHaveAttribute('title', 'Sunday Worship Service')

  // In Malayalam too, with its own words and nothing from outside before the click.
  requested.length = 0
  await page.goto('/ml/live')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ml')
  await expect(page.getByRole('button', { name: 'തത്സമയ സംപ്രേഷണം കാണുക' })).toBeVisible()
  expect(requested.filter((url) => !url.startsWith(live!.url))).toEqual([])
  await expectNoAxeViolations(page)
  await context.close()
})

test('/live is accessible in each of its other states (later, soon, ended), in both languages', async ({
  browser,
}) => {
  const moments = [
    ['2026-12-06T08:00:00Z', 'Next live: Sunday 6 December, 10:30 AM'],
    ['2026-12-06T10:05:00Z', 'Live in 25 minutes · 10:30 AM'],
    ['2026-12-06T13:00:00Z', 'The service has ended'],
  ] as const
  for (const [clock, heading] of moments) {
    live = await startServer({ templateDir: process.env.LAMPSTAND_TEMPLATE_DIR, env: { CLOCK_START: clock } })
    const context = await browser.newContext({ baseURL: live.url })
    const page = await context.newPage()
    await page.goto('/live')
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.goto('/ml/live')
    await expect(page.locator('html')).toHaveAttribute('lang', 'ml')
    await expectNoAxeViolations(page)
    await context.close()
    await live.stop()
    live = undefined
  }
})
