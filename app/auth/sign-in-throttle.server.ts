import crypto from 'node:crypto'

import type { Db } from '#app/db/database.server.ts'
import type { Clock } from '#app/lib/clock.ts'
import {
  consumeRateLimit,
  type RateLimit,
  releaseRateLimit,
  resetRateLimit,
} from '#app/models/rate-limits.server.ts'

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000
export const SIGN_IN_FAILURES_PER_ACCOUNT = 5
export const SIGN_IN_FAILURES_PER_IP = 20
export const SIGN_IN_FAILURES_PER_DEVICE = 5

/** The cookie a browser gets when it signs in successfully: a known device (docs/decisions/0005). */
export const DEVICE_COOKIE_NAME = 'lampstand_device'
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

export interface SignInThrottleDeps {
  db: Db
  clock: Clock
  /** The auth secret; device tokens are signed with a key derived from it. */
  secret: string
}

export type SignInAttempt =
  | { allowed: false; retryAfterSeconds: number }
  | {
      allowed: true
      /** The password was right: counters of this account (or device) start again; answers the device cookie. */
      succeeded: (options: { secureCookie: boolean }) => Promise<string>
      /** The attempt never reached a password check (a malformed request): it does not count. */
      notCounted: () => Promise<void>
    }

/**
 * Counts a sign-in attempt before it is tried (or a burst of parallel guesses would all pass the check), in one
 * of two ways, after OWASP's "device cookies":
 * - from a **known device** (a browser that signed in to this account before and carries its signed cookie):
 *   only that device's own failures count, 5 per 15 minutes, so nobody elsewhere can lock the owner out;
 * - from anywhere else: per IP address (20) and per account (5), each a fixed 15-minute window that failures
 *   during it do not extend.
 */
export async function beginSignInAttempt(
  deps: SignInThrottleDeps,
  { email, ip, cookieHeader }: { email: string; ip: string; cookieHeader: string | null },
): Promise<SignInAttempt> {
  const { db, clock } = deps
  const now = clock.now().getTime()
  const device = email ? knownDevice(deps.secret, email, cookieHeader) : null
  const accountKey = `sign-in:account:${email}`
  const limits: RateLimit[] = device
    ? [{ key: `sign-in:device:${device}`, limit: SIGN_IN_FAILURES_PER_DEVICE, windowMs: SIGN_IN_WINDOW_MS }]
    : [
        { key: `sign-in:ip:${ip}`, limit: SIGN_IN_FAILURES_PER_IP, windowMs: SIGN_IN_WINDOW_MS },
        ...(email
          ? [{ key: accountKey, limit: SIGN_IN_FAILURES_PER_ACCOUNT, windowMs: SIGN_IN_WINDOW_MS }]
          : []),
      ]
  const counted = []
  for (const limit of limits) counted.push(await consumeRateLimit({ db, ...limit, now }))
  const giveBack = () => Promise.all(limits.map(({ key }) => releaseRateLimit({ db, key })))
  const refused = counted.filter((result) => !result.allowed)
  if (refused.length > 0) {
    await giveBack()
    const resetAt = Math.max(...refused.map((result) => result.resetAt))
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) }
  }
  return {
    allowed: true,
    succeeded: async ({ secureCookie }) => {
      await giveBack()
      await resetRateLimit({ db, key: device ? `sign-in:device:${device}` : accountKey })
      return deviceCookie(
        deps.secret,
        email,
        device ?? crypto.randomBytes(16).toString('base64url'),
        secureCookie,
      )
    },
    notCounted: async () => {
      await giveBack()
    },
  }
}

/** Forgets an account's failures (an operator has just reset its password). */
export async function clearAccountThrottle({ db, email }: { db: Db; email: string }) {
  await resetRateLimit({ db, key: `sign-in:account:${email.trim().toLowerCase()}` })
}

function deviceKey(secret: string) {
  return crypto.createHmac('sha256', secret).update('lampstand device cookie v1').digest()
}

function sign(secret: string, email: string, nonce: string) {
  return crypto.createHmac('sha256', deviceKey(secret)).update(`${email}\n${nonce}`).digest('base64url')
}

function deviceCookie(secret: string, email: string, nonce: string, secure: boolean) {
  const value = `${nonce}.${sign(secret, email, nonce)}`
  return [
    `${DEVICE_COOKIE_NAME}=${value}`,
    'Path=/',
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ')
}

/** The device's id when the request carries a device cookie signed for this very account, else null. */
function knownDevice(secret: string, email: string, cookieHeader: string | null) {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2)
    if (name !== DEVICE_COOKIE_NAME || !value) continue
    const [nonce, signature] = value.split('.')
    if (!nonce || !signature || !/^[\w-]{16,64}$/.test(nonce)) continue
    const expected = Buffer.from(sign(secret, email, nonce))
    const given = Buffer.from(signature)
    if (expected.length === given.length && crypto.timingSafeEqual(expected, given)) return nonce
  }
  return null
}
