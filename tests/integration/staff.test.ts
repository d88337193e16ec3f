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
  databases,
  type ServerContext,
  signIn,
  sleep,
  type TestDatabase,
  useServer,
} from './support.ts'

const PASSWORD = 'a-long-walk-by-the-lee'

/** A form post to an admin page, as its form sends it (the document, not `.data`). */
async function postForm(client: Client, pathName: string, fields: Record<string, string>) {
  const answer = await client.request('POST', pathName, {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  // The page's text as read (React's markers between text pieces left out).
  return { ...answer, text: answer.text.replace(/<!-- -->/g, '') }
}

async function getPage(client: Client, pathName: string) {
  const answer = await client.get(pathName)
  return { ...answer, text: answer.text.replace(/<!-- -->/g, '') }
}

/** The one-time link a page or e-mail shows, as a path with its token. */
function linkIn(text: string, kind: 'invitation' | 'reset-password' = 'invitation') {
  const match = new RegExp(`/admin/${kind}\\?token=([\\w-]+)`).exec(text)
  return match ? match[0] : null
}

async function invite(ctx: { admin: Client }, email: string, role = 'editor', name = '') {
  return postForm(ctx.admin, '/admin/staff', { intent: 'invite', email, role, name })
}

/** Follows a link: chooses the password there. */
function choosePassword(client: Client, link: string, password: string, confirm = password) {
  return postForm(client, link, {
    token: new URL(link, 'http://x').searchParams.get('token')!,
    password,
    confirm,
  })
}

/** The Staff screen's row of this address: its id (from the role form). */
async function memberId(admin: Client, email: string) {
  const page = (await getPage(admin, '/admin/staff')).text
  const at = page.indexOf(email)
  expect(at, `${email} on the Staff screen`).toBeGreaterThan(-1)
  const match = /name="id" value="([^"]+)"/.exec(page.slice(at))
  return match![1]
}

