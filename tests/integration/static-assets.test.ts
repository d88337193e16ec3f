import { describe, expect, test } from 'vitest'

import { makeEvent } from '../factories.ts'
import { databases, useServer } from './support.ts'
import { PROBLEM_CLASSES } from '#app/islands/behaviours/contact-form.ts'
import { TOAST_CLASSES } from '#app/islands/behaviours/toast.ts'

describe('built assets', () => {
  const ctx = useServer(databases[0])

  /** The largest script the admin's sign-in page loads (the build leaves files under 1 KB uncompressed). */
  async function largestScript() {
    const page = await ctx.anonymous.get('/admin/login')
    const urls = [...page.text.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1])
    expect(urls.length, 'the sign-in page loads built scripts').toBeGreaterThan(0)
    const sizes = await Promise.all(
      urls.map(async (url) => {
        const response = await fetch(new URL(url, ctx.server.url), {
          headers: { 'accept-encoding': 'identity' },
        })
        return { url, size: (await response.arrayBuffer()).byteLength }
      }),
    )
    return sizes.sort((a, b) => b.size - a.size)[0].url
  }

  test('scripts are sent precompressed, as the browser accepts, and cached for a year', async () => {
    const url = new URL(await largestScript(), ctx.server.url)
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } })
    expect(plain.status).toBe(200)
    expect(plain.headers.get('content-encoding')).toBeNull()
    const source = await plain.text()
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ]) {
      const response = await fetch(url, { headers: { 'accept-encoding': accept } })
      expect(response.status, accept).toBe(200)
      expect(response.headers.get('content-encoding'), accept).toBe(encoding)
      expect(response.headers.get('content-type'), accept).toMatch(/^text\/javascript/)
      expect(response.headers.get('cache-control'), accept).toContain('immutable')
      expect(response.headers.get('vary'), accept).toMatch(/accept-encoding/i)
      // fetch decodes the body: the same script whatever the encoding.
      expect(await response.text(), accept).toBe(source)
    }
  })

  test('a missing asset is a short 404, and public files are still served', async () => {
    const missing = await fetch(new URL('/assets/no-such-file.js', ctx.server.url))
    expect(missing.status).toBe(404)
    expect((await missing.text()).length, 'not a rendered page').toBeLessThan(1_000)
    const favicon = await fetch(new URL('/favicon.ico', ctx.server.url))
    expect(favicon.status).toBe(200)
    expect(favicon.headers.get('content-type')).toMatch(/icon/)
  })

  test('public pages carry the public stylesheet, which styles every class they use; the admin gets the whole one', async () => {
    const event = (await ctx.admin.post('/api/events', makeEvent({ title: 'Stylesheet Sunday' }))).body as {
      id: string
    }
    const pages = [
      '/',
      '/about',
      '/services',
      '/events',
      `/events/${event.id}`,
      '/ministries',
      '/gallery',
      '/contact',
      '/privacy-policy',
      '/no-such-page',
    ]
    const selectors = new Set<string>()
    const used = new Map<string, string>()
    for (const path of pages) {
      const html = (await ctx.anonymous.get(path)).text
      expect(html, path).not.toMatch(/<link[^>]+rel="stylesheet"/)
      for (const [, css] of html.matchAll(/<style>([\s\S]*?)<\/style>/g)) {
        for (const [, name] of css.matchAll(/\.((?:\\.|[\w-])+)/g)) selectors.add(name.replaceAll('\\', ''))
      }
      for (const [, names] of html.matchAll(/\bclass="([^"]*)"/g)) {
        for (const name of names.split(/\s+/)) if (name) used.set(name.replaceAll('&amp;', '&'), path)
      }
    }
    // Class names that are hooks, not styles: lucide's icon names and the theme picker's buttons.
    const unstyled = [...used].filter(
      ([name]) => !selectors.has(name) && !/^lucide\b|^theme-swatch$/.test(name),
    )
    expect(
      unstyled,
      'classes the public stylesheet lacks (add their folder to app/styles/public.css)',
    ).toEqual([])

    const admin = (await ctx.admin.get('/admin/dashboard')).text
    const [publicCss] = (await ctx.anonymous.get('/about')).text.match(/<style>[\s\S]*?<\/style>/) ?? ['']
    const adminCss = [...admin.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map(
      (match) => match[1],
    )
    expect(adminCss.length).toBeGreaterThan(0)
    const adminSizes = await Promise.all(
      adminCss.map(async (href) => (await (await fetch(new URL(href, ctx.server.url))).text()).length),
    )
    expect(Math.max(...adminSizes), 'the admin stylesheet is the whole one').toBeGreaterThan(publicCss.length)
  })

  test('the classes the public behaviours write (toasts, the contact form’s red box) are in the public stylesheet', async () => {
    const [, css] = (await ctx.anonymous.get('/contact')).text.match(/<style>([\s\S]*?)<\/style>/) ?? ['', '']
    const selectors = new Set(
      [...css.matchAll(/\.((?:\\.|[\w-])+)/g)].map(([, name]) => name.replaceAll('\\', '')),
    )
    const written = [...Object.values(TOAST_CLASSES), PROBLEM_CLASSES].flatMap((classes) =>
      classes.split(' '),
    )
    expect(
      written.filter((name) => !selectors.has(name)),
      'classes the public stylesheet lacks (app/styles/public.css must read app/islands)',
    ).toEqual([])
  })
})
