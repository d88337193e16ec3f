import { expect, test } from 'vitest'

import { parseMailbox, parseSmtpUrl, singleLine } from './mail-address.ts'

test('parseSmtpUrl reads smtp:// and smtps:// with percent-encoded credentials and default ports', () => {
  expect(parseSmtpUrl('smtp://user%40church.ie:p%C3%A4ss%3Aword@mail.example.org:2525')).toEqual({
    host: 'mail.example.org',
    port: 2525,
    secure: false,
    user: 'user@church.ie',
    password: 'päss:word',
  })
  expect(parseSmtpUrl('smtp://mail.example.org')).toMatchObject({ port: 587, secure: false, user: null })
  expect(parseSmtpUrl('smtps://u:p@mail.example.org')).toMatchObject({ port: 465, secure: true })
  expect(parseSmtpUrl('smtp://[::1]:25')).toMatchObject({ host: '::1', port: 25 })
})

test('parseSmtpUrl refuses what is not an SMTP server address', () => {
  for (const bad of [
    '',
    'mail.example.org:587',
    'http://mail.example.org',
    'smtp://',
    'smtp://host/path',
    'smtp://host?x=1',
  ]) {
    expect(parseSmtpUrl(bad), bad).toBeNull()
  }
})

test('parseMailbox reads an address or a name and an address, never across lines', () => {
  expect(parseMailbox('office@church.ie')).toEqual({ name: null, address: 'office@church.ie' })
  expect(parseMailbox('Parish Office <office@church.ie>')).toEqual({
    name: 'Parish Office',
    address: 'office@church.ie',
  })
  expect(parseMailbox('"Oifig an Pharóiste" <office@church.ie>')).toEqual({
    name: 'Oifig an Pharóiste',
    address: 'office@church.ie',
  })
  for (const bad of ['office', 'a@b', 'x <y>', 'office@church.ie\r\nBcc: x@y.z', 'a@b.c, d@e.f']) {
    expect(parseMailbox(bad), bad).toBeNull()
  }
})

test('singleLine turns line breaks and control characters into one line', () => {
  expect(singleLine('Hello\r\nBcc: x@y.z\t\u0007end')).toBe('Hello Bcc: x@y.z end')
  expect(singleLine('  Seán  Ó Briain ')).toBe('Seán Ó Briain')
  expect(singleLine('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`)
})
