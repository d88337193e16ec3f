import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { makeChurchInfo, makeContactMessage } from '../factories.ts'
import { startSmtpServer, type TestSmtpServer } from '../smtp-server.ts'
import { startServer, type TestServer } from '../test-server.ts'
import { ADMIN, Client, databases, formToken, querySql, signIn, sleep, spawnServer } from './support.ts'

const STAFF = 'office@example.ie'
const FROM = 'Parish Office <alerts@example.org>'

let lastAddress = 0
/** Each send comes from an address of its own (the server trusts X-Forwarded-For here), so limits stay apart. */
const visitorAddress = () => `198.51.100.${++lastAddress}`
const uniqueWord = () => `w${crypto.randomBytes(5).toString('hex')}`

function mailEnv(smtp: TestSmtpServer, extra: Record<string, string> = {}) {
  return {
    SMTP_URL: smtp.url,
    MAIL_FROM: FROM,
    NOTIFY_TO: STAFF,
    TRUST_PROXY: 'true',
    CONTACT_RATE_LIMIT: '1000',
    // The alerts' links name the site's address; without one they would wait for it (decision 0018).
    PUBLIC_URL: 'https://church.example',
    ...extra,
  }
}

/** A visitor's message through the API, carrying the contact form's token as the page would give it. */
function post(server: TestServer, body: Record<string, unknown>) {
  return new Client(server.url).post(
    '/api/contact_messages',
    { ...body, form_token: formToken(server) },
    { headers: { 'x-forwarded-for': visitorAddress() } },
  )
}

/** The e-mails received about one test's messages (each test's word is in its messages). */
const about = (smtp: TestSmtpServer, word: string) => smtp.received.filter((r) => r.mail.text?.includes(word))

async function waitForMail(smtp: TestSmtpServer, word: string, count: number, timeoutMs = 15_000) {
  const start = Date.now()
  while (about(smtp, word).length < count) {
    if (Date.now() - start > timeoutMs) {
      throw new Error(
        `Expected ${count} e-mail(s) about ${word} within ${timeoutMs} ms, got ${about(smtp, word).length}`,
      )
    }
    await sleep(100)
  }
  return about(smtp, word)
}

