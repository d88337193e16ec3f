import { expect, test } from 'vitest'

import { replyMailto } from './reply-mailto.ts'

const message = {
  first_name: 'Seán',
  last_name: 'Ó Briain',
  email: 'sean+church@example.ie',
  subject: 'Baptism & confirmation?',
  message: 'Hello,\nwhen are the classes?',
  created_at: '2026-01-15T09:05:00.000Z',
}

test('replyMailto opens a reply to the visitor with "Re: subject" and the message quoted', () => {
  const url = new URL(replyMailto(message))
  expect(url.protocol).toBe('mailto:')
  expect(decodeURIComponent(url.pathname)).toBe('sean+church@example.ie')
  expect(url.searchParams.get('subject')).toBe('Re: Baptism & confirmation?')
  expect(url.searchParams.get('body')).toBe(
    '\r\n\r\nOn 15 January 2026 at 09:05, Seán Ó Briain wrote:\r\n> Hello,\r\n> when are the classes?\r\n',
  )
})

test('replyMailto keeps an existing "Re:" and names a message without a subject', () => {
  expect(new URL(replyMailto({ ...message, subject: 'RE: Choir' })).searchParams.get('subject')).toBe(
    'RE: Choir',
  )
  expect(new URL(replyMailto({ ...message, subject: null })).searchParams.get('subject')).toBe(
    'Re: Your message',
  )
})

test('replyMailto shortens a long quote so mail clients take the address whole', () => {
  const url = replyMailto({ ...message, message: 'word '.repeat(2000) })
  expect(url.length).toBeLessThan(4000)
  expect(new URL(url).searchParams.get('body')).toContain('…')
})

test('replyMailto dates the quote on the church’s clock', () => {
  const body = new URL(replyMailto(message, 'Asia/Kolkata')).searchParams.get('body')
  expect(body).toContain('On 15 January 2026 at 14:35, Seán Ó Briain wrote:')
})
