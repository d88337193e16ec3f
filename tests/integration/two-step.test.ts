// Two-step sign-in over HTTP: switched on from My account with a first code computed from the secret by an
// independent TOTP implementation (otpauth), sign-in with a code and with a backup code (each backup code once),
// wrong codes refused and throttled, and administrators requiring it of everyone.
import * as OTPAuth from 'otpauth'
import { describe, expect, test } from 'vitest'

import { makeService } from '../factories.ts'
import { runScript } from '../test-server.ts'
import { ADMIN, type Answer, Client, databases, insertAdministrator, useServer } from './support.ts'
import { openDatabase } from '#app/db/database.server.ts'
import { listActivity } from '#app/models/activity.server.ts'

/** A browser's cookie jar for one site: every Set-Cookie kept, expired ones dropped. */
class Browser extends Client {
  jar = new Map<string, string>()

  constructor(baseUrl: string) {
    super(baseUrl)
  }

  keep(answer: Answer) {
    for (const header of answer.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';')
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === ''
      if (expired) this.jar.delete(name)
      else this.jar.set(name, value)
    }
    this.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ') || null
    return answer
  }

  /** The address the requests say they come from (through a trusted proxy), if not the test's own. */
  from: string | null = null

  async send(method: string, path: string, options: Parameters<Client['request']>[2] = {}) {
    const from: Record<string, string> = this.from ? { 'x-forwarded-for': this.from } : {}
    return this.keep(
      await this.request(method, path, { ...options, headers: { ...options.headers, ...from } }),
    )
  }

  form(path: string, fields: Record<string, string>) {
    return this.send('POST', path, {
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
  }

  json(path: string, body: unknown) {
    return this.send('POST', path, { json: body })
  }

  async signedInAs() {
    const answer = await this.get('/api/auth/get-session')
    return (answer.body as { user: { email: string; twoFactorEnabled: boolean } } | null)?.user ?? null
  }
}

const totp = (secret: string, offset = 0) =>
  new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({ timestamp: Date.now() + offset * 30_000 })

/** A code that is not right now, nor within the window either side that authenticators are allowed. */
function wrongCode(secret: string) {
  const near = new Set([-1, 0, 1].map((offset) => totp(secret, offset)))
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0')
    if (!near.has(code)) return code
  }
}

let people = 0

/** How many sign-ins of this address the activity log holds. */
async function loggedSignIns(server: { dataDir: string; databaseUrl?: string }, email: string) {
  const db = openDatabase({ dataDir: server.dataDir, databaseUrl: server.databaseUrl })
  try {
    const { items } = await listActivity({ db, section: 'sign_in', limit: 200 })
    return items.filter((entry) => entry.user_email === email).length
  } finally {
    await db.close()
  }
}

