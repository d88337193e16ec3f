import http from 'node:http'

import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'

import { makeChurchInfo, makeService } from '../factories.ts'
import { databases, useServer } from './support.ts'
import { SITE_PAGES } from '#app/content/registry.ts'

const PUBLIC_URL = 'https://church.example'
// Pages there only at times (the live page while a service is streamed) are tested on their own (live.test.ts).
const PAGES = Object.values(SITE_PAGES)
  .filter((page) => !page.when)
  .map((page) => page.path)

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" }
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_m, name: string) => ENTITIES[name])

/** The tags of a page's <head> that search engines and share previews read, as a scraper sees them. */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'))
  const attributes = (tag: string) =>
    Object.fromEntries(
      [...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name, decode(value)]),
    )
  const metas = [...head.matchAll(/<meta\b[^>]*>/g)].map(([tag]) => attributes(tag))
  const meta = (key: string) =>
    metas.filter((tag) => tag.property === key || tag.name === key).map((tag) => tag.content)
  const links = [...head.matchAll(/<link\b[^>]*>/g)].map(([tag]) => attributes(tag))
  return {
    titles: [...html.matchAll(/<title>([^<]*)<\/title>/g)].map(([, title]) => decode(title)),
    meta,
    one: (key: string) => {
      const values = meta(key)
      expect(values, key).toHaveLength(1)
      return values[0]
    },
    canonical: links.filter((link) => link.rel === 'canonical').map((link) => link.href),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      ([, json]) => JSON.parse(json) as Record<string, unknown>,
    ),
  }
}

