import { describe, expect, test } from 'vitest'

import { makeService } from '../factories.ts'
import {
  ADMIN,
  apiError,
  Client,
  createAdminWithCli,
  databases,
  insertAdministrator,
  sessionCookie,
  signIn,
  sleep,
  useServer,
} from './support.ts'

// Tests that fail many sign-ins do it from an address of their own, far from the per-address limit of the rest.
const OWN_ADDRESS = { 'x-forwarded-for': '198.51.100.99' }
const SECOND_ADMIN = { email: 'deacon@example.org', password: 'a-second-long-password' }

describe.each(databases)('$name', (database) => {
  // The most talkative log level, so the test of what the logs hold sees everything.
  // TRUST_PROXY lets the per-address throttle test speak from an address of its own.
  const ctx = useServer(database, { env: { LOG_LEVEL: 'trace', TRUST_PROXY: 'true' } })

  test('an administrator created with the CLI can sign in and gets an HttpOnly, SameSite=Lax cookie', async () => {
    expect(await createAdminWithCli(ctx.server, SECOND_ADMIN.email, SECOND_ADMIN.password)).toMatch(
      /Created the administrator/,
    )
    const answer = await ctx.anonymous.post('/api/auth/sign-in/email', SECOND_ADMIN)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ user: { email: SECOND_ADMIN.email } })
    const header = answer.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('better-auth.session_token='))
    expect(header).toBeDefined()
    const attributes = header!.split(';').map((part) => part.trim().toLowerCase())
    expect(attributes).toContain('httponly')
    expect(attributes).toContain('samesite=lax')
    expect(attributes).toContain('path=/')
    // Plain http here: a Secure cookie would never come back.
    expect(attributes).not.toContain('secure')

    const client = new Client(ctx.server.url, sessionCookie(answer.headers))
    const session = await client.get('/api/auth/get-session')
    expect(session.status).toBe(200)
    expect(session.body).toMatchObject({ user: { email: SECOND_ADMIN.email } })
    expect((await client.post('/api/services', makeService())).status).toBe(201)
  })

  test('signed out, get-session answers null', async () => {
    const answer = await ctx.anonymous.get('/api/auth/get-session')
    expect(answer.status).toBe(200)
    expect(answer.body).toBeNull()
  })

  test('a wrong password is 401 with the error JSON and no cookie; an unknown email looks the same', async () => {
    const wrong = await ctx.anonymous.post('/api/auth/sign-in/email', {
      ...ADMIN,
      password: 'not-the-password',
    })
    expect(wrong.status).toBe(401)
    expect(wrong.body).toEqual(apiError())
    expect(sessionCookie(wrong.headers)).toBeNull()
    const unknown = await ctx.anonymous.post('/api/auth/sign-in/email', {
      email: 'nobody@example.org',
      password: 'not-the-password',
    })
    expect(unknown.status).toBe(401)
    expect(unknown.body).toEqual(wrong.body)
  })

  test('after 5 failed sign-ins one account is refused with 429, even with the right password; others are not', async () => {
    const account = { email: 'throttled@example.org', password: 'the-right-password-1' }
    await insertAdministrator(ctx.server, account)
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await ctx.anonymous.post('/api/auth/sign-in/email', {
        ...account,
        password: `wrong-${attempt}`,
      })
      expect(answer.status, `attempt ${attempt}`).toBe(401)
    }
    const limited = await ctx.anonymous.post('/api/auth/sign-in/email', account)
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual(apiError())
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(sessionCookie(limited.headers)).toBeNull()
    // The same address can still sign in to another account.
    await expect(signIn(ctx.server.url, ADMIN)).resolves.toBeInstanceOf(Client)
  })

  test('an attacker who locks the account cannot lock out its owner, who signs in from a known device', async () => {
    const owner = { email: 'owner@example.org', password: 'the-owners-password-1' }
    await insertAdministrator(ctx.server, owner)
    // The owner's browser has signed in before: it carries a device cookie.
    const first = await ctx.anonymous.post('/api/auth/sign-in/email', owner, {
      headers: { 'x-forwarded-for': '203.0.113.50' },
    })
    expect(first.status).toBe(200)
    const device = first.headers.getSetCookie().find((cookie) => cookie.startsWith('lampstand_device='))
    expect(device).toMatch(/HttpOnly/i)
    expect(device).toMatch(/SameSite=Lax/i)
    const deviceCookie = device!.split(';')[0]

    // The attacker, from many addresses, fails again and again: still throttled, the right password included.
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      await ctx.anonymous.post(
        '/api/auth/sign-in/email',
        { email: owner.email, password: `guess-${attempt}` },
        { headers: { 'x-forwarded-for': `198.51.100.${attempt}` } },
      )
    }
    const attacker = await ctx.anonymous.post('/api/auth/sign-in/email', owner, {
      headers: { 'x-forwarded-for': '198.51.100.77' },
    })
    expect(attacker.status).toBe(429)
    expect(sessionCookie(attacker.headers)).toBeNull()

    // The owner, from the known device, gets in.
    const back = await ctx.anonymous.post('/api/auth/sign-in/email', owner, {
      headers: { 'x-forwarded-for': '203.0.113.50', cookie: deviceCookie },
    })
    expect(back.status).toBe(200)
    expect(sessionCookie(back.headers)).not.toBeNull()
  })

  test('failed sign-ins count for one account however its email is capitalised or spaced', async () => {
    for (const email of [
      'Cased@example.org',
      'CASED@EXAMPLE.ORG',
      ' cased@example.org ',
      'cased@Example.Org',
      'cased@example.org',
    ]) {
      const answer = await ctx.anonymous.post(
        '/api/auth/sign-in/email',
        { email, password: 'wrong-password' },
        { headers: OWN_ADDRESS },
      )
      expect(answer.status, email).not.toBe(200)
    }
    const limited = await ctx.anonymous.post(
      '/api/auth/sign-in/email',
      { email: 'cased@example.org', password: 'another-guess' },
      { headers: OWN_ADDRESS },
    )
    expect(limited.status).toBe(429)
  })

  test('failed sign-ins sent all at once are counted too: no more than 5 get an answer', async () => {
    const email = 'concurrent@example.org'
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        ctx.anonymous.post(
          '/api/auth/sign-in/email',
          { email, password: `parallel-guess-${index}` },
          { headers: OWN_ADDRESS },
        ),
      ),
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5)
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true)
  })

  test('sign-in takes only JSON, so a form body cannot slip past the account throttle', async () => {
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', new URLSearchParams(ADMIN).toString()],
      [
        'multipart/form-data; boundary=x',
        `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${ADMIN.email}\r\n--x--\r\n`,
      ],
      ['text/plain', JSON.stringify(ADMIN)],
    ]) {
      const answer = await ctx.anonymous.request('POST', '/api/auth/sign-in/email', {
        body,
        headers: { 'content-type': type },
      })
      expect(answer.status, type).toBe(415)
      expect(answer.body).toEqual(apiError())
      expect(sessionCookie(answer.headers)).toBeNull()
    }
  })

  test('after 20 failed sign-ins from one address, that address is refused with 429 for every account', async () => {
    const address = { 'x-forwarded-for': '198.51.100.20' }
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const answer = await ctx.anonymous.post(
        '/api/auth/sign-in/email',
        { email: `guess${attempt}@example.org`, password: 'guessed-password' },
        { headers: address },
      )
      expect(answer.status, `attempt ${attempt}`).toBe(401)
    }
    const limited = await ctx.anonymous.post('/api/auth/sign-in/email', ADMIN, { headers: address })
    expect(limited.status).toBe(429)
    expect(sessionCookie(limited.headers)).toBeNull()
    const elsewhere = await ctx.anonymous.post('/api/auth/sign-in/email', ADMIN, {
      headers: { 'x-forwarded-for': '198.51.100.21' },
    })
    expect(elsewhere.status).toBe(200)
  })

  test('an admin page opened signed out (an alert e-mail’s link) is where signing in leads; never another site', async () => {
    const link = '/admin/messages?message=5f1c2a&status=new'
    const asked = await ctx.anonymous.get(link)
    expect(asked.status).toBe(302)
    const signInPage = asked.headers.get('location')!
    expect(signInPage).toBe(`/admin/login?next=${encodeURIComponent(link)}`)
    // The page carries it into its form, which the browser posts back to the same address.
    expect((await ctx.anonymous.get(signInPage)).text).toContain(
      `<input type="hidden" name="next" value="${link.replace('&', '&amp;')}"/>`,
    )
    const form = (fields: Record<string, string>) =>
      new Client(ctx.server.url).request('POST', signInPage, {
        body: new URLSearchParams({ ...ADMIN, ...fields }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    const signedIn = await form({ next: link })
    expect(signedIn.status).toBe(302)
    expect(signedIn.headers.get('location')).toBe(link)
    // Already signed in, the sign-in page sends there too.
    const client = new Client(ctx.server.url, sessionCookie(signedIn.headers))
    expect((await client.get(signInPage)).headers.get('location')).toBe(link)
    // The dashboard needs no mention; a client navigation's data request names its page.
    expect((await ctx.anonymous.get('/admin/dashboard')).headers.get('location')).toBe('/admin/login')
    const data = await ctx.anonymous.get('/admin/events.data?_routes=routes%2Fadmin%2Fevents')
    // (Single fetch answers a redirect in its body.)
    expect(data.text).toContain(JSON.stringify(`/admin/login?next=${encodeURIComponent('/admin/events')}`))
    for (const next of ['https://evil.example/', '//evil.example/admin', '/\\evil.example', '/contact']) {
      const answer = await form({ next })
      expect(answer.headers.get('location'), next).toBe('/admin/dashboard')
    }
  })

  test('signing out ends the session: the old cookie no longer works', async () => {
    const client = await signIn(ctx.server.url, ADMIN)
    expect((await client.post('/api/services', makeService())).status).toBe(201)
    const signOut = await client.post('/api/auth/sign-out')
    expect(signOut.status).toBe(200)
    expect((await client.get('/api/auth/get-session')).body).toBeNull()
    const refused = await client.post('/api/services', makeService())
    expect(refused.status).toBe(401)
    expect(refused.body).toEqual(apiError())
    // Another session of the same administrator is untouched.
    expect((await ctx.admin.post('/api/services', makeService())).status).toBe(201)
  })

  test('nobody can sign up: the account is not created', async () => {
    const visitor = { email: 'visitor@example.org', password: 'visitor-password-1', name: 'Visitor' }
    const answer = await ctx.anonymous.post('/api/auth/sign-up/email', visitor)
    expect(answer.status).toBe(404)
    expect(answer.body).toEqual(apiError())
    expect(sessionCookie(answer.headers)).toBeNull()
    const signInAnswer = await ctx.anonymous.post('/api/auth/sign-in/email', visitor)
    expect(signInAnswer.status).toBe(401)
  })

  test("better-auth's other endpoints are not offered: 404 (or 405 for ours) with the API's error shape", async () => {
    for (const path of [
      '/api/auth/list-sessions',
      '/api/auth/ok',
      '/api/auth/update-user',
      '/api/auth/nothing',
    ]) {
      const answer = await ctx.admin.get(path)
      expect(answer.status, path).toBe(404)
      expect(answer.body, path).toEqual(apiError())
    }
    const changed = await ctx.admin.post('/api/auth/change-password', {
      currentPassword: 'whatever-it-is',
      newPassword: 'a-new-password-1',
    })
    expect(changed.status).toBe(404)
    const wrongMethod = await ctx.anonymous.get('/api/auth/sign-in/email')
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('allow')).toBe('POST')
    expect(wrongMethod.body).toEqual(apiError())
  })

  test('a cross-site write is refused with 403 even with a valid session cookie', async () => {
    const before = (await ctx.anonymous.get('/api/services')).text
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: `${ctx.server.url}.evil.example` },
      { 'sec-fetch-site': 'cross-site', origin: '' },
    ]
    for (const headers of attempts) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const answer = await ctx.admin.request(method, '/api/services', { json: makeService(), headers })
        expect(answer.status, `${method} ${JSON.stringify(headers)}`).toBe(403)
        expect(answer.body).toEqual(apiError())
      }
    }
    // Signing in from another site is refused too (no login CSRF).
    const signInAnswer = await ctx.anonymous.post('/api/auth/sign-in/email', ADMIN, {
      headers: { origin: 'https://evil.example' },
    })
    expect(signInAnswer.status).toBe(403)
    expect(sessionCookie(signInAnswer.headers)).toBeNull()
    expect((await ctx.anonymous.get('/api/services')).text).toBe(before)
    // The same request from the site itself goes through.
    expect((await ctx.admin.post('/api/services', makeService())).status).toBe(201)
  })

  test('the logs never hold a password or a session cookie', async () => {
    const wrongPassword = 'hunter2-should-never-be-logged'
    await ctx.anonymous.post('/api/auth/sign-in/email', { email: ADMIN.email, password: wrongPassword })
    const client = await signIn(ctx.server.url, ADMIN)
    const token = client.cookie!.split('=')[1]
    await client.get('/api/auth/get-session')
    await client.get(`/api/contact_messages?q=${encodeURIComponent('private search')}`)
    await client.post('/api/auth/sign-out')
    await sleep(200)
    const logs = ctx.server.output()
    expect(logs).toContain('/api/auth/sign-in/email')
    for (const secret of [
      ADMIN.password,
      SECOND_ADMIN.password,
      wrongPassword,
      token,
      decodeURIComponent(token),
      'private search',
    ]) {
      expect(logs).not.toContain(secret)
    }
    expect(logs).not.toContain(token.split('.')[0])
  })
})
