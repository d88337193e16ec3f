import { HtmlValidate } from 'html-validate'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { en } from '#app/i18n/en/catalogue.ts'
import { ml } from '#app/i18n/ml/catalogue.ts'
import { makeChurchInfo } from '../factories.ts'
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../smtp-server.ts'
import { startServer, type TestServer } from '../test-server.ts'
import { ADMIN, Client, databases, formToken, querySql, signIn, sleep } from './support.ts'

// Weekly news by e-mail (issue 48), first part: signing up, confirming and unsubscribing through the real
// server, with a real SMTP server receiving the confirmations, on SQLite and PostgreSQL.

let lastAddress = 0
/** Each visitor their own address (TRUST_PROXY reads it), so the per-IP limit is the contact form's. */
const visitor = () => ({ 'x-forwarded-for': `203.0.113.${(++lastAddress % 250) + 1}` })

let lastPerson = 0
const address = () => `reader${++lastPerson}.${Date.now()}@example.org`

const to = (smtp: TestSmtpServer, email: string) =>
  smtp.received.filter((received) => received.envelope.to.includes(email.toLowerCase()))

async function mailTo(smtp: TestSmtpServer, email: string, count = 1, timeoutMs = 20_000) {
  const start = Date.now()
  while (to(smtp, email).length < count) {
    if (Date.now() - start > timeoutMs) throw new Error(`No e-mail to ${email} within ${timeoutMs} ms`)
    await sleep(100)
  }
  return to(smtp, email)
}

const linkOf = (mail: ReceivedMail, page: 'confirm' | 'unsubscribe') =>
  new RegExp(`https?://\\S+/news/${page}\\?token=[\\w-]+`).exec(mail.mail.text ?? '')![0]

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

