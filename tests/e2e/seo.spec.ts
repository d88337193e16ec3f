import { expect, test } from './fixtures.ts'
import { PUBLIC_PAGES } from './public-helpers.ts'

test('The sitemap is XML a browser parses without error, listing every public page, every event to come and every published sermon, in both languages', async ({
  page,
  baseURL,
}) => {
  await page.goto('/robots.txt')
  const { error, locations, alternates } = await page.evaluate(async () => {
    const text = await (await fetch('/sitemap.xml')).text()
    const xml = new DOMParser().parseFromString(text, 'application/xml')
    const ns = 'http://www.sitemaps.org/schemas/sitemap/0.9'
    return {
      error: xml.getElementsByTagName('parsererror')[0]?.textContent ?? null,
      locations: [...xml.getElementsByTagNameNS(ns, 'loc')].map((loc) => loc.textContent),
      // The alternates in their own namespace, as search engines read them.
      alternates: xml.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link').length,
    }
  })
  expect(error).toBeNull()
  const origin = new URL(baseURL!).origin
  // The demo congregation speaks English and Malayalam: each page at both addresses, each naming en, ml and
  // x-default.
  expect(alternates).toBe(locations.length * 3)
  const inMalayalam = (address: string | null) => /^\/ml(?:\/|$)/.test(new URL(address!).pathname)
  const english = locations.filter((address) => !inMalayalam(address))
  const malayalamOf = (address: string | null) => {
    const { pathname } = new URL(address!)
    return `${origin}${pathname === '/' ? '/ml' : `/ml${pathname}`}`
  }
  expect(locations.filter(inMalayalam)).toEqual(english.map(malayalamOf))
  const pages = PUBLIC_PAGES.map(({ path }) => `${origin}${path}`)
  expect(english.slice(0, pages.length)).toEqual(pages)
  // Then the page of each event still to come (the demo content's nine, all after 23 November 2026), of each
  // published sermon and of each sermon series.
  const records = english.slice(pages.length)
  for (const kind of ['events', 'sermons', 'sermons/series']) {
    expect(
      records.filter((address) => address!.startsWith(`${origin}/${kind}/`)).length,
      kind,
    ).toBeGreaterThan(0)
  }
  for (const address of records)
    expect(address).toMatch(new RegExp(`^${origin}/(?:events|sermons|sermons/series)/[\\w-]+$`))
})

test('The share picture of each page is what a preview shows: a 1200×630 picture that loads', async ({
  page,
}) => {
  for (const path of ['/', '/events', '/contact']) {
    await page.goto(path)
    const address = await page.locator('meta[property="og:image"]').getAttribute('content')
    expect(address, path).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/og\/[\w-]+\.jpg\?v=\w+$/)
    const size = await page.evaluate(async (src) => {
      const image = new Image()
      image.src = src
      await image.decode()
      return [image.naturalWidth, image.naturalHeight]
    }, address!)
    expect(size, path).toEqual([1200, 630])
  }
})
