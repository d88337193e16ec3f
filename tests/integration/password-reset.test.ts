import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { makeEvent } from '../factories.ts'
import { startSmtpServer, type TestSmtpServer } from '../smtp-server.ts'
import { createPostgresDatabase, startServer, type TestServer } from '../test-server.ts'
import {
  ADMIN,
  Client,
  createAdminWithCli,
  databases,
  insertAdministrator,
  runSql,
  signIn,
  sleep,
  useServer,
} from './support.ts'

const NEW_PASSWORD = 'a-new-song-for-sunday'

let lastAddress = 0
/** Each visitor comes from an address of its own (the server trusts X-Forwarded-For here). */
const newAddress = () => `203.0.113.${++lastAddress}`

async function postForm(client: Client, pathName: string, fields: Record<string, string>, ip = newAddress()) {
  const answer = await client.request('POST', pathName, {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
  })
  return { ...answer, text: answer.text.replace(/<!-- -->/g, '') }
}

const askForLink = (client: Client, email: string, ip?: string) =>
  postForm(client, '/admin/forgot-password', { email }, ip)

function linkIn(text: string) {
  const match = /\/admin\/reset-password\?token=[\w-]+/.exec(text)
  return match ? match[0] : null
}

/** An invitation link (the Staff screen's "send a password link") in an e-mail. */
function invitationIn(text: string) {
  const match = /\/admin\/invitation\?token=[\w-]+/.exec(text)
  return match ? match[0] : null
}

/** The token of a new sign-in address's confirmation link in an e-mail. */
function emailChangeTokenIn(text: string) {
  return /\/admin\/account\/email\?token=([\w-]+)/.exec(text)?.[1] ?? null
}

function choose(client: Client, link: string, password: string) {
  const token = new URL(link, 'http://x').searchParams.get('token')!
  return postForm(client, link, { token, password, confirm: password })
}

