import { describe, expect, test } from 'vitest'

import {
  beginSignInAttempt,
  DEVICE_COOKIE_NAME,
  SIGN_IN_FAILURES_PER_ACCOUNT,
  SIGN_IN_FAILURES_PER_DEVICE,
  SIGN_IN_WINDOW_MS,
  type SignInThrottleDeps,
} from './sign-in-throttle.server.ts'
import { testDatabase, testDatabases } from '#tests/test-database.ts'

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters'
const OWNER = 'owner@example.org'

/** A clock the test moves by hand. */
function manualClock(start = Date.parse('2026-11-23T10:00:00Z')) {
  let now = start
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) }
}

describe.each(testDatabases)('$name', (database) => {
  async function setUp() {
    const clock = manualClock()
    const deps: SignInThrottleDeps = { db: await testDatabase(database), clock, secret: SECRET }
    /** One attempt that turns out to be a wrong password; answers whether it was let through. */
    const fail = async (email: string, ip: string, cookieHeader: string | null = null) =>
      (await beginSignInAttempt(deps, { email, ip, cookieHeader })).allowed
    /** One attempt with the right password; answers the device cookie it earns, or null when refused. */
    const succeed = async (email: string, ip: string, cookieHeader: string | null = null) => {
      const attempt = await beginSignInAttempt(deps, { email, ip, cookieHeader })
      if (!attempt.allowed) return null
      return (await attempt.succeeded({ secureCookie: false })).split(';')[0]
    }
    return { deps, clock, fail, succeed }
  }

  test('an attacker is throttled per account: after 5 failures even the right password is refused', async () => {
    const { fail, succeed } = await setUp()
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT; i += 1)
      expect(await fail(OWNER, `198.51.100.${i}`)).toBe(true)
    expect(await fail(OWNER, '198.51.100.99')).toBe(false)
    expect(await succeed(OWNER, '203.0.113.7')).toBeNull()
  })

  test('the owner signs in from a known device while the account is locked for everyone else', async () => {
    const { fail, succeed } = await setUp()
    const cookie = await succeed(OWNER, '203.0.113.7')
    expect(cookie).toMatch(new RegExp(`^${DEVICE_COOKIE_NAME}=`))
    for (let i = 0; i < 20; i += 1) await fail(OWNER, `198.51.100.${i}`)
    expect(await succeed(OWNER, '198.51.100.200')).toBeNull()
    expect(await succeed(OWNER, '203.0.113.7', cookie)).toBe(cookie)
  })

  test('a known device is limited by its own failures only, and a forged or borrowed cookie counts for nothing', async () => {
    const { fail, succeed } = await setUp()
    const cookie = (await succeed(OWNER, '203.0.113.7'))!
    for (let i = 0; i < SIGN_IN_FAILURES_PER_DEVICE; i += 1)
      expect(await fail(OWNER, '203.0.113.7', cookie)).toBe(true)
    expect(await fail(OWNER, '203.0.113.7', cookie)).toBe(false)
    // The same browser, its cookie refused now, is an unknown device like any other: the account's own
    // counter (untouched by the device's failures) still lets it try.
    expect(await fail(OWNER, '203.0.113.7')).toBe(true)
    const [name, value] = cookie.split('=')
    const forged = `${name}=${value.slice(0, -2)}xx`
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT; i += 1) await fail(OWNER, `198.51.100.${i}`, forged)
    expect(await fail(OWNER, '198.51.100.50', forged)).toBe(false)
    // A device cookie earned by another account is no key to this one.
    const other = (await succeed('other@example.org', '203.0.113.8'))!
    expect(await fail(OWNER, '203.0.113.8', other)).toBe(false)
  })

  test('failures during the lock do not extend it: it ends 15 minutes after it began', async () => {
    const { clock, fail, succeed } = await setUp()
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT; i += 1) await fail(OWNER, `198.51.100.${i}`)
    for (let minute = 1; minute < 15; minute += 1) {
      clock.advance(60 * 1000)
      expect(await fail(OWNER, `198.51.100.${minute + 10}`), `minute ${minute}`).toBe(false)
    }
    clock.advance(SIGN_IN_WINDOW_MS - 14 * 60 * 1000)
    expect(await succeed(OWNER, '203.0.113.7')).not.toBeNull()
  })
})