describe.each(databases)('$name', (database) => {
  let smtp: TestSmtpServer
  let server: TestServer
  let anonymous: Client
  let admin: Client

  beforeAll(async () => {
    smtp = await startSmtpServer()
    server = await startServer({
      admin: ADMIN,
      postgresUrl: database.postgresUrl,
      env: mailEnv(smtp, { PUBLIC_URL: 'https://church.example' }),
    })
    anonymous = new Client(server.url)
    admin = await signIn(server.url, ADMIN)
  })
  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
  })

  test('a new message is e-mailed to the recipient within 10 s: From, To, Reply-To and Subject with fadas, the text and the admin link', async () => {
    const word = uniqueWord()
    const started = Date.now()
    const answer = await post(
      server,
      makeContactMessage({
        first_name: 'Seán',
        last_name: 'Ó Briain',
        email: 'sean.obriain@example.ie',
        subject: 'Fáilte — baptism in Cóbh',
        message: `Dia duit! Could we talk about a baptism? ${word}\nGo raibh maith agat.`,
      }),
    )
    expect(answer.status).toBe(201)
    const [received] = await waitForMail(smtp, word, 1, 10_000)
    const took = Date.now() - started
    expect(took).toBeLessThan(10_000)
    expect(received.envelope.to).toEqual([STAFF])
    expect(received.from).toEqual([{ name: 'Parish Office', address: 'alerts@example.org' }])
    expect(received.to).toEqual([{ name: '', address: STAFF }])
    expect(received.replyTo).toEqual([{ name: 'Seán Ó Briain', address: 'sean.obriain@example.ie' }])
    expect(received.mail.subject).toBe('Website message: Fáilte — baptism in Cóbh')
    expect(received.mail.text).toContain(
      `Dia duit! Could we talk about a baptism? ${word}\nGo raibh maith agat.`,
    )
    expect(received.mail.text).toContain('From: Seán Ó Briain <sean.obriain@example.ie>')
    const [message] = (await admin.get(`/api/contact_messages?q=${word}`)).body
    expect(message.status).toBe('new')
    const link = `https://church.example/admin/messages?message=${message.id}`
    expect(received.mail.text).toContain(link)
    expect(received.mail.html).toContain(`href="${link}"`)
    expect(received.mail.html).toContain('Seán')
  })

  test('without a subject the e-mail is named after the visitor', async () => {
    const word = uniqueWord()
    await post(
      server,
      makeContactMessage({ first_name: 'Órla', last_name: 'Ní Bhriain', subject: '', message: word }),
    )
    const [received] = await waitForMail(smtp, word, 1)
    expect(received.mail.subject).toBe('Website message from Órla Ní Bhriain')
  })

  test('line breaks in a name or subject cannot add headers or recipients (CR/LF injection)', async () => {
    const word = uniqueWord()
    const answer = await post(
      server,
      makeContactMessage({
        first_name: 'Eve\r\nBcc: victim@example.net',
        last_name: 'Smith\nX-Injected: yes',
        subject: 'Hello\r\nBcc: another@example.net\r\n\r\nforged body',
        message: word,
      }),
    )
    expect(answer.status).toBe(201)
    const [received] = await waitForMail(smtp, word, 1)
    expect(received.envelope.to).toEqual([STAFF])
    expect(received.mail.headers.has('bcc')).toBe(false)
    expect(received.mail.headers.has('x-injected')).toBe(false)
    expect(received.mail.subject).toBe('Website message: Hello Bcc: another@example.net forged body')
    expect(received.replyTo).toEqual([
      {
        name: 'Eve Bcc: victim@example.net Smith X-Injected: yes',
        address: expect.stringMatching(/@example\.org$/),
      },
    ])
  })

  test('a message whose address would add recipients is refused with the field message', async () => {
    const answer = await post(
      server,
      makeContactMessage({ email: 'mary@example.org\r\nBcc: victim@example.net' }),
    )
    expect(answer.status).toBe(400)
    expect(answer.body.error.fields).toMatchObject({ email: 'Enter a valid email address' })
  })

  test('with the SMTP server stopped the message is in the inbox at once, and its one e-mail arrives once the server is back', async () => {
    const word = uniqueWord()
    await smtp.stop()
    try {
      const started = Date.now()
      const answer = await post(server, makeContactMessage({ message: word }))
      expect(answer.status).toBe(201)
      expect(Date.now() - started).toBeLessThan(2_000)
      const list = await admin.get(`/api/contact_messages?q=${word}`)
      expect(list.body).toHaveLength(1)
      await sleep(2_000)
      expect(about(smtp, word)).toHaveLength(0)
    } finally {
      await smtp.start()
    }
    const back = Date.now()
    // The first retry comes 15 s after the failure (retryDelayMs).
    await waitForMail(smtp, word, 1, 60_000)
    expect(Date.now() - back).toBeLessThan(60_000)
    await sleep(6_000)
    expect(about(smtp, word)).toHaveLength(1)
  })

  test('a slow SMTP server never holds up the visitor', async () => {
    const word = uniqueWord()
    const release = smtp.stall()
    try {
      const started = Date.now()
      const answer = await post(server, makeContactMessage({ message: word }))
      expect(answer.status).toBe(201)
      expect(Date.now() - started).toBeLessThan(2_000)
      expect((await admin.get(`/api/contact_messages?q=${word}`)).body).toHaveLength(1)
      await sleep(1_000)
    } finally {
      release()
    }
    await waitForMail(smtp, word, 1, 30_000)
    expect(about(smtp, word)).toHaveLength(1)
  })

  test('a message written in Malayalam on /ml/contact arrives intact: in the inbox, the alert e-mail and the CSV export', async () => {
    await admin.put('/api/church_info', makeChurchInfo({ languages: ['en', 'ml'] }))
    const word = uniqueWord()
    // Chillu and conjunct forms (ൻ്റ, പ്രാധാന്യം, ക്ഷ) and a zero-width joiner: any lost or reordered byte shows.
    const message = `നമസ്കാരം! ഞങ്ങളുടെ മകൻ്റെ സ്നാനത്തിൻ്റെ പ്രാധാന്യം പറയാമോ? ക്ഷമിക്കണം. ${word}\nനന്ദി.`
    const page = (await anonymous.get('/ml/contact')).text
    const token = /name="form_token" value="([^"]+)"/.exec(page)![1]
    // A person takes a few seconds to type; a form sent sooner is judged a robot's.
    await sleep(3_100)
    const posted = await fetch(`${server.url}/ml/contact`, {
      method: 'POST',
      body: new URLSearchParams({
        first_name: 'അന്ന',
        last_name: 'ജോസഫ്',
        email: 'anna.joseph@example.ie',
        phone: '',
        subject: 'സ്നാനം — ഒരു ചോദ്യം',
        message,
        form_token: token,
      }),
      headers: { 'x-forwarded-for': visitorAddress(), origin: server.url },
      redirect: 'manual',
    })
    expect(posted.status).toBeLessThan(400)

    const [received] = await waitForMail(smtp, word, 1)
    expect(received.mail.subject).toBe('Website message: സ്നാനം — ഒരു ചോദ്യം')
    expect(received.replyTo).toEqual([{ name: 'അന്ന ജോസഫ്', address: 'anna.joseph@example.ie' }])
    expect(received.mail.text).toContain(message)
    expect(received.mail.text).toContain('From: അന്ന ജോസഫ് <anna.joseph@example.ie>')
    expect(received.mail.html).toContain('നമസ്കാരം! ഞങ്ങളുടെ മകൻ്റെ സ്നാനത്തിൻ്റെ പ്രാധാന്യം')

    // Found by a word of it in Malayalam, stored as sent.
    const [stored] = (await admin.get(`/api/contact_messages?q=${encodeURIComponent('ജോസഫ്')}`)).body
    expect(stored).toMatchObject({
      status: 'new',
      first_name: 'അന്ന',
      last_name: 'ജോസഫ്',
      subject: 'സ്നാനം — ഒരു ചോദ്യം',
      message,
    })
    const inbox = (await admin.get(`/admin/messages?message=${stored.id}`)).text.replace(/<!-- -->/g, '')
    expect(inbox).toContain('അന്ന ജോസഫ്')
    expect(inbox).toContain('സ്നാനം — ഒരു ചോദ്യം')
    expect(inbox).toContain('ഞങ്ങളുടെ മകൻ്റെ സ്നാനത്തിൻ്റെ പ്രാധാന്യം പറയാമോ? ക്ഷമിക്കണം.')

    const csv = await fetch(new URL(`/admin/messages/export?q=${word}`, server.url), {
      headers: { cookie: admin.cookie! },
    })
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const bytes = Buffer.from(await csv.arrayBuffer())
    // UTF-8 after the byte order mark spreadsheets need, every letter as sent.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n')
    expect(rows).toHaveLength(2)
    expect(rows[1]).toContain(`"അന്ന","ജോസഫ്","anna.joseph@example.ie","","സ്നാനം — ഒരു ചോദ്യം","${message}"`)
    await admin.put('/api/church_info', makeChurchInfo({ languages: ['en'] }))
  })

  test('a message that looks like spam is kept in Spam with its reason, and sends no e-mail', async () => {
    const word = uniqueWord()
    const spam = await post(
      server,
      makeContactMessage({
        message: `${word} We offer SEO services: https://a.example https://b.example https://c.example`,
      }),
    )
    expect(spam.status).toBe(201)
    expect(spam.body).toEqual({ ok: true })
    const [stored] = (await admin.get(`/api/contact_messages?q=${word}`)).body
    expect(stored.status).toBe('spam')
    expect(stored.spam_reason).toMatch(/3 links/)
    expect(stored.spam_reason).toMatch(/seo services/)
    // A message sent after it arrives; the spam never does.
    const after = uniqueWord()
    await post(server, makeContactMessage({ message: after }))
    await waitForMail(smtp, after, 1)
    expect(about(smtp, word)).toHaveLength(0)
  })

  test('a message posted to the API without the form’s token is kept in the Inbox and e-mails nobody; the form’s still alerts', async () => {
    const word = uniqueWord()
    const bare = await anonymous.post('/api/contact_messages', makeContactMessage({ message: word }), {
      headers: { 'x-forwarded-for': visitorAddress() },
    })
    expect(bare.status).toBe(201)
    const [stored] = (await admin.get(`/api/contact_messages?q=${word}`)).body
    expect(stored).toMatchObject({ status: 'new', spam_reason: null })

    // The contact page's form, with its token, after a person's few seconds of typing: alerted as ever.
    const page = (await anonymous.get('/contact')).text
    const token = /name="form_token" value="([^"]+)"/.exec(page)![1]
    await sleep(3_100)
    const after = uniqueWord()
    const posted = await fetch(`${server.url}/contact`, {
      method: 'POST',
      body: new URLSearchParams({
        ...(makeContactMessage({ message: after }) as Record<string, string>),
        form_token: token,
      }),
      headers: { 'x-forwarded-for': visitorAddress(), origin: server.url },
      redirect: 'manual',
    })
    expect(posted.status).toBeLessThan(400)
    const [alert] = await waitForMail(smtp, after, 1)
    expect(alert.envelope.to).toEqual([STAFF])
    // Sent after the bare one and arrived, while the bare one was never queued.
    expect(about(smtp, word)).toHaveLength(0)
    const queued = await querySql<{ count: number | string }>(
      { server },
      `select count(*) as count from outbox where ref_id = '${stored.id}'`,
    )
    expect(Number(queued[0].count)).toBe(0)
  })
})

