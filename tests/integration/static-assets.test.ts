import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, test } from 'vitest'

import { makeEvent } from '../factories.ts'
import { BUILD_DIR } from '../test-server.ts'
import { databases, useServer } from './support.ts'
import { PROBLEM_CLASSES } from '#app/islands/behaviours/contact-form.ts'
import { TOAST_CLASSES } from '#app/islands/behaviours/toast.ts'
import { SHORT_NAMES_FILE, type ShortNamesFile } from '#app/server/short-names.server.ts'

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

  test('every icon a public page draws is a symbol of the one icon sprite, sent precompressed and cached for a year', async () => {
    const used = new Map<string, Set<string>>()
    for (const path of [
      '/',
      '/services',
      '/events',
      '/ministries',
      '/about',
      '/gallery',
      '/sermons',
      '/contact',
    ]) {
      const html = (await ctx.anonymous.get(path)).text
      expect(html, `${path}: no icon drawn inline`).not.toMatch(/<svg[^>]*class="[^"]*\blucide\b/)
      for (const [, sprite, name] of html.matchAll(/<use href="([^"#]+)#([^"]+)"/g)) {
        if (!used.has(sprite)) used.set(sprite, new Set())
        used.get(sprite)!.add(name)
      }
    }
    expect([...used.keys()], 'one sprite, named by its contents').toEqual([
      expect.stringMatching(/^\/assets\/icons-[\w-]+\.svg$/),
    ])
    const [[href, names]] = [...used]
    expect(names.size, 'icons drawn').toBeGreaterThan(10)
    const response = await fetch(new URL(href, ctx.server.url), { headers: { 'accept-encoding': 'gzip' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('cache-control')).toContain('immutable')
    const sprite = await response.text()
    const symbols = new Set([...sprite.matchAll(/<symbol id="([^"]+)"/g)].map(([, id]) => id))
    expect(
      [...names].filter((name) => !symbols.has(name)),
      'icons the sprite lacks',
    ).toEqual([])
  })

  /** The class names a stylesheet's selectors name. */
  function selectorsOf(css: string) {
    return new Set([...css.matchAll(/\.((?:\\.|[\w-])+)/g)].map(([, name]) => name.replaceAll('\\', '')))
  }

  /** The stylesheet linked after a public page's first band (RestOfStyles), fetched once. */
  const restOfStyles = new Map<string, Set<string>>()
  async function restOf(html: string) {
    const links = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)" data-rest-of-styles="[^"]*"\/>/g)]
    expect(links, 'one link to the rest of the styles').toHaveLength(1)
    const [tag, href] = links[0]
    if (!restOfStyles.has(href))
      restOfStyles.set(href, selectorsOf(await (await fetch(new URL(href, ctx.server.url))).text()))
    return { at: links[0].index, tag, selectors: restOfStyles.get(href)! }
  }

  // Class names that are hooks, not styles: the theme picker's buttons, and Tailwind's
  // `group` (styles hang on it only in what is inside it: `group-hover:…`), by the build's short name.
  const shortNames = JSON.parse(
    readFileSync(join(BUILD_DIR, 'client', SHORT_NAMES_FILE), 'utf8'),
  ) as ShortNamesFile
  const HOOKS = new Set(['theme-swatch', shortNames.classes.group ?? 'group'])

  test('public pages carry the public stylesheet, which styles every class they use; the home only its first screen’s, and the rest after its slides; the admin gets the whole one', async () => {
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
      '/sermons',
      '/contact',
      '/privacy-policy',
      '/no-such-page',
    ]
    const unstyled: string[] = []
    const unstyledFirst: string[] = []
    for (const path of pages) {
      const html = (await ctx.anonymous.get(path)).text
      const head = html.slice(0, html.indexOf('<body'))
      expect(head, path).not.toMatch(/<link[^>]+rel="stylesheet"/)
      const inline = selectorsOf(
        [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, css]) => css).join(''),
      )
      // The home: its first band (the slides, or their stand-in) is drawn with the head's styles alone. (An
      // address the home's route takes but no page answers, `/no-such-page`, gets the rest at the top of its main.)
      const rest = /<link[^>]+data-rest-of-styles=/.test(html) ? await restOf(html) : null
      if (path === '/')
        expect(html.indexOf('<section', html.indexOf('<main')), 'its first band first').toBeLessThan(rest!.at)
      if (!rest) expect(html, path).not.toMatch(/<link[^>]+rel="stylesheet"/)
      for (const match of html.matchAll(/\bclass="([^"]*)"/g)) {
        for (const name of match[1].split(/\s+/).map((each) => each.replaceAll('&amp;', '&'))) {
          if (!name || HOOKS.has(name)) continue
          if (!inline.has(name) && !rest?.selectors.has(name)) unstyled.push(`${path}: ${name}`)
          if (rest && match.index < rest.at && !inline.has(name)) unstyledFirst.push(`${path}: ${name}`)
        }
      }
    }
    expect(
      unstyled,
      'classes the public stylesheet lacks (add their folder to app/styles/public.css)',
    ).toEqual([])
    expect(
      unstyledFirst,
      'classes before the rest of the styles that the first screen’s lack (add their file to app/styles/public-first.css)',
    ).toEqual([])

    const admin = (await ctx.admin.get('/admin/dashboard')).text
    const { selectors: publicCss } = await restOf((await ctx.anonymous.get('/')).text)
    const adminCss = [...admin.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map(
      (match) => match[1],
    )
    expect(adminCss.length).toBeGreaterThan(0)
    const adminSizes = await Promise.all(
      adminCss.map(
        async (href) => selectorsOf(await (await fetch(new URL(href, ctx.server.url))).text()).size,
      ),
    )
    expect(Math.max(...adminSizes), 'the admin stylesheet is the whole one').toBeGreaterThan(publicCss.size)
  })

  test('the classes the public behaviours write (toasts, the contact form’s red box) are in the public stylesheet', async () => {
    const { selectors } = await restOf((await ctx.anonymous.get('/')).text)
    const written = [...Object.values(TOAST_CLASSES), PROBLEM_CLASSES].flatMap((classes) =>
      classes.split(' '),
    )
    expect(
      written.filter((name) => !selectors.has(name)),
      'classes the public stylesheet lacks (app/styles/public.css must read app/islands)',
    ).toEqual([])
  })

  test('public pages and their stylesheets name classes by the short names of the build; the admin keeps Tailwind’s', async () => {
    // (What a script writes keeps its name.)
    const written = [...Object.values(TOAST_CLASSES), PROBLEM_CLASSES].join(' ').split(' ')
    const classesOf = (html: string) =>
      [...html.matchAll(/\bclass="([^"]*)"/g)].flatMap(([, list]) => list.split(/\s+/).filter(Boolean))
    for (const path of ['/', '/events', '/ml/about']) {
      const html = (await ctx.anonymous.get(path)).text
      const classes = classesOf(html)
      const long = classes.filter(
        (name) => /[:[]|^(mt|px|py|text|bg|border)-/.test(name) && !written.includes(name),
      )
      expect(long, `${path}: Tailwind's names left in its markup`).toEqual([])
      expect(classes.filter((name) => name.length <= 2).length, path).toBeGreaterThan(classes.length / 2)
      const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, css]) => css)
      const rest = /<link[^>]+data-rest-of-styles=/.test(html) ? (await restOf(html)).selectors : []
      const selectors = [...selectorsOf(inline.join('')), ...rest]
      expect(
        selectors.filter((name) => name.includes(':') && !written.includes(name)),
        `${path}: its stylesheet`,
      ).toEqual([])
    }
    // Classes the site names by hand, or that scripts write, keep their names.
    const homePage = (await ctx.anonymous.get('/')).text
    const home = classesOf(homePage)
    for (const name of ['icon', 'rich-text']) expect(home).toContain(name)
    // The sheet is linked under a name of its contents with the short names, not the one Vite gave the sheet
    // before (which a browser may hold from an earlier build, cached for a year).
    const { tag } = await restOf(homePage)
    const [built, renamed] = Object.entries(shortNames.stylesheets).find(([, sheet]) => tag.includes(sheet))!
    expect(renamed).not.toBe(built)

    const admin = classesOf((await ctx.admin.get('/admin/dashboard')).text)
    expect(admin).toContain('items-center')
    // The names are the server's to read, not a file the site serves.
    expect((await fetch(new URL(`/${SHORT_NAMES_FILE}`, ctx.server.url))).status).toBe(404)
  })
})
