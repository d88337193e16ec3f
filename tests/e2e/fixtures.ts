import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

import { startServer, TEST_ADMIN, type TestServer } from '../test-server.ts'

export const ADMIN = TEST_ADMIN

interface WorkerFixtures {
  /** A production server on a random port with a fresh copy of the seeded demo data, one per worker. */
  server: TestServer
}

interface TestFixtures {
  /** Console errors and page errors seen during the test; the test fails if any remain at the end. */
  consoleErrors: string[]
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({ templateDir: process.env.LAMPSTAND_TEMPLATE_DIR, admin: ADMIN })
      await use(server)
      await server.stop()
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url)
  },
  // The admin hydrates as it loads; page.goto and page.reload wait for that too, so a test never clicks a
  // control React has not taken over yet. Public pages have no framework: their script has run by `load`.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page)
    const reload = page.reload.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      if (!options?.waitUntil || options.waitUntil === 'load') await waitForDeferredHydration(page)
      return response
    }
    page.reload = async (options) => {
      const response = await reload(options)
      if (!options?.waitUntil || options.waitUntil === 'load') await waitForDeferredHydration(page)
      return response
    }
    await use(page)
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() !== 'error' && message.type() !== 'warning') return
        // Map tiles, a video's player and any other outside address are never reached: tests run offline, and
        // the browser resolves no other name than the test server's (playwright.config.ts). What failed there is
        // not the site's error.
        if (OUTSIDE.test(message.location().url)) return
        // Chromium's hint that a preloaded picture was not taken up within three seconds of `load`: a matter of
        // timing on a loaded machine (the picture is the page's own first one, and is used), not an error.
        if (/was preloaded using link preload but not used within a few seconds/.test(message.text())) return
        // With the address a failed request was for: "Failed to load resource" alone does not say which.
        const where = message.location().url
        errors.push(`${message.type()}: ${message.text()}${where ? ` (${where})` : ''}`)
      })
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
      await use(errors)
      expect(errors, 'console errors or warnings').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/** An address on another host than the test server's. */
const OUTSIDE = /^(https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])|chrome-error:)/

/** axe's rules that read colours: contrast, and links told apart from the text around them by colour alone. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/**
 * Runs axe-core on the current page (every rule, or only `rules`, or every rule but `without`) and fails on any
 * violation.
 */
export async function expectNoAxeViolations(
  page: Page,
  rules?: string[],
  { without = [] }: { without?: string[] } = {},
) {
  // axe reads colours as painted: a dialog or toast fading in or out would be judged half-transparent. So it runs
  // when nothing moves, and runs again when something began to move while it read (a toast's timer ending).
  for (let attempt = 1; ; attempt++) {
    await expect
      .poll(() =>
        page.evaluate(() => {
          const moving = document
            .getAnimations()
            .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length
          const marks = window as unknown as { __axeMoved?: boolean }
          marks.__axeMoved = false
          const mark = () => (marks.__axeMoved = true)
          for (const type of ['transitionrun', 'animationstart'])
            document.addEventListener(type, mark, { capture: true, once: true })
          return moving
        }),
      )
      .toBe(0)
    // axe.run in the page itself (legacy mode), instead of axe.runPartial per frame and axe.finishRun in a blank
    // page that is opened for each run and loads axe a second time: the same rules on the same page, in about
    // half the time (axe was the larger part of the browser tests' CPU). It would leave out frames of another
    // origin; our pages have none when axe runs (a sermon's video player is added only once Play is pressed).
    // Only violations are gathered: axe's passes (every text node's contrast, a few thousand on a long page)
    // were collected, serialised and sent back for nothing.
    const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] })
    if (rules) builder.withRules(rules)
    if (without.length > 0) builder.disableRules(without)
    const results = await builder.analyze()
    const summary = results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    )
    // Only a failing verdict is worth a second look: axe's own scrolling moves things too, and a clean page needs
    // no second run.
    if (summary.length > 0 && attempt < 3) {
      const moved = await page.evaluate(
        () => (window as unknown as { __axeMoved?: boolean }).__axeMoved === true,
      )
      if (moved) continue
    }
    expect(summary, 'axe violations').toEqual([])
    return
  }
}

/** Waits until React has hydrated the page (root.tsx sets data-hydrated on <html>). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

/** After a navigation that waited for `load`: waits for hydration on pages that run React (the admin's). */
async function waitForDeferredHydration(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.hydrated === 'true' ||
      !document.querySelector('script[type="module"]'),
  )
}

/** Signs in as the login screen would, and opens the dashboard. */
export async function signIn(page: Page, { email, password } = ADMIN) {
  await signInAt(page, '/admin/dashboard', { email, password })
}

/** Signs in and opens the admin screen at `path` (without the dashboard's load first). */
export async function signInAt(page: Page, path: string, { email, password } = ADMIN) {
  // The sign-in form itself is tested in admin-auth.spec.ts; everywhere else the session is asked for through the
  // same API the form uses (its cookie lands in the page's context), which spares a page load and its hydration.
  const answer = await page.request.post('/api/auth/sign-in/email', { data: { email, password } })
  expect(answer.status(), await answer.text()).toBe(200)
  await page.goto(path)
  await waitForHydration(page)
}
