import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

import { expect, test } from './fixtures.ts'
import { acceptCookiesUpFront } from './public-helpers.ts'

// What floats over a phone's page (the WhatsApp and theme buttons, the cookie banner) hides nothing a visitor reads
// or presses, in either language (app/islands/behaviours/floating.ts).

test.use({ viewport: { width: 390, height: 844 } })

/** The page has loaded, the floating buttons have looked at what lies under them, and nothing moves. */
async function settle(page: Page) {
  await page.waitForLoadState('load')
  // The behaviour looks once the page has rested 150 ms; the buttons then fade in or out in 300 ms.
  await page.waitForTimeout(200)
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((animation) =>
              (animation.effect as KeyframeEffect | null)?.target?.closest('[data-floating]'),
            )
            .filter((animation) => animation.playState === 'running').length,
      ),
    )
    .toBe(0)
}

/**
 * Text, links, buttons and fields that a shown floating button's box overlaps, described: bounding boxes compared,
 * counting only what is drawn where they meet (not text clipped away for screen readers).
 */
function coveredByFloating(page: Page) {
  return page.evaluate(() => {
    const CONTROLS =
      'a[href],button,input,select,textarea,label,summary,iframe,[tabindex]:not([tabindex="-1"])'
    const floating = [...document.querySelectorAll('[data-floating]')]
      .filter((element) => getComputedStyle(element).visibility === 'visible')
      .map((element) => element.getBoundingClientRect())
    const found: string[] = []
    const check = (rect: DOMRect, element: Element, what: string) => {
      for (const box of floating) {
        const left = Math.max(rect.left, box.left)
        const right = Math.min(rect.right, box.right)
        const top = Math.max(rect.top, box.top)
        const bottom = Math.min(rect.bottom, box.bottom)
        if (right - left < 1 || bottom - top < 1) continue
        // Drawn where the two meet (elementsFromPoint also sees what lies under the floating button).
        if (!document.elementsFromPoint((left + right) / 2, (top + bottom) / 2).includes(element)) continue
        found.push(what)
      }
    }
    for (const control of document.querySelectorAll(CONTROLS)) {
      if (control.closest('[data-floating]')) continue
      check(control.getBoundingClientRect(), control, `${control.tagName} ${control.textContent?.trim()}`)
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    const range = document.createRange()
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!
      if (!node.textContent?.trim() || parent.closest('[data-floating],script,style')) continue
      range.selectNodeContents(node)
      for (const rect of range.getClientRects()) check(rect, parent, `text "${node.textContent.trim()}"`)
    }
    return found
  })
}

test('The cookie banner fits a phone’s screen whole in English and Malayalam, and nothing floats over it', async ({
  page,
}) => {
  for (const path of ['/', '/ml']) {
    await page.goto(path)
    await settle(page)
    const banner = page.locator('[data-cookie-banner]')
    await expect(banner).toBeVisible()
    const box = (await banner.boundingBox())!
    expect(box.y, path).toBeGreaterThanOrEqual(0)
    expect(box.y + box.height, path).toBeLessThanOrEqual(844)
    // No words cut off: the banner is as tall as what it holds.
    expect(
      await banner.evaluate((element) => element.scrollHeight - element.clientHeight),
      path,
    ).toBeLessThanOrEqual(0)
    const buttons = banner.getByRole('button')
    await expect(buttons).toHaveCount(2)
    for (const button of await buttons.all()) {
      await expect(button).toBeInViewport({ ratio: 1 })
      const { y, height } = (await button.boundingBox())!
      expect(y + height, path).toBeLessThanOrEqual(box.y + box.height)
    }
    // The floating buttons give way to it.
    for (const control of await page.locator('[data-floating]').all()) await expect(control).toBeHidden()

    // At the page's end the footer's last line stays above it.
    await page.evaluate(() => scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }))
    const last = (await page.getByRole('contentinfo').getByRole('link').last().boundingBox())!
    expect(last.y + last.height, path).toBeLessThanOrEqual((await banner.boundingBox())!.y)
  }
})

test('On a phone the floating buttons cover no text, link or field, on the first screen and at the page’s end', async ({
  page,
}) => {
  await acceptCookiesUpFront(page)
  await page.goto('/events')
  const event = await page.locator('main a[href^="/events/"]').first().getAttribute('href')
  for (const path of ['/', '/ml', '/contact', '/sermons', event!]) {
    await page.goto(path)
    await settle(page)
    expect(await coveredByFloating(page), `${path}, first screen`).toEqual([])

    await page.evaluate(() => scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }))
    await settle(page)
    // The footer keeps a band for them at the end of every page: they show there.
    for (const control of await page.locator('[data-floating]').all()) await expect(control).toBeVisible()
    expect(await coveredByFloating(page), `${path}, end`).toEqual([])
  }
})

test('On a phone the floating buttons step aside while the page moves or a field is typed in, and the swatches open from one button', async ({
  page,
}) => {
  await acceptCookiesUpFront(page)
  await page.goto('/contact')
  const whatsapp = page.getByRole('link', { name: 'WhatsApp Us' })
  const picker = page.getByRole('complementary', { name: 'Colour theme' })
  await page.evaluate(() => scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }))
  await expect(whatsapp).toBeVisible()
  await expect(whatsapp).toHaveAttribute('href', 'https://wa.me/353871234567')

  // One round button holds the swatches and the dark mode toggle; they close as the page moves on.
  const green = picker.getByRole('button', { name: 'Forest Green theme' })
  await expect(green).toBeHidden()
  await picker.getByRole('button', { name: 'Colour theme' }).click()
  await green.click()
  await expect(green).toHaveAttribute('aria-pressed', 'true')
  await expect(picker.getByRole('button', { name: 'Switch to dark mode' })).toBeVisible()
  // (The open swatches alone: at the page's end the see-through header lies over the dark footer.)
  const axe = await new AxeBuilder({ page }).setLegacyMode().include('[data-floating]').analyze()
  expect(axe.violations.map((violation) => violation.id)).toEqual([])
  await page.mouse.wheel(0, -300)
  await expect(green).toBeHidden()
  // Over the form's fields they keep away once the page rests.
  await page
    .getByRole('form', { name: 'Contact form' })
    .getByRole('textbox', { name: /Email/ })
    .scrollIntoViewIfNeeded()
  await settle(page)
  await expect(whatsapp).toBeHidden()

  // Typing a message: nothing floats over the form, even with the page resting at its end.
  await page.getByRole('textbox', { name: /Message/ }).focus()
  await page.evaluate(() => scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }))
  await settle(page)
  await expect(whatsapp).toBeHidden()
  await page.getByRole('textbox', { name: /Message/ }).blur()
  await expect(whatsapp).toBeVisible()
})
