import { expect, test } from 'vitest'

import { ml } from '#app/i18n/ml/catalogue.ts'
import type { Digest } from './digest.ts'
import { digestMail } from './digest-mail.server.ts'
import { subscriberToken } from './subscriber-links.server.ts'

const SECRET = 'a-test-secret-of-some-length'

const digest: Digest = {
  from: '2027-01-09',
  to: '2027-01-15',
  dates: [
    {
      kind: 'service',
      title: 'Sunday Worship',
      location: 'Main hall',
      path: '/services',
      start: '2027-01-10T10:30',
      when: 'Sunday 10 January 2027, 10:30 AM – 12:00 PM',
    },
  ],
  sermon: { title: 'Grace upon grace', path: '/sermons/grace', preached_on: '2027-01-03', speaker: 'Rev. A' },
  live: '/live',
  notice: '<p>The hall is closed on <a href="https://grace.example/events">Tuesday</a>.</p>',
}

const mail = (language: string, churchEmail: string | null = 'office@grace.example') =>
  digestMail({
    digest,
    subscriber: { id: 'sub-1', email: 'reader@example.org', language },
    churchName: 'Grace Church Cork',
    churchEmail,
    origin: 'https://grace.example',
    secret: SECRET,
    languages: ['en', 'ml'],
    listDomain: 'grace.example',
    sealWith: null,
  })

test('a digest e-mail carries the list’s headers: its id, the one-click address and the church’s mailbox (RFC 8058)', () => {
  const token = subscriberToken(SECRET, 'unsubscribe', 'sub-1')
  const english = mail('en')
  expect(english.headers).toEqual({
    'List-Id': 'Grace Church Cork <news.grace.example>',
    'List-Unsubscribe': `<https://grace.example/news/unsubscribe?token=${token}>, <mailto:office@grace.example?subject=unsubscribe>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  })
  // The message says the mailbox is the church's.
  expect(english.text).toContain('You can also unsubscribe by writing to the church at office@grace.example.')
  expect(english.text).toContain(`Unsubscribe: https://grace.example/news/unsubscribe?token=${token}`)
  expect(english.subject).toBe('This week at Grace Church Cork')
  expect(english.text).toContain('Sunday 10 January 2027, 10:30 AM – 12:00 PM: Sunday Worship (Main hall)')
  expect(english.text).toContain('https://grace.example/live')
  expect(english.html).toContain('href="https://grace.example/sermons/grace"')
  // Staff's notice, first, in both parts.
  expect(english.text).toContain('The hall is closed on Tuesday')
  expect(english.html).toContain('<p style="margin:0 0 8px">The hall is closed on <a style="color:')
  // Without an address of the church's, only the one-click one.
  expect(mail('en', null).headers?.['List-Unsubscribe']).toBe(
    `<https://grace.example/news/unsubscribe?token=${token}>`,
  )
})

test('a Malayalam subscriber’s digest is in Malayalam, its unsubscribe link to the Malayalam page', () => {
  const malayalam = mail('ml')
  expect(malayalam.subject).toBe(ml.news.digest.subject.replace('{{church}}', 'Grace Church Cork'))
  expect(malayalam.text).toContain(ml.news.digest.why.replace('{{church}}', 'Grace Church Cork'))
  expect(malayalam.headers?.['List-Unsubscribe']).toMatch(
    /^<https:\/\/grace\.example\/ml\/news\/unsubscribe\?token=/,
  )
  expect(malayalam.html).toContain('<html lang="ml">')
})
