import type { APIRequestContext, Locator, Page } from '@playwright/test'

import { ADMIN, expect } from './fixtures.ts'
import { SITE_PAGES, type SitePageKey } from '#app/content/registry.ts'

/**
 * The heading each public page shows in its first HTML response where it is not the page's title ('Our Ministries'
 * on the Ministries page).
 */
const HEADINGS: Partial<Record<SitePageKey, string>> = {
  home: 'Welcome to Our Church',
  about: 'About Us',
  services: 'Our Services',
  live: 'Watch Live',
  events: 'Events',
  sermons: 'Sermons',
  ministries: 'Our Ministries',
  gallery: 'Gallery',
  give: 'Give',
  contact: 'Contact Us',
  news: 'Weekly news by e-mail',
  'privacy-policy': 'Privacy Policy',
}

/** Every public page (app/content/registry.ts), with a heading it must show in its first HTML response. */
export const PUBLIC_PAGES = (Object.keys(SITE_PAGES) as SitePageKey[]).map((key) => ({
  path: SITE_PAGES[key].path,
  heading: HEADINGS[key] ?? SITE_PAGES[key].title,
}))

/** Stores the visitor's choices before the page's own scripts run, as a returning visitor would have them. */
export async function presetStorage(page: Page, values: Record<string, string>) {
  await page.addInitScript((entries) => {
    // The site's own pages only: not a frame of another site (a video's player), whose storage is not ours.
    if (window !== window.top) return
    // Only on the first document of the test: later reloads must see what the page itself stored.
    if (sessionStorage.getItem('preset-done')) return
    sessionStorage.setItem('preset-done', '1')
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
  }, values)
}

/** Most tests are not about the cookie banner: accept it up front so it covers nothing. */
export async function acceptCookiesUpFront(page: Page) {
  await presetStorage(page, { cookieConsent: 'true' })
}

/** The value of a CSS custom property on the document root. */
export async function rootVariable(page: Page, name: string) {
  return page.evaluate((property) => document.documentElement.style.getPropertyValue(property), name)
}

export async function expectActiveNavItem(page: Page, label: string) {
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.locator('[aria-current="page"]')).toHaveText(label)
}

/** How the browser writes a CSS colour once computed (`rgb(…)`), to compare with computed styles. */
export async function cssColour(page: Page, colour: string) {
  return page.evaluate((value) => {
    const probe = document.createElement('span')
    probe.style.color = value
    document.documentElement.append(probe)
    const computed = getComputedStyle(probe).color
    probe.remove()
    return computed
  }, colour)
}

/** The texts of `locator`'s elements in any order: items created in the same instant have no set order. */
export async function expectTextsInAnyOrder(locator: Locator, expected: string[]) {
  await expect(locator).toHaveCount(expected.length)
  expect((await locator.allTextContents()).map((text) => text.trim()).sort()).toEqual([...expected].sort())
}

/** Signs in as ADMIN through the API, for a test that changes content before it looks at a page. */
export async function signInApi(request: APIRequestContext) {
  const response = await request.post('/api/auth/sign-in/email', { data: ADMIN })
  expect(response.ok()).toBe(true)
}
