import { expect, test, waitForHydration } from './fixtures.ts'
import { acceptCookiesUpFront, cssColour, presetStorage, rootVariable } from './public-helpers.ts'

const COOKIE_TEXT =
  'We use cookies to enhance your browsing experience and analyze our traffic. By clicking "Accept", you consent to our use of cookies.'

test('The theme picker offers three labelled themes and saves the choice and dark mode across a reload', async ({
  page,
}) => {
  await acceptCookiesUpFront(page)
  await page.goto('/')
  await waitForHydration(page)
  const picker = page.getByRole('complementary', { name: 'Colour theme' })
  const blue = picker.getByRole('button', { name: 'Ocean Blue theme' })
  const green = picker.getByRole('button', { name: 'Forest Green theme' })
  const purple = picker.getByRole('button', { name: 'Royal Purple theme' })
  await expect(blue).toHaveAttribute('aria-pressed', 'true')
  await expect(purple).toHaveAttribute('aria-pressed', 'false')
  expect(await rootVariable(page, '--primary-h')).toBe('210')

  await green.click()
  await expect(green).toHaveAttribute('aria-pressed', 'true')
  await expect(blue).toHaveAttribute('aria-pressed', 'false')
  expect(await rootVariable(page, '--primary-h')).toBe('149')
  expect(await rootVariable(page, '--primary-s')).toBe('58%')
  expect(await rootVariable(page, '--primary-l')).toBe('27%')
  // The chosen swatch is filled in its own primary colour.
  await expect(green).toHaveCSS('background-color', await cssColour(page, 'hsl(149 58% 27%)'))
  await expect(purple).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)')

  const toggle = picker.getByRole('button', { name: 'Switch to dark mode' })
  await toggle.click()
  await expect(picker.getByRole('button', { name: 'Switch to light mode' })).toBeVisible()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  expect(await page.evaluate(() => ({ ...localStorage }))).toMatchObject({ theme: 'green', darkMode: 'true' })

  await page.reload()
  await waitForHydration(page)
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  expect(await rootVariable(page, '--primary-h')).toBe('149')
  await expect(green).toHaveAttribute('aria-pressed', 'true')
  await picker.getByRole('button', { name: 'Switch to light mode' }).click()
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
  await expect(picker.getByRole('button', { name: 'Switch to dark mode' })).toBeVisible()
})

test('The saved theme is on the page before any of its JavaScript files run', async ({ page }) => {
  await presetStorage(page, { theme: 'purple', darkMode: 'true', cookieConsent: 'true' })
  // Hold back the application's scripts: whatever shows now was painted by the server's HTML alone.
  await page.route('**/assets/*.js', () => {})
  // Module scripts hold DOMContentLoaded back, so wait only for the document to arrive.
  await page.goto('/about', { waitUntil: 'commit' })
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'purple')
  expect(await rootVariable(page, '--primary-h')).toBe('270')
  await expect(page.locator('[data-swatch="purple"]')).toHaveCSS(
    'background-color',
    await cssColour(page, 'hsl(270 60% 30%)'),
  )
  await expect(page.locator('[data-cookie-banner]')).toBeHidden()
  await page.unrouteAll({ behavior: 'ignoreErrors' })
})