describe.each(databases)('$name, e-mail off', (database) => {
  const ctx: ServerContext = useServer(database)

  test('an invitation without e-mail shows its link once; the invitee chooses a password there and signs in as an editor', async () => {
    const answer = await invite(ctx, 'Youth.Leader@Example.org', 'editor', 'Aoife Byrne')
    expect(answer.status).toBe(200)
    expect(answer.text).toContain('Send this link to youth.leader@example.org yourself')
    const link = linkIn(answer.text)!
    expect(link).not.toBeNull()
    // The list shows them as invited, and the link is never shown again.
    const staff = (await getPage(ctx.admin, '/admin/staff')).text
    expect(staff).toContain('Aoife Byrne')
    expect(staff).toMatch(/Invited, link open until/)
    expect(linkIn(staff)).toBeNull()
    // Nobody can sign in before the password is chosen.
    const early = await ctx.anonymous.post('/api/auth/sign-in/email', {
      email: 'youth.leader@example.org',
      password: PASSWORD,
    })
    expect(early.status).toBe(401)

    const page = await getPage(ctx.anonymous, link)
    expect(page.status).toBe(200)
    expect(page.text).toContain('youth.leader@example.org')
    // The link's address is never sent on to another site (the last policy given is the one that counts).
    expect(page.headers.get('referrer-policy')).toMatch(/(^|, )no-referrer$/)
    // A weak password or two different ones: a clear message, and the link still works.
    for (const [password, confirm, message] of [
      ['short', 'short', /at least 10 characters/],
      ['1234567890', '1234567890', /most common/],
      [PASSWORD, `${PASSWORD}x`, /not the same/],
    ] as const) {
      const refused = await choosePassword(ctx.anonymous, link, password, confirm)
      expect(refused.status, password).toBe(400)
      expect(refused.text, password).toMatch(message)
    }
    const chosen = await choosePassword(ctx.anonymous, link, PASSWORD)
    expect(chosen.status).toBe(302)
    expect(chosen.headers.get('location')).toBe('/admin/login?password=chosen')
    const editor = await signIn(ctx.server.url, { email: 'youth.leader@example.org', password: PASSWORD })
    expect((await editor.post('/api/events', makeEvent({ title: 'Youth night' }))).status).toBe(201)
    expect((await editor.get('/api/contact_messages')).status).toBe(403)
    expect((await editor.get('/admin/staff')).status).toBe(403)
    expect((await editor.get('/admin/staff.data')).status).toBe(403)
    const editorsInvite = await invite({ admin: editor }, 'friend@example.org')
    expect(editorsInvite.status).toBe(403)

    // The link worked once.
    const again = await getPage(ctx.anonymous, link)
    expect(again.status).toBe(410)
    expect(again.text).toMatch(/used already/)
    const reused = await choosePassword(ctx.anonymous, link, 'another-long-password')
    expect(reused.status).toBe(410)
    await expect(
      signIn(ctx.server.url, { email: 'youth.leader@example.org', password: PASSWORD }),
    ).resolves.toBeInstanceOf(Client)
  })

  test('a made-up, cut or altered token is refused with a clear message', async () => {
    const answer = await invite(ctx, 'altered@example.org')
    const link = linkIn(answer.text)!
    for (const bad of [
      '/admin/invitation',
      '/admin/invitation?token=',
      '/admin/invitation?token=abc',
      `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`,
      link.replace('/admin/invitation', '/admin/reset-password'),
    ]) {
      const page = await getPage(ctx.anonymous, bad)
      expect(page.status, bad).toBe(410)
      expect(page.text, bad).toMatch(/does not work/)
    }
    expect((await ctx.anonymous.get(link)).status).toBe(200)
  })

  test('inviting an address that already has access says so and changes nothing', async () => {
    const before = (await getPage(ctx.admin, '/admin/staff')).text
    const answer = await invite(ctx, ADMIN.email.toUpperCase(), 'editor')
    expect(answer.status).toBe(400)
    expect(answer.text).toContain(`${ADMIN.email} already has access`)
    expect(linkIn(answer.text)).toBeNull()
    const bad = await invite(ctx, 'not an address', 'editor')
    expect(bad.status).toBe(400)
    expect(bad.text).toContain('Enter an e-mail address')
    const noRole = await invite(ctx, 'someone@example.org', 'owner')
    expect(noRole.status).toBe(400)
    expect(
      (await getPage(ctx.admin, '/admin/staff')).text.match(/name="intent" value="remove"|Remove<span/g),
    ).toEqual(before.match(/name="intent" value="remove"|Remove<span/g))
    expect((await getPage(ctx.admin, '/admin/staff')).text).not.toContain('someone@example.org')
  })

  test('a role change takes effect at the next request; the last administrator stays one and cannot be removed', async () => {
    const link = linkIn((await invite(ctx, 'deacon@example.org', 'editor')).text)!
    await choosePassword(ctx.anonymous, link, PASSWORD)
    const deacon = await signIn(ctx.server.url, { email: 'deacon@example.org', password: PASSWORD })
    expect((await deacon.get('/api/contact_messages')).status).toBe(403)
    const id = await memberId(ctx.admin, 'deacon@example.org')
    const promoted = await postForm(ctx.admin, '/admin/staff', { intent: 'role', id, role: 'admin' })
    expect(promoted.status).toBe(200)
    expect((await deacon.get('/api/contact_messages')).status).toBe(200)
    expect((await deacon.get('/admin/staff')).status).toBe(200)

    // Now two administrators: the deacon can demote the first; then the deacon is the last and stays one.
    const adminId = await memberId(deacon, ADMIN.email)
    expect(
      (await postForm(deacon, '/admin/staff', { intent: 'role', id: adminId, role: 'editor' })).status,
    ).toBe(200)
    expect((await ctx.admin.get('/admin/staff')).status).toBe(403)
    const deaconId = id
    const demoteLast = await postForm(deacon, '/admin/staff', {
      intent: 'role',
      id: deaconId,
      role: 'editor',
    })
    expect(demoteLast.status).toBe(400)
    expect(demoteLast.text).toMatch(/There must always be an administrator/)
    const removeSelf = await postForm(deacon, '/admin/staff', { intent: 'remove', id: deaconId })
    expect(removeSelf.status).toBe(400)
    expect(removeSelf.text).toMatch(/You cannot remove yourself/)
    expect((await deacon.get('/api/contact_messages')).status).toBe(200)
    // Back as it was.
    expect(
      (await postForm(deacon, '/admin/staff', { intent: 'role', id: adminId, role: 'admin' })).status,
    ).toBe(200)
    expect((await ctx.admin.get('/admin/staff')).status).toBe(200)
  })

  test('removing a person ends all their sessions at once: their next request is refused, and they cannot sign in', async () => {
    const link = linkIn((await invite(ctx, 'leaving@example.org', 'editor')).text)!
    await choosePassword(ctx.anonymous, link, PASSWORD)
    const phone = await signIn(ctx.server.url, { email: 'leaving@example.org', password: PASSWORD })
    const laptop = await signIn(ctx.server.url, { email: 'leaving@example.org', password: PASSWORD })
    expect((await phone.get('/admin/events')).status).toBe(200)
    const id = await memberId(ctx.admin, 'leaving@example.org')
    const removed = await postForm(ctx.admin, '/admin/staff', { intent: 'remove', id })
    expect(removed.status).toBe(200)
    expect(removed.text).toContain('leaving@example.org no longer has access')
    for (const client of [phone, laptop]) {
      expect((await client.post('/api/events', makeEvent())).status).toBe(401)
      const page = await client.get('/admin/events')
      expect(page.status).toBe(302)
      expect(page.headers.get('location')).toBe(`/admin/login?next=${encodeURIComponent('/admin/events')}`)
      expect((await client.get('/api/auth/get-session')).body).toBeNull()
    }
    const signInAgain = await ctx.anonymous.post('/api/auth/sign-in/email', {
      email: 'leaving@example.org',
      password: PASSWORD,
    })
    expect(signInAgain.status).toBe(401)
    expect((await getPage(ctx.admin, '/admin/staff')).text).not.toContain('leaving@example.org')
    // Removing someone already gone: a clear message.
    const twice = await postForm(ctx.admin, '/admin/staff', { intent: 'remove', id })
    expect(twice.status).toBe(404)
    expect(twice.text).toContain('no longer has access')
  })
})

