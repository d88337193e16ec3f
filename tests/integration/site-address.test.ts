// Links that leave the server (issue 25, decision 0018): e-mails, calendar UIDs and share images name the site's
// address — PUBLIC_URL, or the one an administrator confirmed in Settings — never a request's Host. Without
// either, e-mails that carry a link wait for it; no usable token sits in the outbox.
import http from 'node:http'

import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { makeContactMessage, makeEvent } from '../factories.ts'
import { startSmtpServer, type TestSmtpServer } from '../smtp-server.ts'
import { startServer, type TestServer } from '../test-server.ts'
import { ADMIN, Client, databases, formToken, querySql, signIn, sleep } from './support.ts'

const ATTACKER = 'attacker.example'

/** A request as curl would send it with `-H 'Host: …'` (fetch() always sends the address's own Host). */
function forged(
  server: TestServer,
  method: string,
  path: string,
  {
    host = ATTACKER,
    body,
    type,
    headers = {},
  }: { host?: string; body?: string; type?: string; headers?: Record<string, string> } = {},
) {
  return new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    const request = http.request(
      new URL(path, server.url),
      {
        method,
        headers: {
          host,
          ...headers,
          ...(body === undefined
            ? {}
            : { 'content-type': type ?? 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }))
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

const forgotPassword = (server: TestServer, email: string) =>
  forged(server, 'POST', '/admin/forgot-password', {
    body: new URLSearchParams({ email }).toString(),
    type: 'application/x-www-form-urlencoded',
  })

function mailsTo(smtp: TestSmtpServer, address: string) {
  return smtp.received.filter((mail) => mail.envelope.to.includes(address))
}

async function waitForMailTo(smtp: TestSmtpServer, address: string, count = 1, timeoutMs = 15_000) {
  const start = Date.now()
  while (mailsTo(smtp, address).length < count) {
    if (Date.now() - start > timeoutMs) throw new Error(`Expected ${count} e-mail(s) to ${address}`)
    await sleep(100)
  }
  return mailsTo(smtp, address)
}

interface OutboxRow {
  to_address: string
  text_body: string
  html_body: string | null
  sent_at: string | null
  sealed: number
  site_placeholder: string | null
}

describe.each(databases)('$name, without PUBLIC_URL', (database) => {
  let smtp: TestSmtpServer
  let server: TestServer
  let admin: Client

  beforeAll(async () => {
    smtp = await startSmtpServer()
    server = await startServer({
      admin: ADMIN,
      postgresUrl: database.postgresUrl,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'office@example.org', NOTIFY_TO: 'secretary@example.org' },
    })
    admin = await signIn(server.url, ADMIN)
  })
  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
  })

  const outbox = (to: string) =>
    querySql<OutboxRow>(
      { server },
      `select to_address, text_body, html_body, sent_at, sealed, site_placeholder from outbox where to_address = '${to}'`,
    )

  test('a reset asked with a forged Host is held, sealed, and sent with the address an administrator confirms', async () => {
    expect(server.output()).toContain('The site’s address is not set')
    expect((await forgotPassword(server, ADMIN.email)).status).toBe(200)
    // A contact message through the API with a forged Host: its alert waits too.
    const message = makeContactMessage({ message: 'Is there parking at the church on Sunday mornings?' })
    expect(
      (
        await forged(server, 'POST', '/api/contact_messages', {
          body: JSON.stringify({ ...message, form_token: formToken(server) }),
        })
      ).status,
    ).toBe(201)
    await sleep(1_500)
    expect(mailsTo(smtp, ADMIN.email)).toEqual([])
    expect(mailsTo(smtp, 'secretary@example.org')).toEqual([])

    // In the database: no working link, no attacker's host, and the body unreadable without the server's secret.
    const [held] = await outbox(ADMIN.email)
    expect(held).toMatchObject({ sent_at: null, sealed: 1 })
    expect(held.site_placeholder).toMatch(/^https:\/\/site-address-[\da-f]+\.invalid$/)
    expect(held.text_body).toMatch(/^v1\./)
    expect(held.text_body).not.toContain('reset-password')
    expect(JSON.stringify(await outbox('secretary@example.org'))).not.toContain(ATTACKER)

    // The dashboard says why, and where to set it; Settings offers the address the administrator came in on.
    const dashboard = (await admin.get('/admin/dashboard')).text.replace(/<!-- -->/g, '')
    expect(dashboard).toContain('2 e-mails are waiting for the site’s address')
    expect(dashboard).toContain('href="/admin/settings#settings-site-address"')
    const settings = (await admin.get('/admin/settings')).text
    expect(settings).toContain(`value="${new URL(server.url).origin}"`)
    expect(settings).toContain('Confirm site address')

    // A bad address is a field message; nothing is saved.
    const bad = await admin.request('POST', '/admin/settings', {
      body: new URLSearchParams({ intent: 'site-address', site_address: 'ftp://church.example/files' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(bad.status).toBe(400)
    expect(bad.text).toContain('https://')

    const confirmed = await admin.request('POST', '/admin/settings', {
      body: new URLSearchParams({ intent: 'site-address', site_address: server.url }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(confirmed.status).toBe(200)

    const [reset] = await waitForMailTo(smtp, ADMIN.email)
    const text = reset.mail.text ?? ''
    expect(text).not.toContain(ATTACKER)
    expect(text).not.toContain('.invalid')
    const link = new RegExp(`${server.url}/admin/reset-password\\?token=[\\w-]+`).exec(text)?.[0]
    expect(link).toBeTruthy()
    const [alert] = await waitForMailTo(smtp, 'secretary@example.org')
    expect(alert.mail.text).toContain(`${server.url}/admin/messages?message=`)
    expect(alert.mail.text).not.toContain(ATTACKER)

    // Once sent, the sealed e-mail's bodies are gone; the link still works (once) for its owner.
    await sleep(300)
    const [sent] = await outbox(ADMIN.email)
    expect(sent.sent_at).not.toBeNull()
    expect(sent).toMatchObject({ text_body: '', html_body: null })
    const token = new URL(link!).searchParams.get('token')!
    const page = await new Client(server.url).get(`/admin/reset-password?token=${token}`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Choose a new password')

    // From now on pages name the confirmed address too, whatever Host asks.
    const about = (await forged(server, 'GET', '/about')).body.toString('utf8')
    expect(about).toContain(`<link rel="canonical" href="${server.url}/about"/>`)
    expect(about).not.toContain(ATTACKER)
    // And a new reset asked with a forged Host goes out at once, with the site's address.
    expect((await forgotPassword(server, ADMIN.email)).status).toBe(200)
    const [, second] = await waitForMailTo(smtp, ADMIN.email, 2)
    expect(second.mail.text).toContain(`${server.url}/admin/reset-password?token=`)
    expect(second.mail.text).not.toContain(ATTACKER)
  })

  test('calendar UIDs and share images never depend on the Host a request names', async () => {
    expect((await admin.post('/api/events', makeEvent({ title: 'Harvest Festival' }))).status).toBe(201)
    const feeds = await Promise.all(
      [ATTACKER, 'other.example', new URL(server.url).host].map((host) =>
        forged(server, 'GET', '/calendar.ics', { host }),
      ),
    )
    const uids = feeds.map(({ body }) => body.toString('utf8').match(/^UID:.*$/gm))
    expect(uids[0]?.length).toBeGreaterThan(0)
    expect(uids[1]).toEqual(uids[0])
    expect(uids[2]).toEqual(uids[0])
    expect(JSON.stringify(uids)).not.toContain(ATTACKER)

    const images = await Promise.all(
      [ATTACKER, 'a.example', 'b.example'].map((host) => forged(server, 'GET', '/og/home.jpg', { host })),
    )
    for (const image of images) expect(image.status).toBe(200)
    expect(images[1].body.equals(images[0].body)).toBe(true)
    expect(images[2].body.equals(images[0].body)).toBe(true)
  })
})

describe.each(databases)('$name, with PUBLIC_URL', (database) => {
  let smtp: TestSmtpServer
  let server: TestServer

  beforeAll(async () => {
    smtp = await startSmtpServer()
    server = await startServer({
      admin: ADMIN,
      postgresUrl: database.postgresUrl,
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'office@example.org',
        NOTIFY_TO: 'secretary@example.org',
        PUBLIC_URL: 'http://church.example',
      },
    })
  })
  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
  })

  test('reset and alert e-mails asked with a forged Host carry PUBLIC_URL at once', async () => {
    expect(server.output()).not.toContain('The site’s address is not set')
    expect((await forgotPassword(server, ADMIN.email)).status).toBe(200)
    const message = makeContactMessage({ message: 'Could someone call me about the youth group?' })
    await forged(server, 'POST', '/api/contact_messages', {
      body: JSON.stringify({ ...message, form_token: formToken(server) }),
    })
    const [reset] = await waitForMailTo(smtp, ADMIN.email)
    expect(reset.mail.text).toMatch(/http:\/\/church\.example\/admin\/reset-password\?token=[\w-]+/)
    const [alert] = await waitForMailTo(smtp, 'secretary@example.org')
    expect(alert.mail.text).toContain('http://church.example/admin/messages?message=')
    expect(`${reset.mail.text}${reset.mail.html}${alert.mail.text}${alert.mail.html}`).not.toContain(ATTACKER)
    // Settings shows the address and where it comes from, and refuses to change it.
    const admin = await signIn(server.url, ADMIN)
    expect((await admin.get('/admin/settings')).text).toContain('http://church.example')
    const change = await admin.request('POST', '/admin/settings', {
      body: new URLSearchParams({ intent: 'site-address', site_address: 'https://elsewhere.example' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(change.status).toBe(400)
  })
})

// Behind a proxy that ends TLS (an outside audit's find): the browser's Origin says https while the server is
// spoken to over http, and the proxy may forward the host rather than pass it on.
describe('behind a proxy', () => {
  const signInForm = new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }).toString()
  const form = 'application/x-www-form-urlencoded'

  test('with PUBLIC_URL=https://… and no TRUST_PROXY, the sign-in form works; another Origin is refused', async () => {
    const server = await startServer({ admin: ADMIN, env: { PUBLIC_URL: 'https://church.example' } })
    try {
      const own = { origin: 'https://church.example', 'x-forwarded-proto': 'https' }
      const signedIn = await forged(server, 'POST', '/admin/login', {
        host: 'church.example',
        body: signInForm,
        type: form,
        headers: own,
      })
      expect(signedIn.status).toBe(302)
      const evil = await forged(server, 'POST', '/admin/login', {
        host: 'church.example',
        body: signInForm,
        type: form,
        headers: { origin: 'https://evil.example' },
      })
      expect(evil.status).toBe(403)
    } finally {
      await server.stop()
    }
  })

  test('with TRUST_PROXY and a forwarded host, signing in works from that host only', async () => {
    const server = await startServer({ admin: ADMIN, env: { TRUST_PROXY: 'true' } })
    try {
      const upstream = new URL(server.url).host
      const proxied = { 'x-forwarded-host': 'church.example', 'x-forwarded-proto': 'https' }
      const api = await forged(server, 'POST', '/api/auth/sign-in/email', {
        host: upstream,
        body: JSON.stringify(ADMIN),
        headers: { ...proxied, origin: 'https://church.example' },
      })
      expect(api.status).toBe(200)
      const page = await forged(server, 'POST', '/admin/login', {
        host: upstream,
        body: signInForm,
        type: form,
        headers: { ...proxied, origin: 'https://church.example' },
      })
      expect(page.status).toBe(302)
      const evil = await forged(server, 'POST', '/api/auth/sign-in/email', {
        host: upstream,
        body: JSON.stringify(ADMIN),
        headers: { ...proxied, origin: 'https://evil.example' },
      })
      expect(evil.status).toBe(403)
    } finally {
      await server.stop()
    }
  })
})