describe.each(databases)('$name', (database) => {
  // TRUST_PROXY lets the lock's test speak from an address of its own: its 10 wrong codes would spend the
  // per-address allowance (20 per 15 minutes) the other tests' sign-ins share.
  const ctx = useServer(database, { env: { TRUST_PROXY: 'true' } })

  /** A new person (an administrator, as `npm run admin` makes them), signed in, with two-step switched on. */
  async function personWithTwoStep() {
    people += 1
    const person = {
      email: `two-step-${people}-${Date.now()}@example.org`,
      password: `a long passphrase ${people}`,
    }
    await insertAdministrator(ctx.server, person)
    const browser = new Browser(ctx.server.url)
    expect((await browser.json('/api/auth/sign-in/email', person)).status).toBe(200)

    const refused = await browser.form('/admin/account.data', {
      intent: 'two-step-start',
      current_password: 'not my password',
    })
    expect(refused.text).toContain('That is not your current password')
    expect((await browser.signedInAs())?.twoFactorEnabled).toBe(false)

    const started = await browser.form('/admin/account.data', {
      intent: 'two-step-start',
      current_password: person.password,
    })
    const secret = /"((?:[A-Z2-7]{4} ){3,}[A-Z2-7]{1,4})"/.exec(started.text)?.[1].replace(/ /g, '')
    expect(secret, started.text).toBeDefined()
    const backupCodes = [...started.text.matchAll(/"([A-Za-z0-9]{5}-[A-Za-z0-9]{5})"/g)].map((m) => m[1])
    expect(new Set(backupCodes).size).toBe(10)
    expect(started.text).toContain('<svg')
    // Not on yet: the app has not shown it has the secret.
    expect((await browser.signedInAs())?.twoFactorEnabled).toBe(false)

    const wrong = await browser.form('/admin/account.data', {
      intent: 'two-step-confirm',
      code: wrongCode(secret!),
    })
    expect(wrong.text).toContain('That code is not right')
    expect((await browser.signedInAs())?.twoFactorEnabled).toBe(false)

    const confirmed = await browser.form('/admin/account.data', {
      intent: 'two-step-confirm',
      code: totp(secret!),
    })
    expect(confirmed.text).toContain('Two-step sign-in is on')
    expect((await browser.signedInAs())?.twoFactorEnabled).toBe(true)
    return { person, secret: secret!, backupCodes, browser }
  }

  test('switched on with a first code, sign-in then asks for a code: a wrong one is refused, the right one signs in', async () => {
    const { person, secret } = await personWithTwoStep()
    const signIns = await loggedSignIns(ctx.server, person.email)
    const browser = new Browser(ctx.server.url)
    const first = await browser.json('/api/auth/sign-in/email', person)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ twoFactorRedirect: true })
    expect(await browser.signedInAs()).toBeNull()
    // The password alone is not a sign-in: the activity log waits for the code.
    expect(await loggedSignIns(ctx.server, person.email)).toBe(signIns)
    expect((await browser.json('/api/services', makeService())).status).toBe(401)

    const wrong = await browser.json('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) })
    expect(wrong.status).toBe(401)
    expect(wrong.body).toEqual({ error: { message: expect.any(String) } })
    expect(await browser.signedInAs()).toBeNull()

    const right = await browser.json('/api/auth/two-factor/verify-totp', { code: totp(secret) })
    expect(right.status).toBe(200)
    expect((await browser.signedInAs())?.email).toBe(person.email)
    expect(await loggedSignIns(ctx.server, person.email)).toBe(signIns + 1)
    expect((await browser.json('/api/services', makeService())).status).toBe(201)
  })

  test('a code signs in once: the same code again seconds later is refused as a wrong one is, and of two sign-ins at once with one code only one gets in', async () => {
    const { person, secret } = await personWithTwoStep()
    const code = totp(secret)
    const first = new Browser(ctx.server.url)
    await first.json('/api/auth/sign-in/email', person)
    expect((await first.json('/api/auth/two-factor/verify-totp', { code })).status).toBe(200)

    const replay = new Browser(ctx.server.url)
    await replay.json('/api/auth/sign-in/email', person)
    const wrong = await replay.json('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) })
    const reused = await replay.json('/api/auth/two-factor/verify-totp', { code })
    expect(reused.status).toBe(401)
    expect(reused.body).toEqual(wrong.body)
    expect(await replay.signedInAs()).toBeNull()
    // Through the sign-in page too.
    const page = new Browser(ctx.server.url)
    expect((await page.form('/admin/login', person)).headers.get('location')).toBe('/admin/login/two-step')
    const refused = await page.form('/admin/login/two-step', { method: 'totp', code })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('That code is not right')
    expect(await page.signedInAs()).toBeNull()

    // The next code the app shows works once, however many sign-ins race with it.
    const next = totp(secret, 1)
    const racers = [new Browser(ctx.server.url), new Browser(ctx.server.url), new Browser(ctx.server.url)]
    for (const racer of racers) await racer.json('/api/auth/sign-in/email', person)
    const answers = await Promise.all(
      racers.map((racer) => racer.json('/api/auth/two-factor/verify-totp', { code: next })),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401])
    const signedIn = await Promise.all(racers.map((racer) => racer.signedInAs()))
    expect(signedIn.filter((user) => user?.email === person.email)).toHaveLength(1)
  })

  test('the sign-in page asks for the code after the password, and takes a backup code once only', async () => {
    const { person, secret, backupCodes } = await personWithTwoStep()
    const browser = new Browser(ctx.server.url)
    const password = await browser.form('/admin/login', person)
    expect(password.status).toBe(302)
    expect(password.headers.get('location')).toBe('/admin/login/two-step')
    const page = await browser.get('/admin/login/two-step')
    expect(page.text).toContain('Enter the 6-digit code')

    const wrong = await browser.form('/admin/login/two-step', { method: 'totp', code: wrongCode(secret) })
    expect(wrong.status).toBe(400)
    expect(wrong.text).toContain('That code is not right')
    const backup = await browser.form('/admin/login/two-step', {
      method: 'backup-code',
      code: backupCodes[0],
    })
    expect(backup.status).toBe(302)
    expect(backup.headers.get('location')).toBe('/admin/dashboard')
    expect((await browser.signedInAs())?.email).toBe(person.email)
    // The password, the wrong code and the backup code make one sign-in in the activity log (the other is the
    // sign-in before two-step was switched on).
    expect(await loggedSignIns(ctx.server, person.email)).toBe(2)

    // The same backup code a second time is refused, and signs no one in.
    const again = new Browser(ctx.server.url)
    expect((await again.form('/admin/login', person)).headers.get('location')).toBe('/admin/login/two-step')
    const reused = await again.form('/admin/login/two-step', { method: 'backup-code', code: backupCodes[0] })
    expect(reused.status).toBe(400)
    expect(reused.text).toContain('That backup code is not right, or it has been used already')
    expect(await again.signedInAs()).toBeNull()
    const next = await again.form('/admin/login/two-step', { method: 'backup-code', code: backupCodes[1] })
    expect(next.headers.get('location')).toBe('/admin/dashboard')
  })

  test('wrong codes are throttled: after 5 on one sign-in the answer is 429 and the password is needed again', async () => {
    const { person, secret } = await personWithTwoStep()
    const browser = new Browser(ctx.server.url)
    await browser.json('/api/auth/sign-in/email', person)
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await browser.json('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) })
      expect(answer.status, `attempt ${attempt}`).toBe(401)
    }
    const refused = await browser.json('/api/auth/two-factor/verify-totp', { code: totp(secret) })
    expect(refused.status).toBe(429)
    expect(refused.body.error.message).toMatch(/Too many wrong codes/)
    expect(await browser.signedInAs()).toBeNull()
  })

  test('after 10 wrong codes in a row the right one is told of the 15-minute lock, before and after a new sign-in', async () => {
    const { person, secret } = await personWithTwoStep()
    const browser = new Browser(ctx.server.url)
    browser.from = '198.51.100.45'
    const right = totp(secret)
    await browser.json('/api/auth/sign-in/email', person)
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(
        (await browser.json('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) })).status,
      ).toBe(401)
    }
    // This sign-in's tries are spent: the right code asks for the password again…
    const spent = await browser.json('/api/auth/two-factor/verify-totp', { code: right })
    expect(spent.status).toBe(429)
    expect(spent.body.error.message).toBe('Too many wrong codes. Sign in again with your password.')
    await browser.json('/api/auth/sign-in/email', person)
    for (let attempt = 6; attempt <= 10; attempt += 1) {
      const answer = await browser.json('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) })
      expect(answer.status, `attempt ${attempt}`).toBe(401)
    }
    // …and after the 10th wrong code in a row, the same right code is told of the lock, not called invalid (the
    // code had been taken as used by the refused try above).
    const locked = await browser.json('/api/auth/two-factor/verify-totp', { code: right })
    expect(locked.status).toBe(429)
    expect(locked.body.error.message).toBe(
      'Too many wrong codes for this account. Please wait 15 minutes and try again.',
    )
    expect(await browser.signedInAs()).toBeNull()
  })

  test('new backup codes replace the old ones; switching off needs the current password', async () => {
    const { person, backupCodes, browser } = await personWithTwoStep()
    const made = await browser.form('/admin/account.data', {
      intent: 'two-step-codes',
      current_password: person.password,
    })
    const fresh = [...made.text.matchAll(/"([A-Za-z0-9]{5}-[A-Za-z0-9]{5})"/g)].map((m) => m[1])
    expect(new Set(fresh).size).toBe(10)
    const other = new Browser(ctx.server.url)
    await other.json('/api/auth/sign-in/email', person)
    expect(
      (await other.json('/api/auth/two-factor/verify-backup-code', { code: backupCodes[5] })).status,
    ).toBe(401)
    expect((await other.json('/api/auth/two-factor/verify-backup-code', { code: fresh[0] })).status).toBe(200)

    const refused = await browser.form('/admin/account.data', {
      intent: 'two-step-off',
      current_password: 'not my password',
    })
    expect(refused.text).toContain('That is not your current password')
    expect((await browser.signedInAs())?.twoFactorEnabled).toBe(true)
    const off = await browser.form('/admin/account.data', {
      intent: 'two-step-off',
      current_password: person.password,
    })
    expect(off.text).toContain('Two-step sign-in is off')
    expect((await browser.signedInAs())?.twoFactorEnabled).toBe(false)
    const plain = new Browser(ctx.server.url)
    const signedIn = await plain.json('/api/auth/sign-in/email', person)
    expect(signedIn.body).not.toHaveProperty('twoFactorRedirect')
    expect((await plain.signedInAs())?.email).toBe(person.email)
  })

  test('administrators can require two-step of everyone: people without it may use only My account', async () => {
    const admin = new Browser(ctx.server.url)
    await admin.json('/api/auth/sign-in/email', ADMIN)
    const early = await admin.form('/admin/settings', { intent: 'two-step', require_two_step: 'on' })
    expect(early.status).toBe(400)
    expect(early.text).toContain('Switch on two-step sign-in for yourself first')

    const { browser: keeper } = await personWithTwoStep()
    const required = await keeper.form('/admin/settings', { intent: 'two-step', require_two_step: 'on' })
    expect(required.status).toBe(200)
    expect(required.text).toContain('Two-step sign-in setting saved')
    try {
      const dashboard = await admin.get('/admin/dashboard')
      expect(dashboard.status).toBe(302)
      expect(dashboard.headers.get('location')).toBe('/admin/account?two-step=required')
      const api = await admin.json('/api/services', makeService())
      expect(api.status).toBe(403)
      expect(api.body.error.message).toMatch(/require two-step sign-in/)
      const account = await admin.get('/admin/account')
      expect(account.status).toBe(200)
      expect(account.text).toContain('Administrators require two-step sign-in for everyone')
      // Someone with it on goes on as before, and cannot switch it off while it is required.
      expect((await keeper.get('/admin/dashboard')).status).toBe(200)
      expect((await keeper.json('/api/services', makeService())).status).toBe(201)
    } finally {
      const released = await keeper.form('/admin/settings', { intent: 'two-step' })
      expect(released.status).toBe(200)
    }
    expect((await admin.get('/admin/dashboard')).status).toBe(200)
  })

  test('the operator can switch off two-step for someone who lost the phone and the codes', async () => {
    const { person } = await personWithTwoStep()
    const { stdout } = await runScript('admin', ['two-step-off', person.email.toUpperCase()], {
      DATA_DIR: ctx.server.dataDir,
      DATABASE_URL: ctx.server.databaseUrl ?? '',
      SEED_DEMO: 'false',
    })
    expect(stdout).toContain(`Switched off two-step sign-in for ${person.email.toUpperCase()}`)
    const browser = new Browser(ctx.server.url)
    const signedIn = await browser.json('/api/auth/sign-in/email', person)
    expect(signedIn.body).not.toHaveProperty('twoFactorRedirect')
    expect((await browser.signedInAs())?.twoFactorEnabled).toBe(false)
  })
})
