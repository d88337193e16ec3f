import { describe, expect, test } from 'vitest'

import { databases, useServer } from './support.ts'

describe('built assets', () => {
  const ctx = useServer(databases[0])

  async function firstScript() {
    const page = await ctx.anonymous.get('/')
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"|<link[^>]+href="(\/assets\/[^"]+\.js)"/.exec(
      page.text,
    )
    expect(script, 'the home page loads a built script').not.toBeNull()
    return script![1] ?? script![2]
  }

  test('scripts are sent precompressed, as the browser accepts, and cached for a year', async () => {
    const url = new URL(await firstScript(), ctx.server.url)
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
})
