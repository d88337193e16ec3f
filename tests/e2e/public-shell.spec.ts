import { expect, expectNoAxeViolations, test, waitForHydration } from './fixtures.ts'
import { acceptCookiesUpFront, expectActiveNavItem, PUBLIC_PAGES } from './public-helpers.ts'

test('Every public page holds its content, title and description in the first HTML response', async ({
  request,
}) => {
  for (const { path, heading } of PUBLIC_PAGES) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    const html = await response.text()
    expect(html, path).toContain('<html lang="en-IE"')
    expect(html, path).toContain(heading)
    expect(html, path).toMatch(/<title>[^<]*IPC Cork[^<]*<\/title>/)
    expect(html, path).toMatch(/<meta name="description" content="[^"]{40,}"/)
    expect(html, path).toContain('Indian Pentecostal Church of God')
    expect(html, path).toContain('Spreading the Gospel and making disciples in Cork, Ireland.')
  }
  const events = await (await request.get('/events')).text()
  expect(events).toContain('Christmas Carol Night')
  const about = await (await request.get('/about')).text()
  expect(about).toContain('Pastor Thomas Mathew')
})

test('The header shows the logo, church name and subtitle, and highlights the current page', async ({
  page,
}) => {
  await acceptCookiesUpFront(page)
  await page.goto('/')
  await waitForHydration(page)
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'IPC Cork Indian Pentecostal Church of God' })).toBeVisible()
  await expect(header.getByText('Indian Pentecostal Church of God')).toBeVisible()
  await expect(header.locator('img[src="/images/default-logo.png"]')).toHaveCount(1)
  await expectActiveNavItem(page, 'Home')
  // The toast area waits, empty, in the top right corner.
  await expect(page.getByRole('region', { name: /^Notifications/ })).toHaveCount(1)

  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Events' }).click()
  await page.waitForURL('**/events')
  await expectActiveNavItem(page, 'Events')
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible()

  // Home is only active on the home page itself; other links also match the pages below them.
  await page.goto('/events/')
  await expectActiveNavItem(page, 'Events')
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current')
})

test('The footer has the name, tagline, quick links, social links in new tabs and the current year', async ({
  page,
}) => {
  await acceptCookiesUpFront(page)
  await page.goto('/about')
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByText('Spreading the Gospel and making disciples in Cork, Ireland.')).toBeVisible()
  const quickLinks = footer.getByRole('navigation', { name: 'Quick Links' })
  await expect(quickLinks.getByRole('link')).toHaveText([
    'Home',
    'About Us',
    'Services',
    // The demo's Sunday Worship is streamed: the live page is linked while a service is.
    'Live',
    'Events',
    'Sermons',
    'Ministries',
    'Gallery',
    'Contact',
  ])
  for (const name of ['Facebook', 'Instagram']) {
    const link = footer.getByRole('link', { name: new RegExp(name) })
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', /noopener/)
  }
  await expect(footer.getByRole('heading', { name: 'Connect With Us' })).toBeVisible()
  await expect(footer.getByText('Kinsale Road Business Park')).toBeVisible()
  await expect(footer.getByRole('link', { name: 'hello@ipccork.ie' })).toHaveAttribute(
    'href',
    'mailto:hello@ipccork.ie',
  )
  await expect(footer.getByText(`© ${new Date().getFullYear()} IPC Cork`)).toBeVisible()
})

test('Below the md width the links move into a slide-in menu that locks scrolling and closes on a choice', async ({
  page,
}) => {
  await acceptCookiesUpFront(page)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await waitForHydration(page)
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()

  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('dialog', { name: 'IPC Cork' })
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
  // While the menu is open the page behind it cannot scroll.
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden')
  await page.mouse.wheel(0, 800)
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  // Focus stays inside the menu: once round its links and back (past the browser's own controls, where a modal
  // dialog lets Tab go on its way round).
  const stops = await menu.locator('a, button').count()
  for (let i = 0; i < stops + 1; i++) await page.keyboard.press('Tab')
  expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true)

  await menu.getByRole('link', { name: 'Ministries' }).click()
  await page.waitForURL('**/ministries')
  await expect(menu).toBeHidden()
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden')
  await expect(page.getByRole('heading', { level: 1, name: 'Our Ministries' })).toBeVisible()

  // Escape closes it too, and it also closes when the route changes by other means (the browser's back button).
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(menu).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(menu).toBeVisible()
  await page.goBack()
  await page.waitForURL((url) => url.pathname === '/')
  await expect(menu).toBeHidden()

  // A window widened past the md width while the menu is open (a tablet turned) closes it and frees the page.
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(menu).toBeVisible()
  await page.setViewportSize({ width: 1024, height: 800 })
  await expect(menu).toHaveCount(0)
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click()
  await page.waitForURL('**/gallery')
})

test('The church’s name and subtitle stay whole in the header at tablet and laptop widths, in both languages', async ({
  page,
}) => {
  for (const width of [800, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    for (const path of ['/', '/ml']) {
      await page.goto(path)
      const banner = page.getByRole('banner')
      await expect(banner.getByText('IPC Cork', { exact: true })).toBeVisible()
      // Cut short with an ellipsis is what the long Malayalam navigation did to the name (and English's at 800 px).
      const cut = await banner
        .locator('a[href="/"], a[href="/ml"]')
        .first()
        .evaluate(
          (link) =>
            [...link.querySelectorAll('span span')].filter((line) => line.scrollWidth > line.clientWidth)
              .length,
        )
      expect(cut, `${path} at ${width} px`).toBe(0)
      await expect(banner.getByRole('navigation')).toBeVisible()
    }
  }
  await page.goto('/')
  await expect(page.getByRole('banner').getByText('Indian Pentecostal Church of God')).toBeVisible()
})

test('An unknown address answers 404 with the error page inside the site, and a way home', async ({
  page,
  request,
  consoleErrors,
}) => {
  const response = await request.get('/no-such-page')
  expect(response.status()).toBe(404)
  const html = await response.text()
  expect(html).toContain('Unexpected Application Error!')
  expect(html).toContain('404 Not Found')
  // Its tab and a search result say what happened, not "Unexpected Application Error!" (an outside audit's find).
  expect(html).toContain('<title>Page not found · IPC Cork</title>')

  await acceptCookiesUpFront(page)
  await page.goto('/no-such-page')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible()
  await expect(page.getByText('404 Not Found')).toBeVisible()
  await expect(page.getByRole('banner').getByText('IPC Cork')).toBeVisible()
  await expectNoAxeViolations(page)
  // Chromium reports the 404 document itself on the console; that is the point of this page.
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((message) => !/status of 404/.test(message)),
  )
  await page.getByRole('link', { name: 'Back to the home page' }).click()
  await page.waitForURL((url) => url.pathname === '/')
  await expect(page.getByRole('heading', { name: 'Welcome to Our Church' })).toBeVisible()
})

test('Moving between pages loads the new page at its top, as a page of its own', async ({ page }) => {
  await acceptCookiesUpFront(page)
  await page.goto('/')
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }))
  await page.getByRole('contentinfo').getByRole('link', { name: 'Services' }).click()
  await page.waitForURL('**/services')
  await expect(page.getByRole('heading', { level: 1, name: 'Our Services' })).toBeVisible()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})
