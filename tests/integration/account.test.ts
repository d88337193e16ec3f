// My account over HTTP: the name, the sign-in address (by a link when e-mail is on, at once when it is off), the
// password (the current one required, other sessions ended on request) and the list of sessions.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { startSmtpServer, type TestSmtpServer } from '../smtp-server.ts'
import { startServer, type TestServer } from '../test-server.ts'
import { ADMIN, Client, databases, insertAdministrator, sessionCookie, signIn, sleep } from './support.ts'
import { openDatabase } from '#app/db/database.server.ts'
import { listActivity } from '#app/models/activity.server.ts'

const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

let people = 0
/** A person of this test's own, created as the operator would. */
async function newPerson(server: TestServer) {
  people += 1
  const person = {
    email: `person${people}-${Date.now()}@example.org`,
    password: `a long passphrase ${people}`,
  }
  await insertAdministrator(server, person)
  return person
}

/** Signs in through the API with a browser's User-Agent. */
async function signInAs(server: TestServer, person: { email: string; password: string }, userAgent?: string) {
  const answer = await new Client(server.url).post('/api/auth/sign-in/email', person, {
    headers: userAgent ? { 'user-agent': userAgent } : {},
  })
  expect(answer.status, answer.text).toBe(200)
  return new Client(server.url, sessionCookie(answer.headers))
}

