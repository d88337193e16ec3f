import crypto from 'node:crypto'

import { describe, expect, test } from 'vitest'

import {
  makeChurchInfo,
  makeEvent,
  makeSermon,
  makeSermonSeries,
  makeService,
  makeSpeaker,
} from '../factories.ts'
import { apiError, databases, runSql, useServer } from './support.ts'

/** The events page's route id, as a `.data` request's `_routes` names it. */
const EVENTS_ROUTE = 'content/events/events-page'
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi

/** Fails unless every inline script of `html` is allowed by the script-src of `csp` (by nonce or by hash). */
function expectInlineScriptsAllowed(html: string, csp: string) {
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? ''
  const scripts = [...html.matchAll(INLINE_SCRIPT)]
  expect(scripts.length).toBeGreaterThan(0)
  for (const [, attributes, source] of scripts) {
    // Structured data is a data block, never run: CSP does not govern it (the page cache hashes it all the same).
    if (attributes.includes('type="application/ld+json"')) continue
    const nonce = /\bnonce="([^"]+)"/.exec(attributes)?.[1]
    const hash = `'sha256-${crypto.createHash('sha256').update(source, 'utf8').digest('base64')}'`
    const allowed =
      (nonce !== undefined && scriptSrc.includes(`'nonce-${nonce}'`)) || scriptSrc.includes(hash)
    expect(allowed, `inline script ${source.slice(0, 60)}… is blocked by ${scriptSrc}`).toBe(true)
  }
  expect(scriptSrc).not.toContain("'unsafe-inline'")
}

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database)

  test('a content write shows on the very next page view', async () => {
    await ctx.admin.put('/api/church_info', makeChurchInfo({ name: 'First Name Church' }))
    const first = await ctx.anonymous.get('/')
    expect(first.status).toBe(200)
    expect(first.text).toContain('First Name Church')
    await ctx.anonymous.get('/')

    await ctx.admin.put('/api/church_info', makeChurchInfo({ name: 'Renamed Church' }))
    const renamed = await ctx.anonymous.get('/')
    expect(renamed.text).toContain('Renamed Church')
    expect(renamed.text).not.toContain('First Name Church')

    const service = makeService({ name: 'Midnight Vigil Service', type: 'regular' })
    await ctx.admin.post('/api/services', service)
    expect((await ctx.anonymous.get('/services')).text).toContain('Midnight Vigil Service')
  })

  test('a picture address on another host, kept from before they were refused, never reaches a page', async () => {
    const created = await ctx.admin.post('/api/events', makeEvent({ title: 'Harvest of old pictures' }))
    expect(created.status).toBe(201)
    const id = (created.body as { id: string }).id
    await runSql(ctx, `update events set image_url = 'https://tracker.example/pixel.png' where id = '${id}'`)
    // Not viewed since the event was saved (which emptied the cache): rendered now, from the changed row.
    const page = await ctx.anonymous.get('/events')
    expect(page.headers.get('x-cache')).toBe('MISS')
    expect(page.text).toContain('Harvest of old pictures')
    expect(page.text).not.toMatch(/<(img|link)\b[^>]*tracker\.example/)
    expect(page.text).toMatch(/<img src="\/images\/default-event\.webp"[^>]*alt="Harvest of old pictures"/)
  })

  test('a HEAD first after a change never blanks the cache: the next GET has the whole answer', async () => {
    const paths = [
      '/api/services',
      '/api/church_info',
      '/api/events',
      '/events.data',
      '/about.data',
      '/gallery.data?category=youth',
      '/',
      '/events',
    ]
    for (const path of paths) {
      await ctx.admin.put('/api/church_info', makeChurchInfo({ name: `Head Church ${path}` }))
      const head = await ctx.anonymous.request('HEAD', path)
      expect(head.status, `HEAD ${path}`).toBe(200)
      expect(head.text).toBe('')
      const get = await ctx.anonymous.get(path)
      expect(get.status, `GET ${path}`).toBe(200)
      expect(get.text.length, `GET ${path} after HEAD`).toBeGreaterThan(0)
      // The same encoding both times, so a HEAD announces the length a GET then sends. (The answer that makes an
      // entry is compressed quickly and the entry at its best in the background: between the two the stored bytes
      // may have changed once, so the pair is asked again until they are settled.)
      await expect
        .poll(async () => {
          const [length, sent] = [
            (await ctx.anonymous.request('HEAD', path)).headers.get('content-length'),
            (await ctx.anonymous.get(path)).headers.get('content-length'),
          ]
          return length === sent ? 'same' : `HEAD ${path} announced ${length}, GET sent ${sent}`
        })
        .toBe('same')
      const again = await ctx.anonymous.get(path)
      expect(again.headers.get('x-cache'), `GET ${path} again`).toBe('HIT')
      expect(again.text).toBe(get.text)
    }
  })

  test('a page answers 304 to its own ETag and 200 once the content changed', async () => {
    const page = await ctx.anonymous.get('/')
    const etag = page.headers.get('etag')
    expect(etag).toBeTruthy()
    const again = await ctx.anonymous.get('/', { headers: { 'if-none-match': etag! } })
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
    await ctx.admin.put('/api/church_info', makeChurchInfo({ name: 'Changed Again' }))
    const changed = await ctx.anonymous.get('/', { headers: { 'if-none-match': etag! } })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
  })

  test('every inline script of a page is allowed by its CSP, on the first view and from the cache', async () => {
    await ctx.admin.put('/api/church_info', makeChurchInfo({ name: 'Script Check Church' }))
    for (const path of ['/', '/', '/about', '/about']) {
      const answer = await ctx.anonymous.get(path)
      expect(answer.status, path).toBe(200)
      expectInlineScriptsAllowed(answer.text, answer.headers.get('content-security-policy') ?? '')
    }
  })

  test('a page from the cache carries the same security headers as a rendered one, and no reused nonce', async () => {
    await ctx.admin.put('/api/church_info', makeChurchInfo({ name: 'Header Check Church' }))
    const rendered = await ctx.anonymous.get('/about')
    const cached = await ctx.anonymous.get('/about')
    expect(rendered.headers.get('x-cache')).toBe('MISS')
    expect(cached.headers.get('x-cache')).toBe('HIT')
    const securityHeaders = [
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'content-type',
      'cache-control',
      'etag',
      'vary',
    ]
    for (const name of securityHeaders) {
      expect(cached.headers.get(name), name).toBeTruthy()
      expect(cached.headers.get(name), name).toBe(rendered.headers.get(name))
    }
    expect(cached.headers.get('content-security-policy')).not.toContain("'nonce-")
    expect(cached.text).toBe(rendered.text)
    const head = await fetch(new URL('/about', ctx.server.url), { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('x-cache')).toBe('HIT')
    expect(await head.text()).toBe('')
  })

  test('query parameters no page reads are ignored: the page itself is answered, from the cache', async () => {
    await ctx.admin.put('/api/church_info', makeChurchInfo({ name: 'Query Church' }))
    // The first view, with a parameter, fills the entry the plain address is answered from; nothing of it stays.
    const first = await ctx.anonymous.get('/events?utm_source=secret-campaign&fbclid=AbC123')
    expect(first.status).toBe(200)
    expect(first.headers.get('x-cache')).toBe('MISS')
    expect(first.text).not.toMatch(/secret-campaign|fbclid|AbC123/)
    const plain = await ctx.anonymous.get('/events')
    expect(plain.headers.get('x-cache')).toBe('HIT')
    expect(plain.text).toBe(first.text)
    for (let i = 0; i < 60; i++) {
      const answer = await ctx.anonymous.get(`/events?x=${i}&utm_source=flood-${i}`)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('x-cache')).toBe('HIT')
      expect(answer.text).toBe(plain.text)
    }
    for (const path of ['/_root.data?x=1', '/api/events?x=1']) {
      const answer = await ctx.anonymous.get(path)
      expect(answer.status, path).toBe(200)
      expect(answer.text, path).not.toContain('x=1')
    }

    // React Router's manifest answers by its parameters: its version is read, never dropped by the cache.
    const version = /\/assets\/manifest-(\w+)\.js/.exec((await ctx.anonymous.get('/admin/login')).text)?.[1]
    expect(version).toBeTruthy()
    const manifest = (v: string) => ctx.anonymous.get(`/__manifest?paths=%2Fadmin%2Fstaff&version=${v}`)
    const current = await manifest(version!)
    expect(current.status).toBe(200)
    expect(JSON.stringify(current.body)).toContain('routes/admin/staff')
    expect((await manifest('an-older-build')).status).not.toBe(200)

    // A gallery tab is a page of its own, whatever else the address carries.
    await ctx.anonymous.get('/gallery?category=youth')
    const tab = await ctx.anonymous.get('/gallery?ref=newsletter&category=youth')
    expect(tab.headers.get('x-cache')).toBe('HIT')
    expect(tab.text).not.toContain('newsletter')
    expect(tab.text.match(/<a[^>]*href="\/gallery\?category=youth"[^>]*>/)?.[0]).toContain(
      'aria-current="true"',
    )
    const all = await ctx.anonymous.get('/gallery?ref=newsletter')
    expect(all.text).toMatch(/<a[^>]*href="\/gallery"[^>]*aria-current="true"/)
    expect(all.text).not.toMatch(/<a[^>]*href="\/gallery\?category=youth"[^>]*aria-current="true"/)
  })

  test('200 visitors at once, each with an address of its own, are all answered from the cache', async () => {
    await ctx.anonymous.get('/')
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => ctx.anonymous.get(`/?x=${i}`)))
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
    expect(new Set(answers.map((answer) => answer.headers.get('x-cache')))).toEqual(new Set(['HIT']))
  })

  test('made-up values of the parameters pages read make no entry and no render; known values still work', async () => {
    await ctx.admin.put('/api/church_info', makeChurchInfo({ name: 'Key Church', languages: ['en', 'ml'] }))
    const series = (await ctx.admin.post('/api/sermon_series', makeSermonSeries({ title: 'Keyed Series' })))
      .body
    const speakers: Array<{ id: string }> = []
    for (let i = 0; i < 17; i++) {
      speakers.push((await ctx.admin.post('/api/speakers', makeSpeaker({ name: `Keyed Speaker ${i}` }))).body)
    }
    // 13 sermons: two pages of the archive, one of the series.
    for (let day = 1; day <= 13; day++) {
      const sermon = makeSermon({
        title: `Keyed sermon ${day}`,
        preached_on: `2021-02-${String(day).padStart(2, '0')}`,
        series_id: day <= 2 ? series.id : null,
      })
      expect((await ctx.admin.post('/api/sermons', sermon)).status).toBe(201)
    }
    const plain: Record<string, string> = {}
    for (const path of ['/', '/events.data', '/api/events', '/sermons', '/gallery']) {
      await ctx.anonymous.get(path)
      const answer = await ctx.anonymous.get(path)
      expect(answer.headers.get('x-cache'), path).toBe('HIT')
      plain[path] = answer.text
    }

    // 200 made-up values of each: no render and no entry of their own (X-Cache: HIT, a page's own answer).
    const random = () => crypto.randomBytes(6).toString('hex')
    for (let i = 0; i < 200; i++) {
      const value = random()
      const same: Array<[string, string]> = [
        [`/?lang=${value}`, '/'],
        [`/?_routes=${value}`, '/'],
        [`/?index=${value}`, '/'],
        [`/events.data?_routes=${value}`, '/events.data'],
        [`/events.data?_routes=${value},routes/public/_layout,root,${EVENTS_ROUTE}`, '/events.data'],
        [`/sermons?lang=${value}&index`, '/sermons'],
      ]
      for (const [path, page] of same) {
        const answer = await ctx.anonymous.get(path)
        expect(answer.status, path).toBe(200)
        expect(answer.headers.get('x-cache'), path).toBe('HIT')
        expect(answer.text, path).toBe(plain[page])
      }
      const moved: Array<[string, string]> = [
        [`/sermons?series=${value}`, '/sermons'],
        [`/sermons?speaker=${value}&book=Rom`, '/sermons?book=Rom'],
        [`/sermons?page=${1e6 + i * 1e9}`, '/sermons?page=2'],
        [`/sermons?series=${series.id}&page=${i + 2}`, `/sermons?series=${series.id}`],
        [`/gallery?category=${value}`, '/gallery'],
      ]
      for (const [path, location] of moved) {
        const answer = await ctx.anonymous.get(path)
        expect(answer.status, path).toBe(302)
        expect(answer.headers.get('location'), path).toBe(location)
        expect(answer.headers.get('x-cache'), path).toBe('HIT')
      }
      const api = await ctx.anonymous.get(`/api/events?lang=${value}`)
      expect(api.status).toBe(400)
      expect(api.body).toEqual(apiError({ lang: "lang must be one of the site's languages (en, ml)" }))
      expect(api.headers.get('x-cache')).toBe('HIT')
    }
    // None of them pushed a page out.
    for (const path of Object.keys(plain)) {
      expect((await ctx.anonymous.get(path)).headers.get('x-cache'), path).toBe('HIT')
    }

    // Known values are pages of their own, made once; an empty filter (the form's "All") is none.
    const bySeries = await ctx.anonymous.get(`/sermons?series=${series.id}`)
    expect(bySeries.status).toBe(200)
    expect(bySeries.text.match(/Keyed sermon \d+/g)).toEqual(['Keyed sermon 2', 'Keyed sermon 1'])
    const second = await ctx.anonymous.get('/sermons?page=2&utm_source=x')
    expect(second.text).toMatch(/Page 2 of 2/)
    expect(second.text).toContain('Keyed sermon 1')
    expect((await ctx.anonymous.get('/sermons?page=02')).headers.get('x-cache')).toBe('HIT')
    const all = await ctx.anonymous.get('/sermons?series=&speaker=&book=')
    expect(all.headers.get('x-cache')).toBe('HIT')
    expect(all.text).toBe(plain['/sermons'])
    expect((await ctx.anonymous.get('/api/events?lang=EN')).text).toBe(plain['/api/events'])
    const malayalam = await ctx.anonymous.get('/api/events?lang=ml')
    expect(malayalam.status).toBe(200)
    expect((await ctx.anonymous.get('/api/events?lang=ML')).headers.get('x-cache')).toBe('HIT')
    const routes = await ctx.anonymous.get('/events.data?_routes=routes/public/_layout')
    expect(routes.status).toBe(200)
    expect(routes.text).not.toBe(plain['/events.data'])

    // One page keeps at most 16 addresses with a query: the least recently used makes room.
    const bySpeaker = (i: number) => ctx.anonymous.get(`/sermons?speaker=${speakers[i].id}`)
    for (let i = 0; i < 16; i++) await bySpeaker(i)
    expect((await bySpeaker(0)).headers.get('x-cache')).toBe('HIT')
    expect((await bySpeaker(16)).headers.get('x-cache')).toBe('MISS')
    expect((await bySpeaker(0)).headers.get('x-cache')).toBe('HIT')
    expect((await bySpeaker(1)).headers.get('x-cache')).toBe('MISS')
    expect((await ctx.anonymous.get('/sermons')).headers.get('x-cache')).toBe('HIT')
  })

  test('pages are sent compressed to browsers that accept it', async () => {
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(new URL('/', ctx.server.url), { headers: { 'accept-encoding': encoding } })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-encoding'), encoding).toBe(encoding)
      expect(await response.text()).toContain('</html>')
    }
  })

  test('an unknown page is 404, and a signed-in view of a public page sets no cookie', async () => {
    const missing = await ctx.anonymous.get('/no-such-page')
    expect(missing.status).toBe(404)
    const signedIn = await ctx.admin.get('/')
    expect(signedIn.status).toBe(200)
    expect(signedIn.headers.getSetCookie()).toEqual([])
  })
})
