import { expect, test } from 'vitest'

import { requestOrigin, siteOrigin } from './site-origin.ts'

test('PUBLIC_URL names the site whatever host a request names', () => {
  const origin = siteOrigin('https://ipccork.ie/some/path', false)
  expect(origin({ host: 'evil.example' })).toBe('https://ipccork.ie')
  expect(origin({})).toBe('https://ipccork.ie')
})

test('without PUBLIC_URL the request’s own host is the origin, over http', () => {
  const origin = siteOrigin(undefined, false)
  expect(origin({ host: '127.0.0.1:3000' })).toBe('http://127.0.0.1:3000')
  expect(origin({ host: 'Church.Example' })).toBe('http://church.example')
  expect(origin({ host: '[::1]:8080' })).toBe('http://[::1]:8080')
})

test('forwarded headers count only behind a trusted proxy', () => {
  const headers = { host: '127.0.0.1:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'ipccork.ie' }
  expect(requestOrigin(headers, false)).toBe('http://127.0.0.1:3000')
  expect(requestOrigin(headers, true)).toBe('https://ipccork.ie')
  expect(requestOrigin({ ...headers, 'x-forwarded-proto': 'https, http' }, true)).toBe('https://ipccork.ie')
})

test('a Host that is no host name never reaches a page', () => {
  for (const host of ['evil.example/<script>', 'a b', '"quoted"', 'x.example:99999999', '']) {
    expect(requestOrigin({ host }, false), host).toBe('http://localhost')
  }
})