/** Posts My account's form, as its buttons do. */
function accountForm(client: Client, fields: Record<string, string>, path = '/admin/account') {
  return client.request('POST', path, {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
}

const sessionOf = async (client: Client) =>
  (await client.get('/api/auth/get-session')).body as { user: { name: string; email: string } } | null

/** The page's text, without React's markers between text and values. */
const pageText = async (client: Client) => (await client.get('/admin/account')).text.replace(/<!-- -->/g, '')

describe.each(databases)('$name', (database) => {
  let smtp: TestSmtpServer
  let server: TestServer
  // Without SMTP_URL: e-mail is off.
  let plain: TestServer

  beforeAll(async () => {
    smtp = await startSmtpServer()
    ;[server, plain] = await Promise.all([
      startServer({
        publicUrl: true,
        admin: ADMIN,
        postgresUrl: database.postgresUrl,
        env: { SMTP_URL: smtp.url, MAIL_FROM: 'office@example.org' },
      }),
      startServer({ publicUrl: true, admin: ADMIN, postgresUrl: database.postgresUrl }),
    ])
  })
  afterAll(async () => {
    await Promise.all([server?.stop(), plain?.stop()])
    await smtp?.stop()
  })

  test('My account changes the name; an empty name is refused and nothing changes', async () => {
    const person = await newPerson(server)
    const client = await signIn(server.url, person)
    const saved = await accountForm(client, { intent: 'name', name: '  Mary Byrne ' })
    expect(saved.status).toBe(200)
    expect(saved.text).toContain('Your name is saved')
    expect((await sessionOf(client))?.user.name).toBe('Mary Byrne')
    const refused = await accountForm(client, { intent: 'name', name: '   ' })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('Enter your name')
    expect((await sessionOf(client))?.user.name).toBe('Mary Byrne')
  })

  test('a visitor without a session is sent to sign in, and cannot post to My account', async () => {
    const anonymous = new Client(server.url)
    const page = await anonymous.get('/admin/account')
    expect(page.status).toBe(302)
    expect(page.headers.get('location')).toBe(`/admin/login?next=${encodeURIComponent('/admin/account')}`)
    // The action refuses (401), and the page's own loader then sends the visitor to sign in.
    const post = await accountForm(anonymous, { intent: 'name', name: 'Intruder' })
    expect(post.status).toBe(302)
    expect(post.headers.get('location')).toBe('/admin/login')
    const data = await anonymous.request('POST', '/admin/account.data', {
      body: new URLSearchParams({ intent: 'name', name: 'Intruder' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(data.text).toContain('Your session has ended')
  })

  test('the password changes only with the current one, and other sessions end when asked', async () => {
    const person = await newPerson(server)
    const here = await signInAs(server, person, FIREFOX_MAC)
    const elsewhere = await signInAs(server, person, SAFARI_IPHONE)
    const newPassword = 'seven green bottles on the wall'

    const wrong = await accountForm(here, {
      intent: 'password',
      current_password: 'not my password at all',
      new_password: newPassword,
      confirm_password: newPassword,
      sign_out_others: 'on',
    })
    expect(wrong.status).toBe(400)
    expect(wrong.text).toContain('That is not your current password')
    const weak = await accountForm(here, {
      intent: 'password',
      current_password: person.password,
      new_password: 'short',
      confirm_password: 'short',
      sign_out_others: 'on',
    })
    expect(weak.status).toBe(400)
    expect(weak.text).toContain('at least 10 characters')
    const mismatch = await accountForm(here, {
      intent: 'password',
      current_password: person.password,
      new_password: newPassword,
      confirm_password: `${newPassword}!`,
    })
    expect(mismatch.status).toBe(400)
    expect(mismatch.text).toContain('The two new passwords are not the same')
    // Nothing changed: the old password still signs in, the other session is still open.
    await signInAs(server, person)
    expect(await sessionOf(elsewhere)).not.toBeNull()

    const changed = await accountForm(here, {
      intent: 'password',
      current_password: person.password,
      new_password: newPassword,
      confirm_password: newPassword,
      sign_out_others: 'on',
    })
    expect(changed.status).toBe(200)
    expect(changed.text).toContain('other sessions were signed out')
    expect(await sessionOf(elsewhere)).toBeNull()
    expect(await sessionOf(here)).not.toBeNull()
    const old = await new Client(server.url).post('/api/auth/sign-in/email', person)
    expect(old.status).toBe(401)
    await signInAs(server, { email: person.email, password: newPassword })
  })

  test('changing the password without "sign out everywhere else" keeps the other sessions', async () => {
    const person = await newPerson(server)
    const here = await signInAs(server, person)
    const elsewhere = await signInAs(server, person)
    const newPassword = 'a quiet walk by the river lee'
    const changed = await accountForm(here, {
      intent: 'password',
      current_password: person.password,
      new_password: newPassword,
      confirm_password: newPassword,
    })
    expect(changed.status).toBe(200)
    expect(await sessionOf(elsewhere)).not.toBeNull()
  })

  test('wrong current passwords are throttled: the sixth within 15 minutes is a 429, even when right', async () => {
    const person = await newPerson(server)
    const client = await signIn(server.url, person)
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await accountForm(client, {
        intent: 'email',
        email: `new${attempt}@example.org`,
        current_password: `wrong password ${attempt}`,
      })
      expect(answer.status, `attempt ${attempt}`).toBe(400)
    }
    const refused = await accountForm(client, {
      intent: 'email',
      email: 'new@example.org',
      current_password: person.password,
    })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(refused.text).toContain('Too many wrong passwords')
    expect((await sessionOf(client))?.user.email).toBe(person.email)
  })

  test('sessions are listed with device, address and this device; the others are signed out', async () => {
    const person = await newPerson(server)
    const here = await signInAs(server, person, FIREFOX_MAC)
    const phone = await signInAs(server, person, SAFARI_IPHONE)
    const third = await signInAs(server, person, 'curl/8.5.0')
    const text = await pageText(here)
    expect(text).toContain('Firefox on Mac')
    expect(text).toContain('Safari on iPhone')
    expect(text).toContain('This device')
    expect(text).toContain('127.0.0.1')
    expect(text.match(/This device/g)).toHaveLength(1)

    // One session by itself: the phone's, by its id on the page.
    const ids = [...text.matchAll(/name="id" value="([^"]+)"/g)].map((match) => match[1])
    expect(ids).toHaveLength(2)
    const phonePage = await pageText(phone)
    const phoneId = ids.find((id) => !phonePage.includes(`name="id" value="${id}"`))
    expect(phoneId).toBeDefined()
    const one = await accountForm(here, { intent: 'sign-out-session', id: phoneId! })
    expect(one.status).toBe(200)
    expect(await sessionOf(phone)).toBeNull()
    expect(await sessionOf(third)).not.toBeNull()

    const all = await accountForm(here, { intent: 'sign-out-others' })
    expect(all.status).toBe(200)
    expect(all.text).toContain('Signed out 1 other session')
    expect(await sessionOf(third)).toBeNull()
    expect(await sessionOf(here)).not.toBeNull()
    expect(await pageText(here)).toContain('You are signed in on this device only')
  })

  test('with e-mail on, a new address changes only through the e-mailed link, which works once', async () => {
    const person = await newPerson(server)
    const client = await signIn(server.url, person)
    const other = await newPerson(server)
    const taken = await accountForm(client, {
      intent: 'email',
      email: other.email,
      current_password: person.password,
    })
    expect(taken.status).toBe(400)
    expect(taken.text).toContain('Another person already signs in with this address')

    const newEmail = `moved-${Date.now()}@example.org`
    const asked = await accountForm(client, {
      intent: 'email',
      email: newEmail.toUpperCase(),
      current_password: person.password,
    })
    expect(asked.status).toBe(200)
    expect(asked.text).toContain(`We sent a link to ${newEmail}`)
    // Nothing changes before the link is followed.
    expect((await sessionOf(client))?.user.email).toBe(person.email)

    let mail = smtp.received.find((received) => received.envelope.to.includes(newEmail))
    for (let waited = 0; !mail && waited < 30_000; waited += 100) {
      await sleep(100)
      mail = smtp.received.find((received) => received.envelope.to.includes(newEmail))
    }
    expect(mail).toBeDefined()
    const link = /http:\/\/\S+\/admin\/account\/email\?token=([\w-]+)/.exec(mail!.mail.text ?? '')
    expect(link).not.toBeNull()
    const token = link![1]

    // Opening the link only asks (a mail scanner's visit uses nothing up).
    const anonymous = new Client(server.url)
    const page = await anonymous.get(`/admin/account/email?token=${token}`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Confirm new address')
    const confirmed = await accountForm(anonymous, { token }, '/admin/account/email')
    expect(confirmed.status).toBe(200)
    expect(confirmed.text.replace(/<!-- -->/g, '')).toContain(`you now sign in with`)
    expect((await sessionOf(client))?.user.email).toBe(newEmail)
    // The activity log has the change, under the address the person had until then.
    const db = openDatabase({ dataDir: server.dataDir, databaseUrl: server.databaseUrl })
    try {
      const { items } = await listActivity({ db, section: 'account' })
      expect(
        items.find((entry) => entry.item_title === `their sign-in address to ${newEmail}`),
      ).toMatchObject({
        user_email: person.email,
        action: 'changed',
      })
    } finally {
      await db.close()
    }
    await signInAs(server, { email: newEmail, password: person.password })
    expect((await new Client(server.url).post('/api/auth/sign-in/email', person)).status).toBe(401)

    const again = await accountForm(anonymous, { token }, '/admin/account/email')
    expect(again.status).toBe(400)
    expect(again.text).toContain('This link has expired or has already been used')
    for (const spent of [token, 'made-up-token-of-some-length']) {
      const again = await anonymous.get(`/admin/account/email?token=${spent}`)
      expect(again.text).toContain('This link has expired or has already been used')
      expect(again.text).not.toContain('Confirm new address')
    }

    // The old address is told.
    let notice = smtp.received.find((received) => received.envelope.to.includes(person.email))
    for (let waited = 0; !notice && waited < 30_000; waited += 100) {
      await sleep(100)
      notice = smtp.received.find((received) => received.envelope.to.includes(person.email))
    }
    expect(notice?.mail.text).toContain(newEmail)
  })

  test('with e-mail off, the address changes at once after the current password, and the page says so', async () => {
    const person = await newPerson(plain)
    const client = await signIn(plain.url, person)
    expect(await pageText(client)).toContain('E-mail is off on this website')
    const wrong = await accountForm(client, {
      intent: 'email',
      email: 'nowhere@example.org',
      current_password: 'not the password',
    })
    expect(wrong.status).toBe(400)
    expect((await sessionOf(client))?.user.email).toBe(person.email)
    const invalid = await accountForm(client, {
      intent: 'email',
      email: 'not an address',
      current_password: person.password,
    })
    expect(invalid.status).toBe(400)
    expect(invalid.text).toContain('Enter an e-mail address')

    const newEmail = `direct-${Date.now()}@example.org`
    const changed = await accountForm(client, {
      intent: 'email',
      email: newEmail,
      current_password: person.password,
    })
    expect(changed.status).toBe(200)
    expect(changed.text).toContain(`You now sign in with ${newEmail}`)
    expect((await sessionOf(client))?.user.email).toBe(newEmail)
    await signInAs(plain, { email: newEmail, password: person.password })
  })
})