async function expectValidHtml(html: string) {
  const report = await new HtmlValidate({ extends: ['html-validate:standard'] }).validateString(html)
  expect(report.results.flatMap((result) => result.messages.map((message) => message.message))).toEqual([])
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
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'office@example.org', TRUST_PROXY: 'true' },
    })
    admin = await signIn(server.url, ADMIN)
    anonymous = new Client(server.url)
    const info = await admin.put('/api/church_info', { ...makeChurchInfo(), languages: ['en', 'ml'] })
    expect(info.status, info.text).toBe(200)
  })

  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
  })

  const subscribe = (body: Record<string, unknown>, headers: Record<string, string> = visitor()) =>
    anonymous.post('/api/subscribers', body, { headers })

  async function statusOf(email: string) {
    const list = await admin.get('/api/subscribers')
    return (list.body as Array<{ email: string; status: string }>).find((entry) => entry.email === email)
      ?.status
  }

  test('a sign-up is answered 202 alike in every state and sends one confirmation an hour, its links from the site’s address', async () => {
    const email = address()
    // A forged host through the proxy's header: links must still name the site's address.
    const first = await subscribe(
      { email, name: 'Aoife Byrne' },
      { ...visitor(), 'x-forwarded-host': 'evil.example' },
    )
    expect(first.status, first.text).toBe(202)
    const [mail] = await mailTo(smtp, email)
    expect(mail.mail.subject).toBe('Please confirm: weekly news from Grace Church Cork')
    expect(mail.mail.text).toMatch(/^Hello Aoife Byrne,/)
    expect(linkOf(mail, 'confirm').startsWith(`${server.url}/news/confirm?token=`)).toBe(true)
    expect(linkOf(mail, 'unsubscribe').startsWith(`${server.url}/news/unsubscribe?token=`)).toBe(true)
    expect(`${mail.mail.text}${mail.mail.html}`).not.toContain('evil.example')
    // The outbox keeps it sealed: no token in the database.
    const stored = await querySql<{ sealed: number; text_body: string }>(
      { server },
      `select sealed, text_body from outbox where to_address = '${email}'`,
    )
    expect(stored.map((row) => [Number(row.sealed), row.text_body.includes('token=')])).toEqual([[1, false]])

    // Again within the hour, in another case: the same answer, no second e-mail.
    const again = await subscribe({ email: email.toUpperCase() })
    expect(again.status).toBe(202)
    expect(again.body).toEqual(first.body)
    // An address never seen, and one that is no address at all (a 400 says why, and learns nothing of others).
    const other = await subscribe({ email: address() })
    expect(other.body).toEqual(first.body)
    expect((await subscribe({ email: 'not an address' })).status).toBe(400)
    await sleep(1_500)
    expect(to(smtp, email)).toHaveLength(1)
    expect(await statusOf(email)).toBe('pending')
  })

  test('opening the confirm link changes nothing; its button confirms; a second confirm shows the same success', async () => {
    const email = address()
    await subscribe({ email })
    const [mail] = await mailTo(smtp, email)
    const link = linkOf(mail, 'confirm')
    const token = new URL(link).searchParams.get('token')!

    for (let i = 0; i < 2; i++) {
      const page = await anonymous.get(link)
      expect(page.status).toBe(200)
      if (i === 0) await expectValidHtml(page.text)
      expect(page.text).toContain('Press the button to receive the weekly news at')
      expect(page.text).toMatch(/<button type="submit"[^>]*>Confirm<\/button>/)
    }
    expect(await statusOf(email)).toBe('pending')

    const confirmed = await anonymous.request('POST', link, {
      body: new URLSearchParams({ token }),
      headers: FORM,
    })
    expect(confirmed.status).toBe(200)
    expect(confirmed.text).toContain('You are subscribed')
    expect(await statusOf(email)).toBe('active')
    const again = await anonymous.request('POST', link, {
      body: new URLSearchParams({ token }),
      headers: FORM,
    })
    expect(again.status).toBe(200)
    expect(again.text).toContain('You are subscribed')
    expect((await anonymous.get(link)).text).toContain('You are subscribed')

    // A made-up token is no link: a 404 saying so, nothing confirmed.
    for (const forged of [
      await anonymous.get(link.replace(/token=.*/, 'token=forged')),
      await anonymous.request('POST', link.replace(/token=.*/, 'token=forged'), {
        body: new URLSearchParams({ token: 'forged' }),
        headers: FORM,
      }),
    ]) {
      expect(forged.status).toBe(404)
      expect(forged.text).toContain('This link is not valid')
    }

    // Signing up again once subscribed sends nothing, and answers alike.
    expect((await subscribe({ email })).status).toBe(202)
    const list = await admin.get('/api/subscribers?status=active')
    expect(list.status).toBe(200)
    expect(Number(list.headers.get('x-total-count'))).toBe(list.body.length)
    expect(list.body.map((entry: { email: string }) => entry.email)).toContain(email)
    expect(list.body.every((entry: { status: string }) => entry.status === 'active')).toBe(true)
    await sleep(1_000)
    expect(to(smtp, email)).toHaveLength(1)
  })

  test('a cookie-less one-click POST unsubscribes at once; a GET of the link changes nothing; the history shows each step', async () => {
    const email = address()
    await subscribe({ email })
    const [mail] = await mailTo(smtp, email)
    const confirm = linkOf(mail, 'confirm')
    await anonymous.request('POST', confirm, {
      body: new URLSearchParams({ token: new URL(confirm).searchParams.get('token')! }),
      headers: FORM,
    })
    const link = linkOf(mail, 'unsubscribe')
    const page = await anonymous.get(link)
    expect(page.status).toBe(200)
    await expectValidHtml(page.text)
    expect(page.text).toMatch(/<button type="submit"[^>]*>Unsubscribe<\/button>/)
    expect(await statusOf(email)).toBe('active')

    // As a mail provider's server sends it (RFC 8058): no cookie, no Origin, no token but the address's; and as
    // one that names its own site as the origin.
    for (const headers of [FORM, { ...FORM, origin: 'https://mail.example.net' }]) {
      const oneClick = await fetch(link, { method: 'POST', headers, body: 'List-Unsubscribe=One-Click' })
      expect(oneClick.status).toBe(200)
    }
    expect(await statusOf(email)).toBe('unsubscribed')
    expect((await anonymous.get(link)).text).toContain('You are unsubscribed')
    // Other pages still refuse a post from another site.
    const crossSite = await fetch(new URL('/news', server.url), {
      method: 'POST',
      headers: { ...FORM, origin: 'https://mail.example.net' },
      body: 'email=x%40example.org',
    })
    expect(crossSite.status).toBe(403)

    const history = await admin.get(
      `/api/subscribers/consents?email=${encodeURIComponent(email.toUpperCase())}`,
    )
    expect(history.status).toBe(200)
    expect(history.body.map((line: { action: string }) => line.action)).toEqual([
      'subscribe',
      'confirm',
      'unsubscribe',
    ])
    expect(history.body[1]).toMatchObject({
      language: 'en',
      page: '/news/confirm',
      wording_version: expect.any(String),
    })
    expect(history.body[2]).toMatchObject({
      wording: 'List-Unsubscribe=One-Click',
      page: '/news/unsubscribe',
    })
    const csv = await admin.get(`/api/subscribers/consents?email=${encodeURIComponent(email)}&format=csv`)
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(csv.text.split('\n')[0]).toContain('"at","action","email","wording"')
    // Personal data: administrators only.
    expect((await anonymous.get(`/api/subscribers/consents?email=${email}`)).status).toBe(401)
    expect((await anonymous.get('/api/subscribers')).status).toBe(401)
    expect((await admin.get('/api/subscribers?status=gone')).status).toBe(400)

    // Signing up again is a new subscription, confirmed anew: the old links do not confirm it.
    await subscribe({ email })
    await sleep(1_000)
    expect(await statusOf(email)).toBe('pending')
    const old = await anonymous.request('POST', confirm, {
      body: new URLSearchParams({ token: new URL(confirm).searchParams.get('token')! }),
      headers: FORM,
    })
    expect(old.status).toBe(404)
    expect(await statusOf(email)).toBe('pending')
  })

  test('a Malayalam subscriber’s confirmation is in Malayalam, its subject intact in RFC 2047, its links to the Malayalam pages', async () => {
    const email = address()
    expect((await subscribe({ email, language: 'ml' })).status).toBe(202)
    const [mail] = await mailTo(smtp, email)
    const subject = ml.news.mail.subject.replace('{{church}}', 'Grace Church Cork')
    expect(mail.mail.subject).toBe(subject)
    const raw = mail.mail.headerLines.find((line) => line.key === 'subject')!.line
    // Only ASCII on the wire, in encoded words of UTF-8.
    expect(raw).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/i)
    expect(/^[\x20-\x7e\r\n\t]*$/.test(raw)).toBe(true)
    expect(mail.mail.text).toContain(ml.news.mail.ignore)
    const link = linkOf(mail, 'confirm')
    expect(link.startsWith(`${server.url}/ml/news/confirm?token=`)).toBe(true)
    const page = await anonymous.get(link)
    expect(page.status).toBe(200)
    expect(page.text).toContain(ml.news.confirmButton)
  })

  test('the news page’s form works without JavaScript, in the page’s language, and records the words it showed', async () => {
    const page = await anonymous.get('/ml/news')
    expect(page.status).toBe(200)
    expect(page.text).toContain(ml.news.title)
    expect(page.text).toMatch(/<form [^>]*action="\/ml\/news"/)
    await expectValidHtml(page.text)
    const email = address()
    const posted = await anonymous.request('POST', '/ml/news', {
      body: new URLSearchParams({ email, name: 'Anil', form_token: formToken(server) }),
      headers: { ...FORM, ...visitor() },
    })
    expect(posted.status).toBe(200)
    expect(posted.text).toContain(ml.news.sent)
    const [mail] = await mailTo(smtp, email)
    expect(linkOf(mail, 'confirm').startsWith(`${server.url}/ml/news/confirm?token=`)).toBe(true)
    const history = await admin.get(`/api/subscribers/consents?email=${encodeURIComponent(email)}`)
    expect(history.body).toEqual([
      expect.objectContaining({
        action: 'subscribe',
        wording: ml.news.consent,
        wording_version: expect.any(String),
        language: 'ml',
        page: '/ml/news',
      }),
    ])

    // A robot that fills the hidden field is answered alike, and nothing is kept or sent.
    const robot = address()
    const caught = await anonymous.request('POST', '/news', {
      body: new URLSearchParams({
        email: robot,
        website: 'http://spam.example',
        form_token: formToken(server),
      }),
      headers: { ...FORM, ...visitor() },
    })
    expect(caught.status).toBe(200)
    expect(caught.text).toContain('Please check your inbox')
    await sleep(1_000)
    expect(to(smtp, robot)).toHaveLength(0)
    expect(await statusOf(robot)).toBeUndefined()
  })

  test('every page’s footer signs up without JavaScript in the page’s language, recording the page it was on', async () => {
    const events = await anonymous.get('/ml/events')
    expect(events.status).toBe(200)
    const footer = /<section aria-labelledby="footer-news"[\s\S]*?<\/section>/.exec(events.text)?.[0] ?? ''
    expect(footer).toMatch(/<form [^>]*action="\/ml\/news" method="post"/)
    expect(footer).toContain('name="footer_page" value="/ml/events"')
    expect(footer).toContain('name="website"')
    expect(footer).toContain(ml.news.consent)
    // A kept page is the same for everyone: it carries no form token, and no script.
    expect(footer).not.toContain('form_token')
    expect(footer).not.toContain('<script')
    // The news pages have their own form.
    expect((await anonymous.get('/news')).text).not.toContain('footer_page')

    const email = address()
    const posted = await anonymous.request('POST', '/ml/news', {
      body: new URLSearchParams({ email, name: '', footer_page: '/ml/events', website: '' }),
      headers: { ...FORM, ...visitor() },
    })
    expect(posted.status).toBe(200)
    expect(posted.text).toContain(ml.news.sent)
    const [mail] = await mailTo(smtp, email)
    expect(linkOf(mail, 'confirm').startsWith(`${server.url}/ml/news/confirm?token=`)).toBe(true)
    const history = await admin.get(`/api/subscribers/consents?email=${encodeURIComponent(email)}`)
    expect(history.body).toEqual([
      expect.objectContaining({
        action: 'subscribe',
        wording: ml.news.consent,
        language: 'ml',
        page: '/ml/events',
      }),
    ])
  })

  test('the privacy policy names the list, its lawful basis, the consent record and the retention, in the page’s language', async () => {
    for (const [path, words] of [
      ['/privacy-policy', en.privacy.news],
      ['/ml/privacy-policy', ml.privacy.news],
    ] as const) {
      const policy = (await anonymous.get(path)).text.replace(/<!-- -->/g, '')
      for (const text of Object.values(words)) expect(policy).toContain(text)
    }
    expect(en.privacy.news.basis).toContain('Article 6(1)(a)')
    expect(en.privacy.news.retention).toContain('7 days')
    const mlPolicy = (await anonymous.get('/ml/privacy-policy')).text
    expect(mlPolicy).toMatch(new RegExp(`<section lang="ml"[^>]*><h2[^>]*>${ml.privacy.news.title}`))
  })
})
