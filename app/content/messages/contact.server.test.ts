import { expect, test } from 'vitest'

import type { ContactMessage } from './schema.ts'

import { contactAlert } from './contact.server.ts'

const message: ContactMessage = {
  id: 'm1',
  first_name: 'Siobhán',
  last_name: 'Ó Briain',
  email: 'siobhan@example.ie',
  phone: null,
  subject: 'Baptism',
  message: 'Could we talk about a date?',
  // 23:30 UTC on 31 March 2026: already 1 April in Ireland (summer time), still 31 March in Toronto.
  created_at: '2026-03-31T23:30:00.000Z',
  status: 'new',
  spam_reason: null,
}

const alert = (timeZone?: string) =>
  contactAlert({
    message,
    to: 'office@example.ie',
    origin: 'https://church.example',
    churchName: 'IPC Cork',
    timeZone,
  })

test('the alert says when the message was sent on the church’s clock, in the text and the HTML', () => {
  const irish = alert('Europe/Dublin')
  expect(irish.text).toContain('Sent: 1 April 2026 at 00:30')
  expect(irish.html).toContain('1 April 2026 at 00:30')
  const canadian = alert('America/Toronto')
  expect(canadian.text).toContain('Sent: 31 March 2026 at 19:30')
  expect(canadian.html).toContain('31 March 2026 at 19:30')
  // A church that has not chosen a zone has the default one.
  expect(alert().text).toContain('Sent: 1 April 2026 at 00:30')
})

test('the alert answers to the visitor and links to the message in the admin', () => {
  const mail = alert('Europe/Dublin')
  expect(mail.subject).toBe('Website message: Baptism')
  expect(mail.replyTo).toEqual({ name: 'Siobhán Ó Briain', address: 'siobhan@example.ie' })
  expect(mail.text).toContain('https://church.example/admin/messages?message=m1')
})