test('An unknown stored theme falls back to blue, and dark mode is off by default', async ({ page }) => {
  await presetStorage(page, { theme: 'tartan', cookieConsent: 'true' })
  await page.goto('/')
  await waitForHydration(page)
  expect(await rootVariable(page, '--primary-h')).toBe('210')
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
  await expect(page.getByRole('button', { name: 'Ocean Blue theme' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('button', { name: 'Switch to dark mode' })).toBeVisible()
})

test('Accepting cookies stores the consent and hides the banner for good', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const banner = page.getByRole('region', { name: 'Cookie consent' })
  await expect(banner).toBeVisible()
  await expect(banner).toContainText(COOKIE_TEXT)
  await expect(banner.getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/privacy-policy')
  const box = await banner.boundingBox()
  expect(box?.height).toBe(80)

  // The floating buttons sit above the banner while it shows.
  const whatsapp = page.getByRole('link', { name: 'WhatsApp Us' })
  const lifted = (await whatsapp.boundingBox())!
  expect(lifted.y + lifted.height).toBeLessThanOrEqual(box!.y)

  // Scrolled to the end, the footer's last line sits above the banner, not under it.
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }))
  const copyright = (await page
    .getByRole('contentinfo')
    .getByText(/All rights reserved/)
    .boundingBox())!
  expect(copyright.y + copyright.height).toBeLessThanOrEqual((await banner.boundingBox())!.y)

  await banner.getByRole('button', { name: 'Accept Cookies' }).click()
  await expect(banner).toBeHidden()
  expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('true')
  await expect.poll(async () => (await whatsapp.boundingBox())!.y).toBeGreaterThan(lifted.y)

  await page.reload()
  await waitForHydration(page)
  await expect(banner).toBeHidden()
})

test('Declining hides the banner without storing anything, so it asks again next time', async ({ page }) => {
  await page.goto('/contact')
  await waitForHydration(page)
  const banner = page.getByRole('region', { name: 'Cookie consent' })
  await banner.getByRole('button', { name: 'Decline' }).click()
  await expect(banner).toBeHidden()
  expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBeNull()

  // It stays away while the visitor moves around…
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click()
  await page.waitForURL('**/about')
  await expect(banner).toBeHidden()
  // …and returns on the next visit.
  await page.reload()
  await expect(banner).toBeVisible()
})

test('Learn more on the cookie banner opens the privacy policy with the church name and a mailto link', async ({
  page,
}) => {
  await page.goto('/')
  await waitForHydration(page)
  await page.getByRole('region', { name: 'Cookie consent' }).getByRole('link', { name: 'Learn more' }).click()
  await page.waitForURL('**/privacy-policy')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
  for (const section of [
    'What Are Cookies',
    'How We Use Cookies',
    'Types of Cookies We Use',
    'Managing Cookies',
    'Your Rights',
    'Contact Us',
    'Updates to This Policy',
  ]) {
    await expect(main.getByRole('heading', { level: 2, name: section })).toBeVisible()
  }
  await expect(main.getByText(/administrative users signed in/)).toBeVisible()
  await expect(main.getByText(/IPC Cork uses cookies/)).toBeVisible()
  await expect(main.getByRole('link', { name: 'hello@ipccork.ie' })).toHaveAttribute(
    'href',
    'mailto:hello@ipccork.ie',
  )
})

test('The WhatsApp link opens a chat with the digits of the stored number in a new tab', async ({ page }) => {
  await acceptCookiesUpFront(page)
  await page.goto('/services')
  const link = page.getByRole('link', { name: 'WhatsApp Us' })
  await expect(link).toHaveAttribute('href', 'https://wa.me/353871234567')
  await expect(link).toHaveAttribute('target', '_blank')
})

test('A button works from the first paint: the page has no framework to wait for, and acts once', async ({
  page,
}) => {
  await acceptCookiesUpFront(page)
  // Hold every picture back: the page is still loading when the button is pressed.
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/(media|images)\//, async (route) => {
    await released
    await route.continue()
  })
  await page.goto('/about', { waitUntil: 'domcontentloaded' })
  // No script files at all: the page's behaviour is one inline script (decisions 0013, 0031).
  await expect(page.locator('script[src], link[rel="modulepreload"]')).toHaveCount(0)
  const green = page.getByRole('button', { name: 'Forest Green theme' })
  await green.click()
  await expect(green).toHaveAttribute('aria-pressed', 'true')
  expect(await rootVariable(page, '--primary-h')).toBe('149')
  // The dark mode toggle flips once, not twice.
  await page.getByRole('button', { name: 'Switch to dark mode' }).click()
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible()
  release()
  await page.unrouteAll({ behavior: 'ignoreErrors' })
})
