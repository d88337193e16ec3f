import ICAL from 'ical.js'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'

import { databases, useServer } from './support.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'

// Issue 28, "found in both": search engines reach each page in each language from the sitemap, and each page names
// the others; the calendar and the share pictures come in the page's language too. On the demo congregation,
// which speaks English and Malayalam.
const PUBLIC_URL = 'https://church.example'
const MALAYALAM = /[\u0D00-\u0D7F]/

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" }
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_m, name: string) => ENTITIES[name])

/** A tag's attributes, names in lower case (React writes `hrefLang`, HTML reads it either way). */
function attributes(tag: string) {
  return Object.fromEntries(
    [...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name.toLowerCase(), decode(value)]),
  )
}

/** What a crawler reads of a page: its language, canonical address, alternates, switch links and structured data. */
function readPage(html: string) {
  const head = html.slice(0, html.indexOf('</head>'))
  const links = [...head.matchAll(/<link\b[^>]*>/g)].map(([tag]) => attributes(tag))
  const metas = [...head.matchAll(/<meta\b[^>]*>/g)].map(([tag]) => attributes(tag))
  return {
    lang: attributes(/<html\b[^>]*>/.exec(html)![0]).lang,
    canonical: links.filter((link) => link.rel === 'canonical').map((link) => link.href),
    alternates: links
      .filter((link) => link.rel === 'alternate' && link.hreflang)
      .map((link) => `${link.hreflang} ${link.href}`)
      .sort(),
    ogImage: metas.find((meta) => meta.property === 'og:image')?.content,
    switches: [...html.matchAll(/<a\b[^>]*\bhrefLang="[^"]*"[^>]*>/g)].map(([tag]) => attributes(tag)),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      ([, json]) => JSON.parse(json) as Record<string, unknown>,
    ),
  }
}

