import { expect, test } from './fixtures.ts'
import { acceptCookiesUpFront } from './public-helpers.ts'

// Public pages carry no framework (decision 0013): the menu is a <dialog> the browser opens by itself, photos link
// to their pictures, and one small script adds the rest while the page is still loading.

test.describe('with JavaScript switched off', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })

  test('every page is complete, the menu opens and its links work, a photo opens its picture', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Welcome to Our Church' })).toBeVisible()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'IPC Cork' })
    await expect(menu).toBeVisible()
    await menu.getByRole('link', { name: 'Gallery' }).click()
    await page.waitForURL('**/gallery')
    await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible()

    const photo = page.getByRole('list', { name: 'Photos' }).getByRole('link').first()
    const href = await photo.getAttribute('href')
    expect(href).toMatch(/^\/(media|images)\//)
    await photo.click()
    await page.waitForURL((url) => url.pathname === href)

    await page.goto('/contact')
    await expect(page.getByRole('form', { name: 'Contact form' })).toBeVisible()
  })
})

test.describe('before the page has finished loading', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

  test('the first tap on the menu, a photo or a theme answers at once', async ({ page }) => {
    await acceptCookiesUpFront(page)
    // Hold every picture back, so the page is still loading (no load event) while it is used.
    await page.route(/\/(media|images)\//, () => new Promise(() => {}))
    await page.goto('/gallery', { waitUntil: 'domcontentloaded' })
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete')

    await page.getByRole('button', { name: 'Open menu' }).tap()
    const menu = page.getByRole('dialog', { name: 'IPC Cork' })
    await expect(menu).toBeVisible()
    // Focus stays inside, and Escape closes it.
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab')
    expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()

    await page.getByRole('list', { name: 'Photos' }).getByRole('link').nth(1).tap()
    const lightbox = page.getByRole('dialog', { name: 'Praise night' })
    await expect(lightbox).toBeVisible()
    await expect(lightbox).toContainText(/Photo 2\s*\/\s*of 13/)
    await lightbox.getByRole('button', { name: 'Next photo' }).tap()
    const next = page.locator('#lightbox')
    await expect(next).toContainText(/Photo 3\s*\/\s*of 13/)
    await next.getByRole('button', { name: 'Close' }).tap()
    await expect(next).toBeHidden()

    // On a phone the swatches open from one button, shown where it covers nothing: at the page's end.
    await page.evaluate(() => scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }))
    await page.getByRole('button', { name: 'Colour theme' }).tap()
    await page.getByRole('button', { name: 'Royal Purple theme' }).tap()
    await expect(page.getByRole('button', { name: 'Royal Purple theme' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete')
    await page.unrouteAll({ behavior: 'ignoreErrors' })
  })

  test('on the home, whose script is a cached file (decision 0031), a slide and a theme answer before the load event', async ({
    page,
  }) => {
    await acceptCookiesUpFront(page)
    await page.route(/\/(media|images)\//, () => new Promise(() => {}))
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete')
    expect(await page.locator('script[src*="/assets/public-site-"]').count()).toBe(1)

    await page.getByRole('button', { name: 'Go to slide 2' }).tap()
    await expect(page.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true')
    await page.evaluate(() => scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }))
    await page.getByRole('button', { name: 'Colour theme' }).tap()
    await page.getByRole('button', { name: 'Forest Green theme' }).tap()
    await expect(page.getByRole('button', { name: 'Forest Green theme' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete')
    await page.unrouteAll({ behavior: 'ignoreErrors' })
  })
})