describe.each(databases)('$name, e-mail on', (database) => {
  let smtp: TestSmtpServer
  let server: TestServer
  let anonymous: Client

  beforeAll(async () => {
    smtp = await startSmtpServer()
    server = await startServer({
      publicUrl: true,
      admin: ADMIN,
      postgresUrl: database.postgresUrl,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'office@example.org', TRUST_PROXY: 'true' },
    })
    anonymous = new Client(server.url)
  })
  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
  })

  async function mailsTo(address: string, count: number) {
    const start = Date.now()
    for (;;) {
      const found = smtp.received.filter((mail) => mail.envelope.to.includes(address))
      if (found.length >= count) return found
      if (Date.now() - start > 15_000) throw new Error(`Expected ${count} e-mail(s) to ${address}`)
      await sleep(100)
    }
  }

  test('the sign-in page offers “Forgot your password?”; the answer is the same whether or not the address has access', async () => {
    expect((await anonymous.get('/admin/login')).text).toContain('href="/admin/forgot-password"')
    const known = await askForLink(anonymous, 'secretary@example.org')
    const unknown = await askForLink(anonymous, 'nobody@example.org')
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    const said = (text: string, email: string) =>
      text.slice(text.indexOf('Check your e-mail'), text.indexOf('</main>')).replace(email, 'EMAIL')
    // No account yet for the secretary: neither gets an e-mail, and both pages read alike.
    expect(said(known.text, 'secretary@example.org')).toBe(said(unknown.text, 'nobody@example.org'))
    await sleep(500)
    expect(smtp.received.filter((mail) => mail.envelope.to.includes('nobody@example.org'))).toEqual([])
  })

  test('the answer does not wait for the link: when making it fails, an address with access is answered as any other, and the failure is logged', async () => {
    const owner = { email: 'verger@example.org', password: 'the-vergers-long-password' }
    await insertAdministrator(server, owner)
    const said = (text: string, email: string) =>
      text.slice(text.indexOf('Check your e-mail'), text.indexOf('</main>')).replace(email, 'EMAIL')
    // The table the links are kept in is away (an operator's mistake, a database in trouble).
    await runSql({ server }, 'alter table verification rename to verification_away')
    let known, unknown
    try {
      known = await askForLink(anonymous, owner.email)
      unknown = await askForLink(anonymous, 'not.the.verger@example.org')
      await sleep(500)
    } finally {
      await runSql({ server }, 'alter table verification_away rename to verification')
    }
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(said(known.text, owner.email)).toBe(said(unknown.text, 'not.the.verger@example.org'))
    expect(server.output()).toMatch(/"level":50[^\n]*a password reset link could not be sent/)
    // Asked again with the table back, the link goes out.
    expect((await askForLink(anonymous, owner.email)).status).toBe(200)
    const [mail] = await mailsTo(owner.email, 1)
    expect(linkIn(mail.mail.text ?? '')).not.toBeNull()
  })

  test('a reset by the e-mailed link: the old password and every old session stop working; the link works once', async () => {
    const owner = { email: 'treasurer@example.org', password: 'the-old-long-password' }
    await insertAdministrator(server, owner)
    const phone = await signIn(server.url, owner)
    const laptop = await signIn(server.url, owner)
    expect((await phone.post('/api/events', makeEvent())).status).toBe(201)

    const asked = await askForLink(anonymous, 'Treasurer@Example.org')
    expect(asked.status).toBe(200)
    expect(asked.text.replace(/<[^>]+>/g, '')).toContain('If treasurer@example.org has access')
    const [mail] = await mailsTo(owner.email, 1)
    expect(mail.mail.subject).toBe('Choose a new password for the church website')
    const link = linkIn(mail.mail.text ?? '')!
    expect(mail.mail.text).toContain(`${server.url}${link}`)
    // Asking for a link changes nothing yet.
    expect((await phone.get('/api/auth/get-session')).body).not.toBeNull()

    const page = await anonymous.get(link)
    expect(page.status).toBe(200)
    expect(page.text).toContain(owner.email)
    const weak = await choose(anonymous, link, 'qwertyuiop')
    expect(weak.status).toBe(400)
    expect(weak.text).toMatch(/most common/)
    const done = await choose(anonymous, link, NEW_PASSWORD)
    expect(done.status).toBe(302)
    expect(done.headers.get('location')).toBe('/admin/login?password=reset')

    for (const client of [phone, laptop]) {
      expect((await client.get('/api/auth/get-session')).body).toBeNull()
      expect((await client.post('/api/events', makeEvent())).status).toBe(401)
    }
    const old = await anonymous.post('/api/auth/sign-in/email', owner, {
      headers: { 'x-forwarded-for': newAddress() },
    })
    expect(old.status).toBe(401)
    await expect(signIn(server.url, { email: owner.email, password: NEW_PASSWORD })).resolves.toBeInstanceOf(
      Client,
    )
    const again = await anonymous.get(link)
    expect(again.status).toBe(410)
    expect(again.text.replace(/<!-- -->/g, '')).toMatch(/used already/)
    expect((await choose(anonymous, link, 'yet-another-password')).status).toBe(410)
  })

  /** A new person who has a reset link, an invitation link and a new address's link still open. */
  async function personWithOpenLinks(name: string) {
    const owner = { email: `${name}@example.org`, password: `the ${name}'s long password` }
    await insertAdministrator(server, owner)
    const signedIn = await signIn(server.url, owner)
    const admin = await signIn(server.url, ADMIN)

    expect((await askForLink(anonymous, owner.email)).status).toBe(200)
    const staff = (await admin.get('/admin/staff')).text
    const id = /name="id" value="([^"]+)"/.exec(staff.slice(staff.indexOf(owner.email)))![1]
    const resent = await postForm(admin, '/admin/staff', { intent: 'resend', id })
    expect(resent.status).toBe(200)
    const mails = await mailsTo(owner.email, 2)
    const reset = mails.map((mail) => linkIn(mail.mail.text ?? '')).find(Boolean)!
    const invitation = mails.map((mail) => invitationIn(mail.mail.text ?? '')).find(Boolean)!

    const newAddress = `${name}.moved@example.org`
    const asked = await postForm(signedIn, '/admin/account', {
      intent: 'email',
      email: newAddress,
      current_password: owner.password,
    })
    expect(asked.status).toBe(200)
    const [confirmation] = await mailsTo(newAddress, 1)
    const emailToken = emailChangeTokenIn(confirmation.mail.text ?? '')!

    expect((await anonymous.get(reset)).status).toBe(200)
    expect((await anonymous.get(invitation)).status).toBe(200)
    expect((await anonymous.get(`/admin/account/email?token=${emailToken}`)).text).toContain(
      'Confirm new address',
    )
    return { owner, signedIn, reset, invitation, emailToken, newAddress }
  }

  /** None of the links works any more, and the address has not changed. */
  async function expectVoid(links: { reset: string; invitation: string; emailToken: string }) {
    expect((await anonymous.get(links.reset)).status).toBe(410)
    expect((await choose(anonymous, links.reset, 'an intruder’s password')).status).toBe(410)
    expect((await anonymous.get(links.invitation)).status).toBe(410)
    expect((await choose(anonymous, links.invitation, 'an intruder’s password')).status).toBe(410)
    const page = `/admin/account/email?token=${links.emailToken}`
    expect((await anonymous.get(page)).text).not.toContain('Confirm new address')
    expect((await postForm(anonymous, page, { token: links.emailToken })).status).toBe(400)
  }

  test('a password changed on My account voids every link mailed before: reset, invitation and new address', async () => {
    const links = await personWithOpenLinks('organist')
    const changed = await postForm(links.signedIn, '/admin/account', {
      intent: 'password',
      current_password: links.owner.password,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    })
    expect(changed.status).toBe(200)
    await expectVoid(links)
    await expect(
      signIn(server.url, { email: links.owner.email, password: NEW_PASSWORD }),
    ).resolves.toBeInstanceOf(Client)
    expect(
      (await anonymous.post('/api/auth/sign-in/email', { email: links.newAddress, password: NEW_PASSWORD }))
        .status,
    ).toBe(401)
  })

  test('a password chosen through a reset link voids the other links; so does the operator’s new password', async () => {
    const links = await personWithOpenLinks('sacristan')
    // The reset link used, the invitation and the new address's links are void with it.
    expect((await choose(anonymous, links.reset, NEW_PASSWORD)).status).toBe(302)
    await expectVoid(links)

    // The operator's `npm run admin -- create EMAIL --password …` resets it too.
    expect((await askForLink(anonymous, links.owner.email)).status).toBe(200)
    const mails = await mailsTo(links.owner.email, 3)
    const reset = linkIn(mails[2].mail.text ?? '')!
    expect(reset).not.toBe(links.reset)
    expect((await anonymous.get(reset)).status).toBe(200)
    await createAdminWithCli(server, links.owner.email, 'the operator’s new password')
    expect((await anonymous.get(reset)).status).toBe(410)
  })

  test('links are throttled per address and per IP address with 429, as sign-in is', async () => {
    const email = 'throttled@example.org'
    await insertAdministrator(server, { email, password: 'a-throttled-long-password' })
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await askForLink(anonymous, email)).status, `attempt ${attempt}`).toBe(200)
    }
    const refused = await askForLink(anonymous, email)
    expect(refused.status).toBe(429)
    expect(refused.text).toMatch(/Too many requests for a new password. Please wait \d+ minutes?/)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await mailsTo(email, 3)).toHaveLength(3)
    // Another address is not held up by this one.
    expect((await askForLink(anonymous, 'someone.else@example.org')).status).toBe(200)

    // One IP address asking for many addresses is stopped too.
    const ip = newAddress()
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await askForLink(anonymous, `guess${attempt}@example.org`, ip)).status, `${attempt}`).toBe(200)
    }
    expect((await askForLink(anonymous, 'guess11@example.org', ip)).status).toBe(429)
    expect((await askForLink(anonymous, 'guess11@example.org')).status).toBe(200)
  })
})

