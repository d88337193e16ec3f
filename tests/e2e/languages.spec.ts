// The site in its second language (issue 28), as a visitor's browser meets it: the page's fixed texts and script
// in Malayalam, the switch and its cookie, the one-line suggestion, the Malayalam font (fetched only where it is
// drawn), and Malayalam set without clipping in every theme.
import fs from 'node:fs'
import path from 'node:path'

import { COLOUR_RULES, expect, expectNoAxeViolations, test } from './fixtures.ts'
import { acceptCookiesUpFront, PUBLIC_PAGES } from './public-helpers.ts'

const MALAYALAM_FONT = /noto-sans-malayalam.*\.woff2/

test('axe finds no violations on any page in Malayalam, cookie banner and language suggestion included', async ({
  page,
}) => {
  // The test's browser prefers English, so each page also offers the English site in a line at the top.
  // A Malayalam page has its English twin's colours (public-accessibility.spec.ts reads those on every page in
  // both modes): the colour rules run on the first page here, for the suggestion line, and every other rule on
  // every page.
  for (const [index, { path }] of PUBLIC_PAGES.entries()) {
    const address = path === '/' ? '/ml' : `/ml${path}`
    await page.goto(address)
    await expect(page.locator('html'), address).toHaveAttribute('lang', 'ml')
    await expect(page.getByRole('region', { name: 'കുക്കി സമ്മതം' })).toBeVisible()
    await expect(page.locator('aside[lang="en"]')).toBeVisible()
    await expectNoAxeViolations(page, undefined, { without: index === 0 ? [] : COLOUR_RULES })
  }
})

test('A Malayalam page speaks Malayalam: fixed texts, dates, the script’s words and the contact form’s messages', async ({
  page,
}) => {
  await acceptCookiesUpFront(page)
  await page.goto('/ml/events')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ml')
  await expect(page.getByRole('heading', { level: 1, name: 'പരിപാടികൾ' })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'പ്രധാന മെനു' }).getByRole('link', { name: 'ഹോം' }),
  ).toHaveAttribute('href', '/ml')
  // Dates in Malayalam (Intl, ml-IN): a month's name in Malayalam letters on the first card.
  await expect(page.locator('article dd').first()).toContainText(/ഡിസംബർ|ജനുവരി|ഫെബ്രുവരി|നവംബർ/)
  // The dark-mode button's name, written by the page's script after a tap, in the page's language.
  const picker = page.getByRole('complementary', { name: 'നിറങ്ങളുടെ തീം' })
  await picker.getByRole('button', { name: 'ഡാർക്ക് മോഡിലേക്ക് മാറുക' }).click()
  await expect(picker.getByRole('button', { name: 'ലൈറ്റ് മോഡിലേക്ക് മാറുക' })).toBeVisible()
  await expectNoAxeViolations(page)

  // The contact form: the words the script writes while sending are the page's.
  await page.goto('/ml/contact')
  await expect(page.getByRole('form', { name: 'ബന്ധപ്പെടാനുള്ള ഫോം' })).toHaveAttribute(
    'data-sending',
    'അയയ്ക്കുന്നു...',
  )

  // The map's own buttons (Leaflet's words are English) in the page's language.
  await page.goto('/ml/services')
  await page.locator('[data-map]').scrollIntoViewIfNeeded()
  await expect(page.getByRole('button', { name: 'വലുതാക്കുക' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'അടയ്ക്കുക' })).toHaveCount(1)
})

test('Without JavaScript, the contact form’s refusal on a Malayalam page is in Malayalam, field by field', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/ml/contact')
  const form = page.getByRole('form', { name: 'ബന്ധപ്പെടാനുള്ള ഫോം' })
  await form.getByLabel('പേര്', { exact: false }).first().fill('ജോസഫ്')
  await form.getByLabel('കുടുംബപ്പേര്').fill('മാത്യു')
  await form.getByLabel('ഇമെയിൽ').fill('not-an-address')
  await form.getByLabel('സന്ദേശം').fill('ഞായറാഴ്ച ആരാധനയുടെ സമയം അറിയിക്കാമോ?')
  // The browser's own check would stop a malformed address before the server sees it.
  await form.evaluate((element) => element.setAttribute('novalidate', ''))
  await form.getByRole('button', { name: 'സന്ദേശം അയയ്ക്കുക' }).click()
  await expect(page.getByRole('alert').first()).toContainText('അടയാളപ്പെടുത്തിയ ഭാഗങ്ങൾ ശരിയാക്കുക')
  await expect(page.getByText('ശരിയായ ഇമെയിൽ വിലാസം നൽകുക.')).toBeVisible()
  await expect(form.getByLabel('സന്ദേശം')).toHaveValue('ഞായറാഴ്ച ആരാധനയുടെ സമയം അറിയിക്കാമോ?')
  await context.close()
})

test('The language switch leads to the same page with its query, remembers the choice, and the suggestion shows only to a browser that prefers the other language', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'ml-IN' })
  const page = await context.newPage()
  await acceptCookiesUpFront(page)
  await page.goto('/gallery?category=youth')
  // A browser that prefers Malayalam is offered it in one line, written in Malayalam.
  const suggestion = page.locator('[data-language-suggestion="ml"]')
  await expect(suggestion).toBeVisible()
  await expect(suggestion).toHaveAttribute('lang', 'ml')
  await suggestion.getByRole('link').click()
  await expect(page).toHaveURL(/\/ml\/gallery\?category=youth$/)
  expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('ml')
  // Back in English by the switch: the choice is English now, and nothing is suggested any more.
  await page.getByRole('contentinfo').getByRole('link', { name: 'English' }).click()
  await expect(page).toHaveURL(/\/gallery\?category=youth$/)
  expect((await context.cookies()).find((cookie) => cookie.name === 'lang')?.value).toBe('en')
  await page.goto('/')
  await expect(page.locator('[data-language-suggestion="ml"]')).toBeHidden()
  await context.close()

  // An English browser is never offered Malayalam (and never redirected).
  const english = await browser.newContext({ baseURL, locale: 'en-IE' })
  const englishPage = await english.newPage()
  const answer = await englishPage.goto('/')
  expect(answer?.status()).toBe(200)
  await expect(englishPage.locator('[data-language-suggestion="ml"]')).toBeHidden()
  await english.close()
})