describe.each(databases)('$name, e-mail on', (database) => {
  let smtp: TestSmtpServer
  let server: TestServer
  let admin: Client

  beforeAll(async () => {
    smtp = await startSmtpServer()
    server = await startServer({
      publicUrl: true,
      admin: ADMIN,
      postgresUrl: database.postgresUrl,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Parish Office <office@example.org>' },
    })
    admin = await signIn(server.url, ADMIN)
  })
  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
  })

  async function mailTo(address: string, count = 1) {
    const start = Date.now()
    for (;;) {
      const found = smtp.received.filter((mail) => mail.envelope.to.includes(address))
      if (found.length >= count) return found
      if (Date.now() - start > 15_000) throw new Error(`No e-mail to ${address}`)
      await sleep(100)
    }
  }

  test('an invitation is e-mailed with its link, not shown; a new one voids the old link', async () => {
    const answer = await invite({ admin }, 'organist@example.org', 'editor')
    expect(answer.status).toBe(200)
    expect(linkIn(answer.text)).toBeNull()
    const [mail] = await mailTo('organist@example.org')
    expect(mail.mail.subject).toBe('Your invitation to the church website')
    expect(mail.mail.text).toContain('as an Editor')
    const first = linkIn(mail.mail.text ?? '')!
    expect(first).not.toBeNull()
    expect(mail.mail.text).toContain(`${server.url}${first}`)

    const id = await memberId(admin, 'organist@example.org')
    expect((await postForm(admin, '/admin/staff', { intent: 'resend', id })).status).toBe(200)
    const mails = await mailTo('organist@example.org', 2)
    const second = linkIn(mails[1].mail.text ?? '')!
    expect(second).not.toBe(first)
    const anonymous = new Client(server.url)
    expect((await anonymous.get(first)).status).toBe(410)
    expect((await choosePassword(anonymous, second, PASSWORD)).status).toBe(302)
    await expect(
      signIn(server.url, { email: 'organist@example.org', password: PASSWORD }),
    ).resolves.toBeInstanceOf(Client)
  })
})

describe.each(databases)('$name, seven days later', (database: TestDatabase) => {
  const cleanups: (() => Promise<void> | void)[] = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  test('an invitation link no longer works after 7 days, saying it has expired', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-staff-'))
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }))
    const env: Record<string, string> = {}
    if (database.postgresUrl) {
      const postgres = await createPostgresDatabase(database.postgresUrl)
      cleanups.push(postgres.drop)
      env.DATABASE_URL = postgres.url
    }
    const start = new Date()
    const first = await startServer({ publicUrl: true, dataDir, admin: ADMIN, env })
    cleanups.push(first.stop)
    const admin = await signIn(first.url, ADMIN)
    const link = linkIn((await invite({ admin }, 'late@example.org')).text)!
    await first.stop()

    const later = (days: number) => new Date(start.getTime() + days * 24 * 60 * 60 * 1000).toISOString()
    const sixDays = await startServer({ publicUrl: true, dataDir, env: { ...env, CLOCK_START: later(6.9) } })
    cleanups.push(sixDays.stop)
    expect((await new Client(sixDays.url).get(link)).status).toBe(200)
    await sixDays.stop()
    const eightDays = await startServer({
      publicUrl: true,
      dataDir,
      env: { ...env, CLOCK_START: later(7.1) },
    })
    cleanups.push(eightDays.stop)
    const anonymous = new Client(eightDays.url)
    const page = await getPage(anonymous, link)
    expect(page.status).toBe(410)
    expect(page.text).toMatch(/has expired/)
    expect((await choosePassword(anonymous, link, PASSWORD)).status).toBe(410)
    const staff = await getPage(await signIn(eightDays.url, ADMIN), '/admin/staff')
    expect(staff.text).toContain('Invited, the link has expired')
  })
})
