import { expect, expectNoAxeViolations, test, waitForHydration } from './fixtures.ts'
import { presetStorage, PUBLIC_PAGES } from './public-helpers.ts'
import { THEMES } from '#app/lib/themes.ts'

for (const darkMode of [false, true]) {
  const mode = darkMode ? 'dark' : 'light'

  // Every page in each of the three colour themes, light and dark: contrast depends on all three.
  for (const theme of THEMES)
    for (const { path, heading } of PUBLIC_PAGES) {
      test(`axe finds no violations on ${path} in the ${theme.label} theme, ${mode} mode, cookie banner included`, async ({
        page,
      }) => {
        await presetStorage(page, { darkMode: String(darkMode), theme: theme.name })
        await page.goto(path)
        await waitForHydration(page)
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme.name)
        await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible()
        await expect(page.locator('html')).toHaveClass(darkMode ? /\bdark\b/ : /^(?!.*\bdark\b)/)
        await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible()
        // The map arrives after hydration; check it too.
        if (path === '/services') {
          await page.locator('[data-map]').scrollIntoViewIfNeeded()
          await expect(page.locator('.leaflet-popup-content')).toBeVisible()
        }
        await expectNoAxeViolations(page)
      })
    }

  test(`axe finds no violations in the open mobile menu and gallery lightbox in ${mode} mode`, async ({
    page,
  }) => {
    await presetStorage(page, { darkMode: String(darkMode), theme: 'purple', cookieConsent: 'true' })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/gallery')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectNoAxeViolations(page)
    await page.keyboard.press('Escape')
    await page.getByRole('list', { name: 'Photos' }).getByRole('link').first().click()
    await expect(page.getByRole('button', { name: 'Next photo' })).toBeVisible()
    await expectNoAxeViolations(page)
  })
}
