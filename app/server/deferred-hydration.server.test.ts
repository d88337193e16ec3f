import { describe, expect, test } from 'vitest'

import { DEFERRED_SCRIPT_TYPE, deferHydration, HYDRATE_LATER_SCRIPT } from './deferred-hydration.server.ts'

const BOOTSTRAP = 'import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");'
const DOCUMENT = [
  '<!DOCTYPE html><html><head>',
  '<link rel="preload" as="image" href="/media/hero-480.webp"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="abc"/>',
  '<link rel="modulepreload" href="/assets/root.js" nonce="abc"/>',
  '</head><body><main>Welcome</main>',
  '<script nonce="abc">window.__reactRouterContext = {};</script>',
  `<script nonce="abc" type="module" async="">${BOOTSTRAP}</script>`,
  '<script nonce="abc">window.__reactRouterContext.streamController.close();</script>',
  '</body></html>',
].join('')

describe('deferHydration', () => {
  test('drops the module preloads and makes the bootstrap script inert, with its text unchanged', () => {
    const html = deferHydration(DOCUMENT, 'abc')
    expect(html).not.toContain('modulepreload')
    expect(html).not.toContain('type="module"')
    expect(html).toContain(`<script nonce="abc" type="${DEFERRED_SCRIPT_TYPE}">${BOOTSTRAP}</script>`)
    // Everything else stays where it was: the image preload, the content and the data scripts.
    expect(html).toContain('<link rel="preload" as="image" href="/media/hero-480.webp"/>')
    expect(html).toContain('<main>Welcome</main>')
    expect(html).toContain('<script nonce="abc">window.__reactRouterContext = {};</script>')
    expect(html.indexOf('streamController.close')).toBeGreaterThan(html.indexOf(BOOTSTRAP))
  })

  test('adds the loader right after the bootstrap script, with the request nonce', () => {
    const html = deferHydration(DOCUMENT, 'abc')
    expect(html).toContain(`${BOOTSTRAP}</script><script nonce="abc">${HYDRATE_LATER_SCRIPT}</script>`)
    expect(() => new Function(HYDRATE_LATER_SCRIPT)).not.toThrow()
    expect(deferHydration(DOCUMENT, '')).toContain(`<script>${HYDRATE_LATER_SCRIPT}</script>`)
  })

  test('leaves a document without React Router scripts alone', () => {
    const plain = '<!DOCTYPE html><html><body><p>Hello</p><script>var x = 1</script></body></html>'
    expect(deferHydration(plain, 'abc')).toBe(plain)
  })
})
