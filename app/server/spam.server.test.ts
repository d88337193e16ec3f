import { expect, test } from 'vitest'

import { looksLikeName, makeFormToken, readFormToken, spamReason } from './spam.server.ts'

const SECRET = 'a-secret-of-at-least-thirty-two-characters'
const NOW = Date.UTC(2026, 10, 25, 12, 0, 0)
const person = {
  first_name: 'Seán',
  last_name: 'Ó Briain',
  subject: 'Baptism',
  message: 'When are the classes?',
}

test('the form token tells how long ago the form was rendered, and only with our secret', () => {
  const token = makeFormToken(SECRET, NOW - 45_000)
  expect(readFormToken(SECRET, token, NOW)).toEqual({ ageMs: 45_000 })
  expect(readFormToken('another-secret-of-thirty-two-characters', token, NOW)).toEqual({ problem: 'forged' })
  const [time, signature] = token.split('.')
  const earlier = (Number.parseInt(time, 36) - 60_000).toString(36)
  expect(readFormToken(SECRET, `${earlier}.${signature}`, NOW)).toEqual({ problem: 'forged' })
  for (const bad of ['', undefined, 42, 'abc', 'a.b.c', '!!.x']) {
    expect(readFormToken(SECRET, bad, NOW)).toHaveProperty('problem')
  }
})

test('a person who took their time is no spam; too fast, a day late or an altered token is', () => {
  const check = (renderedAgo: number | null, fromForm = true) =>
    spamReason(SECRET, NOW, {
      formToken: renderedAgo === null ? undefined : makeFormToken(SECRET, NOW - renderedAgo),
      fromForm,
      fields: person,
    })
  expect(check(3_000)).toBeNull()
  expect(check(40_000)).toBeNull()
  expect(check(23 * 60 * 60 * 1000)).toBeNull()
  expect(check(1_200)).toBe('sent 1.2 s after the form was opened')
  expect(check(25 * 60 * 60 * 1000)).toBe('sent more than a day after the form was opened')
  expect(check(null)).toBe('the form’s hidden time stamp was missing')
  // The JSON API may be used without the form: its messages are judged by what they say.
  expect(check(null, false)).toBeNull()
})

test('many links, a link in the name and known spam phrases are spam; a link or two is not', () => {
  const check = (fields: Partial<typeof person>) =>
    spamReason(SECRET, NOW, {
      formToken: makeFormToken(SECRET, NOW - 60_000),
      fromForm: true,
      fields: { ...person, ...fields },
    })
  expect(
    check({ message: 'The parish bulletin is at https://example.ie/bulletin, see www.example.ie too' }),
  ).toBeNull()
  expect(check({ message: 'https://a.example https://b.example [url=https://c.example]c[/url]' })).toBe(
    '3 links',
  )
  expect(check({ first_name: 'Visit https://spam.example' })).toBe('a link in the name')
  expect(check({ subject: 'Get your website on the FIRST PAGE OF GOOGLE' })).toBe(
    'spam phrases (“first page of google”)',
  )
  // Words a parishioner could use are not phrases of spam.
  expect(
    check({ message: 'Could the church help with a loan of chairs? I lost money on bitcoin.' }),
  ).toBeNull()
  expect(check({ message: 'ഞായറാഴ്ച ആരാധന എപ്പോഴാണ്?' })).toBeNull()
})

test('looksLikeName takes people’s names, and neither links, addresses, markup, long numbers nor a sales pitch', () => {
  for (const name of [
    'Aoife Murphy',
    'Seán Ó Briain',
    'Mary-Kate O’Neill',
    'J. R. Smith',
    'ഫാ. ജോസഫ്',
    'St.John Doyle',
  ]) {
    expect(looksLikeName(name), name).toBe(true)
  }
  for (const name of [
    '',
    'x'.repeat(61),
    'Visit https://spam.example',
    'www.cheap-pills.example',
    'Great offers at cheap-pills.shop',
    'mary@example.org',
    '<b>Mary</b>',
    'Call 0800 123 456',
    'Best SEO services',
    'Mary\u202eyrraM',
  ]) {
    expect(looksLikeName(name), name).toBe(false)
  }
  expect(looksLikeName('x'.repeat(60))).toBe(true)
})
