import { COLOUR_RULES, expect, expectNoAxeViolations, test, waitForHydration } from './fixtures.ts'
import { presetStorage, PUBLIC_PAGES } from './public-helpers.ts'
import { DEFAULT_THEME, THEMES } from '#app/lib/themes.ts'

// The longest file by far (some five minutes of one worker's time) and its tests only read: they are spread over
// every worker instead of running one after another in one, which left the others idle at the end of the run.
test.describe.configure({ mode: 'parallel' })

/**
 * Pages that between them show every kind of block in every theme: the home page's bands (hero, service times,
 * event and sermon cards, the carousel), the archive's filters and subscribe buttons, the map and its popup, the
 * contact form's fields and messages, and links inside running text (the policy). The other pages are made of
 * these same blocks.
 */
const EVERY_THEME_PAGES = new Set(['/', '/sermons', '/services', '/contact', '/privacy-policy'])

for (const darkMode of [false, true]) {
  const mode = darkMode ? 'dark' : 'light'

  // Every page in light and dark mode in the default theme, and the pages that together hold every kind of block
  // the site draws in the other themes too: contrast depends on the theme, the mode and the block. A theme changes
  // nothing but the hue and lightness of the colours (app/lib/themes.ts), and dark mode nothing but the colours
  // (a class on the root), so every rule runs once, in the default theme in light mode, and the colour rules
  // everywhere else (a full run for each page, theme and mode was 96 runs of axe; every page in every theme, 54).
  for (const { path, heading } of PUBLIC_PAGES) {
    const themes = EVERY_THEME_PAGES.has(path) ? THEMES : THEMES.filter(({ name }) => name === DEFAULT_THEME)
    test(`axe finds no violations on ${path} in ${mode} mode in ${themes.length > 1 ? 'each theme' : 'the default theme'}, cookie banner included`, async ({
      page,
    }) => {
      await presetStorage(page, { darkMode: String(darkMode), theme: themes[0].name })
      await page.goto(path)
      await waitForHydration(page)
      for (const [index, theme] of themes.entries()) {
        await test.step(theme.label, async () => {
          // The next theme as a visitor picks it, on the same page (a reload for each cost a third of the time).
          if (index > 0)
            await page
              .getByRole('complementary', { name: 'Colour theme' })
              .getByRole('button', { name: `${theme.label} theme` })
              .click()
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme.name)
          await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible()
          await expect(page.locator('html')).toHaveClass(darkMode ? /\bdark\b/ : /^(?!.*\bdark\b)/)
          await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible()
          // The map arrives after hydration; check it too.
          if (path === '/services' && index === 0) {
            await page.locator('[data-map]').scrollIntoViewIfNeeded()
            await expect(page.locator('.leaflet-popup-content')).toBeVisible()
          }
          await expectNoAxeViolations(
            page,
            theme.name === DEFAULT_THEME && !darkMode ? undefined : COLOUR_RULES,
          )
        })
      }
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