/** The sitemap's entries: each address with its alternates (`hreflang href`, sorted). */
function readSitemap(xml: string) {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, url]) => ({
    loc: decode(/<loc>([^<]+)<\/loc>/.exec(url)![1]),
    alternates: [...url.matchAll(/<xhtml:link\b[^>]*\/>/g)]
      .map(([tag]) => attributes(tag))
      .map((link) => {
        expect(link.rel).toBe('alternate')
        return `${link.hreflang} ${link.href}`
      })
      .sort(),
  }))
}

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database, { seed: true, env: { PUBLIC_URL } })
  /** A page of the site's address on the test server (the site's address is the configured one, not ours). */
  const local = (address: string) => {
    const url = new URL(address, PUBLIC_URL)
    expect(url.origin).toBe(PUBLIC_URL)
    return `${url.pathname}${url.search}`
  }

  test('a crawl of the sitemap finds every page in both languages, each naming all of them, in its own language, with a switch to the same page', async () => {
    const sitemap = await ctx.anonymous.get('/sitemap.xml')
    expect(sitemap.status).toBe(200)
    expect(sitemap.text).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    )
    const entries = readSitemap(sitemap.text)
    const english = entries.filter((entry) => !local(entry.loc).match(/^\/ml(\/|$)/))
    const malayalam = entries.filter((entry) => local(entry.loc).match(/^\/ml(\/|$)/))
    // Each page once in each language: event, sermon and series pages as well as the site's own.
    expect(malayalam.length).toBe(english.length)
    expect(english.length).toBeGreaterThan(15)
    expect(new Set(entries.map((entry) => entry.loc)).size).toBe(entries.length)
    for (const path of ['/', '/events', '/sermons', '/contact'])
      expect(english.map((entry) => local(entry.loc))).toContain(path)

    const pages = new Map<string, ReturnType<typeof readPage>>()
    for (const entry of entries) {
      const path = local(entry.loc)
      const language = path.startsWith('/ml') ? 'ml' : 'en'
      const mainPath = language === 'ml' ? path.slice('/ml'.length) || '/' : path
      // Every language and x-default (the main language's address), itself among them.
      expect(entry.alternates, path).toEqual(
        [
          `en ${PUBLIC_URL}${mainPath}`,
          `ml ${PUBLIC_URL}${mainPath === '/' ? '/ml' : `/ml${mainPath}`}`,
          `x-default ${PUBLIC_URL}${mainPath}`,
        ].sort(),
      )
      expect(entry.alternates, path).toContain(`${language} ${entry.loc}`)

      const answer = await ctx.anonymous.get(path)
      expect(answer.status, path).toBe(200)
      const page = readPage(answer.text)
      pages.set(entry.loc, page)
      expect(page.lang, path).toBe(language === 'ml' ? 'ml' : 'en-IE')
      expect(page.canonical, path).toEqual([entry.loc])
      // The page names the same alternates as the sitemap does.
      expect(page.alternates, path).toEqual(entry.alternates)

      // The switch (header and footer) leads to this very page in the other language.
      const other = language === 'ml' ? 'en' : 'ml'
      expect(page.switches.length, path).toBeGreaterThan(0)
      for (const link of page.switches) {
        expect(link.hreflang, path).toBe(other)
        expect(`${other} ${new URL(link.href, PUBLIC_URL).href}`, path).toBe(
          entry.alternates.find((alternate) => alternate.startsWith(`${other} `)),
        )
      }

      // Its share picture in its language, at an address naming it.
      expect(page.ogImage, path).toMatch(
        new RegExp(`^${PUBLIC_URL}/og/${language === 'ml' ? 'ml/' : ''}[\\w/-]+\\.jpg\\?v=\\w+$`),
      )

      // Structured data, where a page has it, says the page's language and gives its addresses.
      if (page.jsonLd.length > 0) {
        const described = page.jsonLd.filter((block) => block['@type'] !== 'Church')
        expect(described.length, path).toBeGreaterThan(0)
        for (const block of described) {
          expect(block.inLanguage, `${path} ${String(block['@type'])}`).toBe(page.lang)
          expect(local(block.url as string).startsWith('/ml'), path).toBe(language === 'ml')
        }
      }
    }
    // Reciprocal: each page's alternates are pages of the crawl, naming the very same set.
    for (const [loc, page] of pages) {
      for (const alternate of page.alternates) {
        const href = alternate.split(' ')[1]
        expect(pages.get(href)?.alternates, `${loc} → ${href}`).toEqual(page.alternates)
      }
    }

    // The switch keeps the query string: the gallery's tab stays chosen.
    for (const [path, other] of [
      ['/gallery?category=youth', '/ml/gallery?category=youth'],
      ['/ml/gallery?category=youth', '/gallery?category=youth'],
    ]) {
      const { switches } = readPage((await ctx.anonymous.get(path)).text)
      expect(switches.map((link) => link.href)).toContain(other)
    }
  })

  test('the podcast feeds are named in the page’s language in its head', async () => {
    const archive = (await ctx.anonymous.get('/ml/sermons')).text
    expect(archive).toMatch(
      /<link rel="alternate" type="application\/rss\+xml" title="പ്രസംഗങ്ങൾ \(പോഡ്‌കാസ്റ്റ്\)"/,
    )
    const seriesPath = /href="(\/ml\/sermons\/series\/[^"]+)"/.exec(archive)![1]
    const series = (await ctx.anonymous.get(seriesPath)).text
    expect(series).toMatch(/type="application\/rss\+xml" title="[^"]+ \(പോഡ്‌കാസ്റ്റ്\)"/)
    expect((await ctx.anonymous.get('/sermons')).text).toContain('title="Sermons (podcast)"')
  })

  test('structured data on /ml pages is in Malayalam where translated: the events’ names and places', async () => {
    const events: Array<{ id: string; title: string; location: string | null; translations: object }> = (
      await ctx.anonymous.get('/api/events?lang=ml')
    ).body
    const page = readPage((await ctx.anonymous.get('/ml/events')).text)
    const blocks = page.jsonLd.filter((block) => block['@type'] === 'Event')
    expect(blocks.length).toBeGreaterThan(0)
    for (const block of blocks) {
      const id = /\/ml\/events\/([\w-]+)$/.exec(block.url as string)![1]
      const event = events.find((item) => item.id === id)!
      expect(block.name).toBe(event.title)
      expect(block.inLanguage).toBe('ml')
    }
    expect(blocks.some((block) => MALAYALAM.test(block.name as string))).toBe(true)
    // Home, about and contact: the Church at the Malayalam home, the page saying its language.
    for (const path of ['/ml', '/ml/about', '/ml/contact']) {
      const { jsonLd } = readPage((await ctx.anonymous.get(path)).text)
      expect(
        jsonLd.map((block) => block['@type']),
        path,
      ).toEqual(['Church', path === '/ml' ? 'WebPage' : path === '/ml/about' ? 'AboutPage' : 'ContactPage'])
      expect(jsonLd[0]).toMatchObject({ '@id': `${PUBLIC_URL}/ml#church`, url: `${PUBLIC_URL}/ml` })
      expect(jsonLd[1]).toMatchObject({
        url: `${PUBLIC_URL}${path}`,
        inLanguage: 'ml',
        about: { '@id': `${PUBLIC_URL}/ml#church` },
      })
    }
  })

  test('/ml/calendar.ics has the events in Malayalam field by field, the main language where untranslated; the English feed as before', async () => {
    const read = async (path: string) => {
      const answer = await ctx.anonymous.get(path)
      expect(answer.status, path).toBe(200)
      expect(answer.headers.get('content-type'), path).toBe('text/calendar; charset=utf-8')
      const calendar = new ICAL.Component(ICAL.parse(answer.text))
      return {
        calendar,
        events: calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component)),
      }
    }
    const english = await read('/calendar.ics')
    const malayalam = await read('/ml/calendar.ics')
    const inEnglish = (await ctx.anonymous.get('/api/events')).body as Array<Record<string, string | null>>
    const inMalayalam = (await ctx.anonymous.get('/api/events?lang=ml')).body as Array<
      Record<string, string | null>
    >
    expect(malayalam.events.map((event) => event.uid)).toEqual(english.events.map((event) => event.uid))
    expect(malayalam.events.length).toBeGreaterThan(0)
    const textOf = (text: string | null) => (text === null ? null : text.replace(/\s+/g, ' ').trim())
    for (const [index, event] of malayalam.events.entries()) {
      const id = event.uid.split('@')[0]
      const stored = inEnglish.find((item) => item.id === id)!
      const shown = inMalayalam.find((item) => item.id === id)!
      expect(event.summary).toBe(shown.title)
      expect(event.location ?? null).toBe(shown.location)
      expect(textOf(event.description ?? null)).toBe(
        shown.description ? textOf(htmlToText(shown.description)) : null,
      )
      expect(event.component.getFirstPropertyValue('url')).toBe(`${PUBLIC_URL}/ml/events/${id}`)
      // The English feed: the English words, the English pages.
      const before = english.events[index]
      expect(before.summary).toBe(stored.title)
      expect(before.location ?? null).toBe(stored.location)
      expect(before.component.getFirstPropertyValue('url')).toBe(`${PUBLIC_URL}/events/${id}`)
      expect(before.startDate.toString()).toBe(event.startDate.toString())
    }
    // The demo translates its events' titles, places and descriptions: the Malayalam feed has them in Malayalam
    // (the loop above holds for a field left in English too), the English feed none.
    expect(malayalam.events.some((event) => MALAYALAM.test(event.summary))).toBe(true)
    expect(english.events.some((event) => MALAYALAM.test(event.summary + (event.location ?? '')))).toBe(false)
    expect(malayalam.calendar.getFirstPropertyValue('url')).toBe(`${PUBLIC_URL}/ml/calendar.ics`)
    expect(english.calendar.getFirstPropertyValue('url')).toBe(`${PUBLIC_URL}/calendar.ics`)

    // One event's file, from its /ml page's "Add to calendar".
    const translated = inMalayalam.find((item) => item.starts_at && MALAYALAM.test(item.title ?? ''))!
    const eventPage = (await ctx.anonymous.get(`/ml/events/${translated.id}`)).text
    expect(eventPage).toContain(`href="/ml/events/${translated.id}/calendar.ics"`)
    const file = await read(`/ml/events/${translated.id}/calendar.ics`)
    expect(file.events.map((event) => event.summary)).toEqual([translated.title])
    // The events page offers the feed in its language.
    expect((await ctx.anonymous.get('/ml/events')).text).toContain(`webcal://church.example/ml/calendar.ics`)
    for (const path of ['/ta/calendar.ics', '/en/calendar.ics', `/xx/events/${translated.id}/calendar.ics`])
      expect((await ctx.anonymous.get(path)).status, path).toBe(404)
    // The feed is kept in the page cache like the English one; a download and the contact page (its signed
    // time) are made for each request in every language.
    await ctx.anonymous.get('/ml/calendar.ics')
    expect((await ctx.anonymous.get('/ml/calendar.ics')).headers.get('x-cache')).toBe('HIT')
    for (const path of [`/ml/events/${translated.id}/calendar.ics`, '/ml/contact', '/contact']) {
      await ctx.anonymous.get(path)
      expect((await ctx.anonymous.get(path)).headers.get('x-cache'), path).toBeNull()
    }
  })

  test('the share picture of a /ml page is drawn in Malayalam, kept apart from the English one', async () => {
    const translated = (
      (await ctx.anonymous.get('/api/events?lang=ml')).body as Array<{ id: string; title: string }>
    ).find((event) => MALAYALAM.test(event.title))!
    const pictures: Buffer[] = []
    for (const path of [`/events/${translated.id}`, `/ml/events/${translated.id}`]) {
      const address = readPage((await ctx.anonymous.get(path)).text).ogImage!
      const answer = await fetch(new URL(local(address), ctx.server.url))
      expect(answer.status, path).toBe(200)
      // Under the address its page gives: kept a year (the page's fingerprint is the picture's).
      expect(answer.headers.get('cache-control'), path).toBe('public, max-age=31536000, immutable')
      const bytes = Buffer.from(await answer.arrayBuffer())
      const { format, width, height } = await sharp(bytes).metadata()
      expect({ format, width, height }, path).toEqual({ format: 'jpeg', width: 1200, height: 630 })
      pictures.push(bytes)
    }
    expect(pictures[0].equals(pictures[1])).toBe(false)
    for (const path of [
      '/og/ta/events.jpg',
      '/og/en/events.jpg',
      '/og/ml/nothing.jpg',
      '/og/ml/events/x.jpg',
    ])
      expect((await ctx.anonymous.get(path)).status, path).toBe(404)
  })
})
