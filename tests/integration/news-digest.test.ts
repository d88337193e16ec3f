import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { ml } from '#app/i18n/ml/catalogue.ts'
import { makeChurchInfo, makeEvent } from '../factories.ts'
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../smtp-server.ts'
import { startServer, type TestServer } from '../test-server.ts'
import { ADMIN, Client, databases, querySql, runSql, signIn, sleep } from './support.ts'

// Weekly news by e-mail (issue 48), the weekly send: the server's clock starts half a minute before Saturday
// 09:00 in Dublin, confirmed subscribers get the digest at 09:00, each once, through a real SMTP server.

/** Saturday 9 January 2027, 08:59:30 in Dublin (UTC in winter). */
const CLOCK_START = '2027-01-09T08:59:30Z'

let lastAddress = 0
const visitor = () => ({ 'x-forwarded-for': `198.51.100.${(++lastAddress % 250) + 1}` })
let lastPerson = 0
const address = () => `weekly${++lastPerson}.${Date.now()}@example.org`
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

/** A header as it came over the wire (mailparser folds the List-* ones into one object). */
const rawHeader = (received: ReceivedMail, name: string) =>
  received.mail.headerLines.find((line) => line.key === name)?.line
const isDigest = (received: ReceivedMail) => rawHeader(received, 'list-id') !== undefined
const to = (smtp: TestSmtpServer, email: string) =>
  smtp.received.filter((received) => received.envelope.to.includes(email.toLowerCase()))

const linkOf = (mail: ReceivedMail, page: 'confirm' | 'unsubscribe') =>
  new RegExp(`https?://\\S+/news/${page}\\?token=[\\w-]+`).exec(mail.mail.text ?? '')![0]

