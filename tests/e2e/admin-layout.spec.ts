import { openAdmin } from './admin-helpers.ts'
import { todayIn, upcomingOccurrences } from '#app/dates/engine.ts'
import { expect, expectNoAxeViolations, signIn, signInAt, test } from './fixtures.ts'

const SECTIONS = [
  ['Dashboard', '/admin/dashboard'],
  ['Church Info', '/admin/church-info'],
  ['About Us', '/admin/about'],
  ['Leadership', '/admin/leadership'],
  ['Getting Here', '/admin/getting-here'],
  ['Services', '/admin/services'],
  ['Events', '/admin/events'],
  ['Sermons', '/admin/sermons'],
  ['Ministries', '/admin/ministries'],
  ['Gallery', '/admin/gallery'],
  ['Carousel', '/admin/carousel'],
  ['Funds', '/admin/funds'],
  ['Gifts', '/admin/gifts'],
  ['Tax year', '/admin/funds/tax-year'],
  ['Messages', '/admin/messages'],
  ['Subscribers', '/admin/subscribers'],
] as const

// Every screen passes axe at desktop width, checked where the top bar leads (one sign-in for the sixteen, not one
// each); at phone width the screens differ only in the shell (the menu toggle) and in forms stacked in one column,
// so a form screen and a list screen are checked there, the menu open and closed.
test('The top bar links to the 16 sections and highlights the current one; every screen passes axe', async ({
  page,
}) => {
  // Fourteen runs of axe: about 45 s on two busy cores, more than a minute on a machine loaded besides.
  test.slow()
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page)
  await expect(page.getByText('Admin CMS')).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Admin sections' }).first()
  await expect(nav.getByRole('link')).toHaveText(SECTIONS.map(([label]) => label))
  for (const [label, path] of SECTIONS) {
    await test.step(label, async () => {
      await nav.getByRole('link', { name: label, exact: true }).click()
      await expect(page).toHaveURL(new RegExp(`${path}$`))
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      )
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1)
      // Rich-text editors load after hydration; check the finished screen.
      await expect(page.getByText('Loading editor...')).toHaveCount(0)
      await expectNoAxeViolations(page)
    })
  }
})

test('On a phone the sections are behind a menu toggle that closes on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page)
  const toggle = page.getByRole('button', { name: 'Open menu' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByRole('link', { name: 'Events', exact: true })).toBeHidden()
  await toggle.click()
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
  await page.getByRole('link', { name: 'Events', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/events$/)
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByRole('link', { name: 'Ministries', exact: true })).toBeHidden()
  // Escape closes it too, back on the toggle.
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()
  // Sign Out is in the menu on phones.
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
})

test('The dashboard counts services, events, ministries and gallery images and lists the first five', async ({
  page,
}) => {
  await signIn(page)
  const get = async (table: string) =>
    (await (await page.request.get(`/api/${table}`)).json()) as Array<Record<string, string>>
  const [services, events, ministries, images] = await Promise.all(
    ['services', 'events', 'ministries', 'gallery_images'].map(get),
  )
  const cards = [
    ['Services', services.length, '/admin/services'],
    ['Events', events.length, '/admin/events'],
    ['Ministries', ministries.length, '/admin/ministries'],
    ['Gallery Images', images.length, '/admin/gallery'],
  ] as const
  for (const [label, count] of cards) {
    await expect(page.getByRole('link', { name: `${label} ${count}` })).toBeVisible()
  }
  // The next five by date, a regular event at its next date: worked out here with the same library.
  const today = todayIn('Europe/Dublin', new Date())
  const soonest = events
    .map((event) => ({
      title: event.title,
      next: upcomingOccurrences(
        {
          starts_at: event.starts_at,
          ends_at: event.ends_at,
          all_day: Boolean(event.all_day),
          recurrence: event.recurrence,
          exdates: event.exdates as unknown as string[],
        },
        'Europe/Dublin',
        today,
      )[0],
    }))
    .filter((item) => item.next)
    .sort((a, b) => (a.next.start.toString() < b.next.start.toString() ? -1 : 1))
    .slice(0, 5)
  const upcomingEvents = page.getByRole('region', { name: 'Upcoming Events' }).getByRole('listitem')
  await expect(upcomingEvents).toHaveCount(soonest.length)
  for (const [index, { title }] of soonest.entries()) {
    await expect(upcomingEvents.nth(index)).toContainText(title)
  }
  const recentImages = page.getByRole('region', { name: 'Recent Gallery Images' }).getByRole('listitem')
  for (const [index, image] of images.slice(0, 5).entries()) {
    await expect(recentImages.nth(index)).toContainText(image.title)
    await expect(recentImages.nth(index)).toContainText(new RegExp(image.category, 'i'))
  }
  for (const [label, , path] of cards) {
    await openAdmin(page, '/admin/dashboard')
    await page.getByRole('link', { name: new RegExp(`^${label} \\d+`) }).click()
    await expect(page).toHaveURL(new RegExp(`${path}$`))
  }
})

test('At phone width a form screen and the inbox pass axe, with the menu closed and open', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page)
  for (const path of ['/admin/events', '/admin/messages']) {
    await openAdmin(page, path)
    await expect(page.getByText('Loading editor...')).toHaveCount(0)
    await expectNoAxeViolations(page)
  }
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.getByRole('link', { name: 'Events', exact: true })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('Every admin screen can be used with the keyboard: a skip link and visible focus', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInAt(page, '/admin/events')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeVisible()
  await page.keyboard.press('Enter')
  // The demo speaks two languages: the form's language tabs come first, then its first field.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('tab', { name: 'English' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toBeFocused()
  const outline = await page
    .getByRole('textbox', { name: 'Title', exact: true })
    .evaluate((element) => getComputedStyle(element).outlineStyle)
  expect(outline).not.toBe('none')
})

test('Admin pages, forms included, stay within the Content Security Policy', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { cspViolations: string[] }).cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  const violations = () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)
  await signIn(page)
  await page.getByRole('link', { name: 'Events', exact: true }).first().click()
  await page.getByRole('button', { name: 'Add Event' }).click()
  await expect(page.getByText('Title is required').first()).toBeVisible()
  expect(await violations()).toEqual([])
  await openAdmin(page, '/admin/church-info')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.locator('[data-sonner-toast]').first()).toBeVisible()
  expect(await violations()).toEqual([])
})

test('Success and failure toasts pass axe too (their colours are readable)', async ({ page }) => {
  await signInAt(page, '/admin/gallery')
  await page.getByRole('button', { name: 'Add Image' }).click()
  await expect(page.locator('[data-sonner-toast][data-type="error"]').first()).toBeVisible()
  await expectNoAxeViolations(page)
  await openAdmin(page, '/admin/church-info')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.locator('[data-sonner-toast][data-type="success"]').first()).toBeVisible()
  await expectNoAxeViolations(page)
})