describe.each(databases)('$name, e-mail off', (database) => {
  const ctx = useServer(database)

  test('without e-mail the page says to ask another administrator or to run the README’s command; nothing is sent', async () => {
    const page = (await ctx.anonymous.get('/admin/forgot-password')).text.replace(/<!-- -->/g, '')
    expect(page).toContain('E-mail is not set up on this site')
    expect(page).toContain('Ask another administrator to send you a new invitation')
    expect(page).toContain('npm run admin -- create')
    expect(page).not.toContain('name="email"')
    const posted = await askForLink(ctx.anonymous, ADMIN.email)
    expect(posted.status).toBe(503)
  })
})

describe.each(databases)('$name, an hour later', (database) => {
  const cleanups: (() => Promise<void> | void)[] = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  test('a reset link no longer works after 1 hour, saying it has expired', async () => {
    const smtp = await startSmtpServer()
    cleanups.push(() => smtp.stop())
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-reset-'))
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }))
    const env: Record<string, string> = { SMTP_URL: smtp.url, MAIL_FROM: 'office@example.org' }
    if (database.postgresUrl) {
      const postgres = await createPostgresDatabase(database.postgresUrl)
      cleanups.push(postgres.drop)
      env.DATABASE_URL = postgres.url
    }
    const start = Date.now()
    const first = await startServer({ publicUrl: true, dataDir, admin: ADMIN, env })
    cleanups.push(first.stop)
    expect((await askForLink(new Client(first.url), ADMIN.email)).status).toBe(200)
    const [mail] = await smtp.waitFor(1)
    const link = linkIn(mail.mail.text ?? '')!
    await first.stop()

    const later = await startServer({
      publicUrl: true,
      dataDir,
      env: { ...env, CLOCK_START: new Date(start + 61 * 60 * 1000).toISOString() },
    })
    cleanups.push(later.stop)
    const anonymous = new Client(later.url)
    const page = await anonymous.get(link)
    expect(page.status).toBe(410)
    expect(page.text.replace(/<!-- -->/g, '')).toMatch(/has expired \(it works for 1 hour\)/)
    expect((await choose(anonymous, link, NEW_PASSWORD)).status).toBe(410)
    await expect(signIn(later.url, ADMIN)).resolves.toBeInstanceOf(Client)
  })
})