describe('an SMTP server that asks for a password', () => {
  let smtp: TestSmtpServer
  beforeAll(async () => {
    smtp = await startSmtpServer({ auth: { user: 'alerts@example.org', password: 'pässwörd:/@' } })
  })
  afterAll(async () => {
    await smtp?.stop()
  })

  test('gets the e-mail with the user and password of SMTP_URL', async () => {
    const server = await startServer({ admin: ADMIN, env: mailEnv(smtp) })
    try {
      const word = uniqueWord()
      expect((await post(server, makeContactMessage({ message: word }))).status).toBe(201)
      await waitForMail(smtp, word, 1)
    } finally {
      await server.stop()
    }
  })

  test('with a wrong password the message is kept and the dashboard gives the server’s reason', async () => {
    const url = new URL(smtp.url)
    url.password = 'wrong'
    const server = await startServer({ admin: ADMIN, env: mailEnv(smtp, { SMTP_URL: url.toString() }) })
    try {
      const word = uniqueWord()
      expect((await post(server, makeContactMessage({ message: word }))).status).toBe(201)
      expect((await post(server, makeContactMessage({ message: word }))).status).toBe(201)
      const admin = await signIn(server.url, ADMIN)
      expect((await admin.get(`/api/contact_messages?q=${word}`)).body).toHaveLength(2)
      let dashboard = ''
      for (let tries = 0; tries < 50 && !/could not be sent/.test(dashboard); tries++) {
        await sleep(200)
        dashboard = (await admin.get('/admin/dashboard')).text
      }
      expect(dashboard).toMatch(/2 alerts could not be sent/)
      expect(dashboard).toMatch(/535[^<]*Authentication failed/)
      expect(about(smtp, word)).toHaveLength(0)
    } finally {
      await server.stop()
    }
  })
})

describe('start-up', () => {
  test.each([
    ['http://mail.example.org', 'SMTP_URL'],
    ['smtp://', 'SMTP_URL'],
    ['mail.example.org:587', 'SMTP_URL'],
  ])('a bad SMTP_URL (%s) stops start-up with a line naming it', async (value, name) => {
    const server = spawnServer({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-smtp-')),
      SMTP_URL: value,
      MAIL_FROM: FROM,
    })
    expect(await server.exited).toBe(1)
    expect(server.output()).toMatch(new RegExp(`^\\s*${name}: must look like smtp://`, 'm'))
    expect(server.output()).not.toMatch(/^\s+at /m)
  })

  test('SMTP_URL without MAIL_FROM stops start-up naming MAIL_FROM', async () => {
    const server = spawnServer({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-smtp-')),
      SMTP_URL: 'smtp://127.0.0.1:2525',
    })
    expect(await server.exited).toBe(1)
    expect(server.output()).toMatch(/^\s*MAIL_FROM: must be set with SMTP_URL/m)
  })
})