const FULL_INFO = makeChurchInfo({
  name: 'Grace Church Cork',
  subtitle: 'A Pentecostal congregation',
  tagline: 'Sharing hope in Cork.',
  address: '1 Church Street, Cork T12 AB34, Ireland',
  phone: '021 432 0199',
  whatsapp_number: '087 123 4567',
  facebook_url: 'https://www.facebook.com/gracecork',
  youtube_url: 'https://www.youtube.com/@gracecork',
})

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database, { env: { PUBLIC_URL } })
  beforeAll(async () => {
    expect((await ctx.admin.put('/api/church_info', FULL_INFO)).status).toBe(200)
  })

  test('every public page has its own title and description, a canonical address and share tags with absolute addresses', async () => {
    const titles = new Set<string>()
    const descriptions = new Set<string>()
    for (const path of PAGES) {
      const page = await ctx.anonymous.get(path)
      expect(page.status, path).toBe(200)
      const head = headOf(page.text)
      expect(head.titles, path).toHaveLength(1)
      titles.add(head.titles[0])
      descriptions.add(head.one('description'))
      expect(head.canonical, path).toEqual([`${PUBLIC_URL}${path}`])
      expect(head.one('og:url'), path).toBe(`${PUBLIC_URL}${path}`)
      expect(head.one('og:type'), path).toBe('website')
      expect(head.one('og:locale'), path).toBe('en_IE')
      expect(head.one('og:site_name'), path).toBe('Grace Church Cork')
      expect(head.one('og:title'), path).toBeTruthy()
      expect(head.one('og:description'), path).toBe(head.one('description'))
      expect(head.one('og:image'), path).toMatch(new RegExp(`^${PUBLIC_URL}/og/[\\w-]+\\.jpg\\?v=\\w+$`))
      expect(head.one('og:image:secure_url'), path).toBe(head.one('og:image'))
      expect([head.one('og:image:width'), head.one('og:image:height')], path).toEqual(['1200', '630'])
      expect(head.one('og:image:type'), path).toBe('image/jpeg')
      expect(head.one('og:image:alt'), path).toContain('Grace Church Cork')
      expect(head.one('twitter:card'), path).toBe('summary_large_image')
      expect(head.one('twitter:image'), path).toBe(head.one('og:image'))
      expect(head.one('twitter:title'), path).toBe(head.titles[0])
      expect(head.meta('robots'), path).toEqual([])
    }
    expect(titles.size).toBe(PAGES.length)
    expect(descriptions.size).toBe(PAGES.length)
    expect(titles).toContain('Grace Church Cork')
    expect(titles).toContain('Events | Grace Church Cork')
    // A gallery tab is the gallery: one canonical address for all of them.
    const tab = headOf((await ctx.anonymous.get('/gallery?category=youth')).text)
    expect(tab.canonical).toEqual([`${PUBLIC_URL}/gallery`])
  })

  test("a page's share image is a 1200×630 JPEG under 300 KB, kept a year under the address the page gives", async () => {
    for (const path of ['/', '/events', '/contact']) {
      const address = new URL(headOf((await ctx.anonymous.get(path)).text).one('og:image'))
      expect(address.origin).toBe(PUBLIC_URL)
      const image = await fetch(new URL(address.pathname + address.search, ctx.server.url))
      expect(image.status, path).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/jpeg')
      expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
      const bytes = Buffer.from(await image.arrayBuffer())
      expect(bytes.length).toBeLessThan(300 * 1024)
      expect(Number(image.headers.get('content-length'))).toBe(bytes.length)
      const { format, width, height } = await sharp(bytes).metadata()
      expect({ format, width, height }, path).toEqual({ format: 'jpeg', width: 1200, height: 630 })

      const etag = image.headers.get('etag')!
      const again = await fetch(new URL(address.pathname + address.search, ctx.server.url), {
        headers: { 'if-none-match': etag },
      })
      expect(again.status).toBe(304)
      // An old or missing fingerprint still gets the picture, but is checked again every time.
      const stale = await fetch(new URL(`${address.pathname}?v=old`, ctx.server.url))
      expect(stale.status).toBe(200)
      expect(stale.headers.get('cache-control')).toBe('public, no-cache')
    }
    for (const path of ['/og/nothing.jpg', '/og/home.png', '/og/../home.jpg', '/og/events/unknown.jpg']) {
      expect((await ctx.anonymous.get(path)).status, path).toBe(404)
    }
  })

  test('a share image gets a new address and a new picture when the name it shows changes', async () => {
    const before = new URL(headOf((await ctx.anonymous.get('/about')).text).one('og:image'))
    const oldPicture = Buffer.from(
      await (await fetch(new URL(before.pathname, ctx.server.url))).arrayBuffer(),
    )
    await ctx.admin.put('/api/church_info', { ...FULL_INFO, name: 'Grace Church Cork Renamed' })
    const after = new URL(headOf((await ctx.anonymous.get('/about')).text).one('og:image'))
    expect(after.pathname).toBe(before.pathname)
    expect(after.search).not.toBe(before.search)
    const newPicture = Buffer.from(await (await fetch(new URL(after.pathname, ctx.server.url))).arrayBuffer())
    expect(newPicture.equals(oldPicture)).toBe(false)
    await ctx.admin.put('/api/church_info', FULL_INFO)
  })

  test('home, about and contact describe the Church in structured data that parses, with what search engines require', async () => {
    for (const path of PAGES) {
      const blocks = headOf((await ctx.anonymous.get(path)).text).jsonLd
      if (!['/', '/about', '/contact'].includes(path)) {
        expect(blocks, path).toEqual([])
        continue
      }
      // The Church, and the page about it saying which language its words are in (a Place has none).
      expect(
        blocks.map((block) => block['@type']),
        path,
      ).toEqual(['Church', { '/': 'WebPage', '/about': 'AboutPage', '/contact': 'ContactPage' }[path]])
      expect(blocks[1], path).toMatchObject({
        url: `${PUBLIC_URL}${path}`,
        inLanguage: 'en-IE',
        about: { '@id': `${PUBLIC_URL}/#church` },
      })
      const church = blocks[0]
      // LocalBusiness-type rich results require name and address; url, telephone and geo are recommended.
      expect(church, path).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Church',
        '@id': `${PUBLIC_URL}/#church`,
        name: 'Grace Church Cork',
        url: `${PUBLIC_URL}/`,
        telephone: '+353214320199',
        email: 'office@grace.example',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '1 Church Street, Cork T12 AB34',
          addressCountry: 'IE',
        },
        geo: { '@type': 'GeoCoordinates', latitude: 51.8969, longitude: -8.4863 },
        sameAs: ['https://www.facebook.com/gracecork', 'https://www.youtube.com/@gracecork'],
        description: 'A welcoming congregation.',
      })
      expect(church.logo).toBe(`${PUBLIC_URL}/images/default-logo.png`)
      expect(church.image).toMatch(new RegExp(`^${PUBLIC_URL}/og/home\\.jpg\\?v=\\w+$`))
    }
  })

  test('text in the structured data cannot end its script element', async () => {
    const name = 'Grace </script><script>alert(1)</script> & Co'
    await ctx.admin.put('/api/church_info', { ...FULL_INFO, name })
    const html = (await ctx.anonymous.get('/contact')).text
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]
    expect(block).not.toContain('<')
    expect(JSON.parse(block).name).toBe(name)
    expect(html).not.toContain('<script>alert(1)')
    await ctx.admin.put('/api/church_info', FULL_INFO)
  })

  test('admin, sign-in and error pages tell search engines to leave them out', async () => {
    const pages = [
      [ctx.anonymous, '/admin/login'],
      [ctx.admin, '/admin/church-info'],
      [ctx.anonymous, '/no-such-page'],
      [ctx.anonymous, '/events/no-such-event'],
    ] as const
    for (const [client, path] of pages) {
      const page = await client.get(path)
      expect(page.text, path).toContain('</html>')
      const head = headOf(page.text)
      expect(head.meta('robots'), path).toContain('noindex')
      expect(head.canonical, path).toEqual([])
    }
    expect((await ctx.anonymous.get('/no-such-page')).status).toBe(404)
  })

  test('the sitemap lists every public page once, dated by the content it shows', async () => {
    const service = await ctx.admin.post('/api/services', makeService())
    expect(service.status).toBe(201)
    const answer = await ctx.anonymous.get('/sitemap.xml')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(answer.text).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    )
    const entries = [
      ...answer.text.matchAll(/<url>\s*<loc>([^<]+)<\/loc>\s*(?:<lastmod>([^<]+)<\/lastmod>\s*)?<\/url>/g),
    ]
    const lastmod = Object.fromEntries(entries.map(([, loc, date]) => [loc, date]))
    expect(Object.keys(lastmod)).toEqual(PAGES.map((path) => `${PUBLIC_URL}${path}`))
    const info = (await ctx.anonymous.get('/api/church_info')).body as { updated_at: string }
    expect(lastmod[`${PUBLIC_URL}/privacy-policy`]).toBe(info.updated_at)
    const newest = [info.updated_at, service.body.updated_at].sort().at(-1)
    expect(lastmod[`${PUBLIC_URL}/services`]).toBe(newest)
    expect(lastmod[`${PUBLIC_URL}/`]).toBe(newest)
    for (const date of Object.values(lastmod)) expect(new Date(date).toISOString()).toBe(date)
  })

  test('robots.txt keeps crawlers out of the admin area and the API and names the sitemap', async () => {
    const answer = await ctx.anonymous.get('/robots.txt')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(answer.text).toBe(
      `User-agent: *\nDisallow: /admin\nDisallow: /api/\nAllow: /\n\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`,
    )
  })

  test('the web app manifest names the church, its colour and icons drawn in it', async () => {
    const answer = await ctx.anonymous.get('/manifest.webmanifest')
    expect(answer.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8')
    const manifest = JSON.parse(answer.text)
    expect(manifest).toMatchObject({
      name: 'Grace Church Cork',
      start_url: '/',
      display: 'standalone',
      theme_color: '#1f4d7a',
    })
    expect(
      manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`),
    ).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])
    for (const icon of manifest.icons) {
      const image = await fetch(new URL(icon.src, ctx.server.url))
      expect(image.headers.get('content-type')).toBe('image/png')
      expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const { width, height } = await sharp(Buffer.from(await image.arrayBuffer())).metadata()
      expect(`${width}x${height}`).toBe(icon.sizes)
    }
    const home = (await ctx.anonymous.get('/')).text
    expect(home).toContain('<link rel="manifest" href="/manifest.webmanifest"/>')
    expect(home).toMatch(/<link rel="apple-touch-icon" href="\/icons\/apple-touch-icon\.png\?v=\w+"\/>/)
    expect(headOf(home).one('theme-color')).toBe('#1f4d7a')
    expect((await ctx.anonymous.get('/icons/favicon.png')).status).toBe(404)
  })
})

describe('without PUBLIC_URL', () => {
  const ctx = useServer(databases[0])

  test("pages name the host they were asked for, and a made-up Host never reaches another visitor's page", async () => {
    const own = new URL(ctx.server.url).origin
    const first = headOf((await ctx.anonymous.get('/about')).text)
    expect(first.canonical).toEqual([`${own}/about`])
    expect(first.one('og:image')).toMatch(new RegExp(`^${own}/og/about\\.jpg`))

    // fetch() always sends the address's own Host; node:http sends the one given.
    const forged = await new Promise<string>((resolve, reject) => {
      const request = http.get(
        new URL('/about', ctx.server.url),
        { headers: { host: 'evil.example' } },
        (res) => {
          let body = ''
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
          res.on('end', () => resolve(body))
        },
      )
      request.on('error', reject)
    })
    expect(headOf(forged).canonical).toEqual(['http://evil.example/about'])
    // Without TRUST_PROXY a forwarded host is not believed either.
    const forwarded = await ctx.anonymous.get('/about', { headers: { 'x-forwarded-host': 'evil.example' } })
    expect(headOf(forwarded.text).canonical).toEqual([`${own}/about`])

    const again = await ctx.anonymous.get('/about')
    expect(again.headers.get('x-cache')).toBe('HIT')
    expect(headOf(again.text).canonical).toEqual([`${own}/about`])
    expect((await ctx.anonymous.get('/robots.txt')).text).toContain(`Sitemap: ${own}/sitemap.xml`)
    expect((await ctx.anonymous.get('/sitemap.xml')).text).toContain(`<loc>${own}/about</loc>`)
  })
})