test('The Malayalam font is one request of at most 60 KB on a Malayalam page and none on an English one', async ({
  page,
}) => {
  await acceptCookiesUpFront(page)
  const fonts: Array<{ url: string; bytes: number }> = []
  page.on('requestfinished', async (request) => {
    if (!MALAYALAM_FONT.test(request.url())) return
    const response = await request.response()
    fonts.push({ url: request.url(), bytes: (await response?.body())?.length ?? 0 })
  })
  await page.goto('/')
  await page.evaluate(() => document.fonts.ready)
  expect(fonts, 'Malayalam font on an English page').toEqual([])
  await page.goto('/ml')
  await page.evaluate(() => document.fonts.ready)
  await expect.poll(() => fonts.length).toBe(1)
  expect(fonts[0]!.bytes).toBeLessThanOrEqual(60 * 1024)
})

/** Chillu with virama and ra, a long conjunct, and the ക്ഷ ligature: what a tight line-height clips first. */
const TEST_STRING = 'അവൻ്റെ വചനത്തിൻ്റെ പ്രാധാന്യം ക്ഷമയോടെ'

test('Malayalam is set without clipping (line-height 1.8 and the Noto font) in every theme, light and dark', async ({
  page,
}, testInfo) => {
  await acceptCookiesUpFront(page)
  await page.goto('/ml/about')
  for (const theme of ['blue', 'green', 'purple']) {
    for (const dark of [false, true]) {
      await page.evaluate(
        ([name, isDark]) => {
          localStorage.setItem('theme', name)
          localStorage.setItem('darkMode', isDark)
        },
        [theme, String(dark)],
      )
      await page.reload()
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      // The test string in the page's own heading and body styles, inside the page's main content.
      const sample = await page.evaluate((text) => {
        const box = document.createElement('section')
        box.id = 'malayalam-sample'
        box.style.cssText = 'max-width: 48rem; margin: 0 auto; padding: 2rem 1rem'
        // (Class names as the page has them: a build shortens them, decision 0030.)
        const heading = document.querySelector('main h2')!.getAttribute('class') ?? ''
        const paragraph = document.querySelector('main p')!.getAttribute('class') ?? ''
        box.innerHTML = `<h2 class="${heading}">${text}</h2><p class="${paragraph}">${text}</p>`
        document.querySelector('main')!.prepend(box)
        return [...box.children].map((element) => {
          const style = getComputedStyle(element)
          return {
            fontSize: parseFloat(style.fontSize),
            lineHeight: parseFloat(style.lineHeight),
            height: element.getBoundingClientRect().height,
            overflow: style.overflow,
          }
        })
      }, TEST_STRING)
      await page.evaluate(() => document.fonts.ready)
      expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Malayalam"', 'ക്ഷ'))).toBe(true)
      for (const element of sample) {
        expect(element.lineHeight / element.fontSize).toBeGreaterThanOrEqual(1.79)
        expect(element.height).toBeGreaterThanOrEqual(element.lineHeight - 0.5)
        expect(element.overflow).toBe('visible')
      }
      const shot = await page.locator('#malayalam-sample').screenshot()
      const file = testInfo.outputPath(`malayalam-${theme}-${dark ? 'dark' : 'light'}.png`)
      fs.mkdirSync(path.dirname(file), { recursive: true })
      fs.writeFileSync(file, shot)
    }
  }
})

test('On a 360 px phone no page scrolls sideways in either language, and the floating buttons never overlap', async ({
  page,
}) => {
  test.slow()
  await acceptCookiesUpFront(page)
  await page.setViewportSize({ width: 360, height: 740 })
  // Every page of the registry, and each event's and sermon's page: their longest words are Malayalam's, in
  // buttons ("find it on the map"), headings (a sermon's title) and the floating WhatsApp link.
  const paths = PUBLIC_PAGES.map(({ path }) => path)
  for (const list of ['/events', '/sermons']) {
    await page.goto(`/ml${list}`)
    const links = await page
      .locator(`main a[href^="/ml${list}/"]`)
      .evaluateAll((anchors) => anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname))
    paths.push(
      ...new Set(links.map((link) => link.replace(/^\/ml/, '')).filter((link) => !link.includes('/series/'))),
    )
  }
  const wide: string[] = []
  for (const path of paths) {
    for (const address of [path, path === '/' ? '/ml' : `/ml${path}`]) {
      await page.goto(address)
      await page.evaluate(() => document.fonts.ready)
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      if (width > 360) wide.push(`${address}: ${width} px`)
    }
  }
  expect(wide, 'pages wider than the phone').toEqual([])
  // At the page's end, where they show.
  await page.evaluate(() => scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }))
  await expect(page.getByRole('link', { name: 'വാട്ട്‌സ്ആപ്പ്' })).toBeVisible()
  const whatsapp = await page.getByRole('link', { name: 'വാട്ട്‌സ്ആപ്പ്' }).boundingBox()
  const picker = await page.getByRole('complementary', { name: 'നിറങ്ങളുടെ തീം' }).boundingBox()
  expect(whatsapp!.x + whatsapp!.width, 'the WhatsApp link ends before the theme picker').toBeLessThan(
    picker!.x,
  )
})