async function until<T>(what: string, read: () => T | undefined, timeoutMs = 20_000) {
  const start = Date.now()
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() - start > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`)
    await sleep(100)
  }
}

describe.each(databases)('$name', (database) => {
  let smtp: TestSmtpServer
  let server: TestServer
  let admin: Client
  let anonymous: Client

  beforeAll(async () => {
    smtp = await startSmtpServer()
    server = await startServer({
      admin: ADMIN,
      postgresUrl: database.postgresUrl,
      publicUrl: true,
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'office@example.org',
        TRUST_PROXY: 'true',
        CLOCK_START,
      },
    })
    admin = await signIn(server.url, ADMIN)
    anonymous = new Client(server.url)
    const info = await admin.put('/api/church_info', {
      ...makeChurchInfo(),
      languages: ['en', 'ml'],
      timezone: 'Europe/Dublin',
      digest_day: 6,
      digest_hour: 9,
    })
    expect(info.status, info.text).toBe(200)
    const event = await admin.post(
      '/api/events',
      makeEvent({ title: 'Parish supper', starts_at: '2027-01-12T19:00', ends_at: '2027-01-12T21:00' }),
    )
    expect(event.status, event.text).toBe(201)
  })

  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
  })

  /** Signs an address up and confirms it with its e-mail's button; answers the confirmation e-mail. */
  async function confirmed(email: string, language = 'en') {
    const answer = await anonymous.post('/api/subscribers', { email, language }, { headers: visitor() })
    expect(answer.status, answer.text).toBe(202)
    const mail = await until('the confirmation', () => to(smtp, email)[0])
    const confirm = linkOf(mail, 'confirm')
    const done = await anonymous.request('POST', confirm, {
      body: new URLSearchParams({ token: new URL(confirm).searchParams.get('token')! }),
      headers: FORM,
    })
    expect(done.status).toBe(200)
    return mail
  }

  test('at 09:00 on Saturday each confirmed subscriber gets the week’s news once, in their language, with the list’s headers; one who unsubscribed by one click gets none', async () => {
    const english = [address(), address(), address()]
    const malayalam = address()
    const leaving = address()
    for (const email of english) await confirmed(email)
    await confirmed(malayalam, 'ml')
    const welcome = await confirmed(leaving)
    // Signed up, never confirmed: nothing.
    const pending = address()
    await anonymous.post('/api/subscribers', { email: pending }, { headers: visitor() })
    // A mail provider's one-click unsubscribe (RFC 8058): no cookie, no Origin, no token but the address's.
    const oneClick = await fetch(linkOf(welcome, 'unsubscribe'), {
      method: 'POST',
      headers: FORM,
      body: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.status).toBe(200)

    const expected = [...english, malayalam].map((email) => email.toLowerCase()).sort()
    // The worker asks every 10 s; the hour is at most 30 s away.
    const digests = await until(
      'the weekly news',
      () => {
        const found = smtp.received.filter(isDigest)
        return found.length >= expected.length ? found : undefined
      },
      60_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${server.output().slice(-3000)}`)
    })
    // A little longer: no second copy, nobody else.
    await sleep(2_000)
    const all = smtp.received.filter(isDigest)
    expect(all.flatMap((received) => received.envelope.to).sort()).toEqual(expected)
    expect(all).toHaveLength(digests.length)
    expect(to(smtp, pending).filter(isDigest)).toEqual([])
    expect(to(smtp, leaving).filter(isDigest)).toEqual([])

    for (const received of all) {
      expect(rawHeader(received, 'list-id')).toMatch(/^List-Id: .+ <news\.example\.org>$/i)
      expect(rawHeader(received, 'list-unsubscribe')?.replace(/\r\n\s+/g, ' ')).toMatch(
        /^List-Unsubscribe: <https?:\/\/\S+\/news\/unsubscribe\?token=[\w-]+>, <mailto:office@grace\.example\?subject=unsubscribe>$/i,
      )
      expect(rawHeader(received, 'list-unsubscribe-post')).toMatch(
        /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/i,
      )
      expect(received.mail.text).toContain('Parish supper')
      expect(received.mail.html).toContain('Parish supper')
    }

    const [inMalayalam] = to(smtp, malayalam).filter(isDigest)
    expect(inMalayalam!.mail.subject).toBe(ml.news.digest.subject.replace('{{church}}', 'Grace Church Cork'))
    const subject = inMalayalam!.mail.headerLines.find((line) => line.key === 'subject')!.line
    expect(subject).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/i)
    expect(/^[\x20-\x7e\r\n\t]*$/.test(subject)).toBe(true)
    expect(inMalayalam!.mail.text).toContain(ml.news.digest.intro.replace('{{church}}', 'Grace Church Cork'))
    expect(linkOf(inMalayalam!, 'unsubscribe')).toContain('/ml/news/unsubscribe?token=')

    // The week is recorded once, with its count.
    const weeks = await querySql<{ week: string; status: string; recipients: number }>(
      { server },
      `select week, status, recipients from digests`,
    )
    expect(weeks.map((row) => ({ ...row, recipients: Number(row.recipients) }))).toEqual([
      { week: '2027-01-09', status: 'queued', recipients: expected.length },
    ])
  }, 120_000)

  test('administrators skip the next weekly news or send it now through the API; others may not', async () => {
    // This week's has gone (the test above): the next is Saturday week's.
    expect((await anonymous.post('/api/subscribers/digest/skip', {})).status).toBe(401)
    const skipped = await admin.post('/api/subscribers/digest/skip', {})
    expect(skipped.status, skipped.text).toBe(200)
    expect(skipped.body).toMatchObject({ week: '2027-01-16', status: 'skipped' })
    const late = await admin.post('/api/subscribers/digest/send-now', {})
    expect(late.status).toBe(409)
    expect((await admin.get('/api/subscribers/digest/skip')).status).toBe(405)
    const weeks = await admin.get('/api/subscribers/digests')
    expect(weeks.status).toBe(200)
    expect(weeks.body).toEqual([
      expect.objectContaining({ week: '2027-01-16', status: 'skipped', recipients: 0 }),
      expect.objectContaining({ week: '2027-01-09', status: 'queued', recipients: 4 }),
    ])
    expect((await anonymous.get('/api/subscribers/digests')).status).toBe(401)
  })

  test('a permanent refusal at RCPT (550 5.1.1) suspends the address at once, saying why; one temporary refusal (4xx) is counted, not yet a bounce', async () => {
    const gone = address()
    const full = address()
    for (const email of [gone, full]) await confirmed(email)
    smtp.refuse(gone, '550 5.1.1 No such user here')
    smtp.refuse(full, '452 4.2.2 Mailbox full')
    const queued = await querySql<{ id: string; email: string }>(
      { server },
      `select id, email from subscribers where email in ('${gone}', '${full}')`,
    )
    expect(queued).toHaveLength(2)
    const statuses = async () =>
      Object.fromEntries(
        (
          await querySql<{
            email: string
            status: string
            suspended_reason: string | null
            soft_bounces: number
          }>(
            { server },
            `select email, status, suspended_reason, soft_bounces from subscribers where email in ('${gone}', '${full}')`,
          )
        ).map((row) => [row.email, { ...row, soft_bounces: Number(row.soft_bounces) }]),
      )
    // An e-mail to each, as the weekly send queues them (the outbox row names its subscriber), due at once.
    const values = queued
      .map(
        (row, index) =>
          `('bounce-${index}-${row.id}', '${row.id}', '${row.email}', 'Weekly news', 'Hello', '2027-01-09T09:00:00.000Z', 0, 0)`,
      )
      .join(', ')
    await runSql(
      { server },
      `insert into outbox (id, ref_id, to_address, subject, text_body, created_at, attempts, next_attempt_at) values ${values}`,
    )
    let found = await statuses()
    const start = Date.now()
    while (found[gone]?.status !== 'suspended' || found[full]?.soft_bounces !== 1) {
      if (Date.now() - start > 20_000) throw new Error(JSON.stringify(found))
      await sleep(200)
      found = await statuses()
    }
    expect(found[gone]).toMatchObject({
      status: 'suspended',
      suspended_reason: expect.stringContaining('550 5.1.1'),
    })
    // One temporary refusal is not a bounce yet.
    expect(found[full]).toMatchObject({ status: 'active', soft_bounces: 1 })
    const history = await admin.get(`/api/subscribers/consents?email=${encodeURIComponent(gone)}`)
    expect(history.body.map((line: { action: string }) => line.action)).toEqual([
      'subscribe',
      'confirm',
      'bounce',
    ])
    const listed = await admin.get('/api/subscribers?status=suspended')
    expect(listed.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: gone, suspended_reason: expect.stringContaining('550') }),
      ]),
    )
  })
})
