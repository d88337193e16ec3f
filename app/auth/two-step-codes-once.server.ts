import crypto from 'node:crypto'

import { createOTP } from '@better-auth/utils/otp'
import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'
import { symmetricDecrypt } from 'better-auth/crypto'
import { TWO_FACTOR_ERROR_CODES } from 'better-auth/plugins'

import type { Db } from '#app/db/database.server.ts'
import type { Clock } from '#app/lib/clock.ts'
import { claimTwoStepStep } from '#app/models/two-step-last-steps.server.ts'

/** better-auth's TOTP settings, which auth.server.ts leaves as they are: 6 digits, a new code every 30 s… */
const DIGITS = 6
const PERIOD_MS = 30_000
/** …and the code of the period before and after the current one accepted too (a phone's clock drifts). */
const WINDOW = 1

/** Wrong codes one sign-in may try before better-auth ends it (its verify-totp's `beginAttempt(5)`). */
const SIGN_IN_TRIES = 5

/** The time-step of the window around `now` whose code is `code`, or null when none is. */
async function stepOf(secret: string, code: string, now: Date) {
  const otp = createOTP(secret, { digits: DIGITS, period: PERIOD_MS / 1000 })
  const current = Math.floor(now.getTime() / PERIOD_MS)
  const given = Buffer.from(code)
  let found: number | null = null
  for (let step = current - WINDOW; step <= current + WINDOW; step += 1) {
    const expected = Buffer.from(await otp.hotp(step))
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) found = step
  }
  return found
}

/**
 * A two-step code signs in once (RFC 6238 §5.2; issue 25): better-auth accepts a code throughout its window, so
 * a code seen over someone's shoulder, or sent twice, would sign in again seconds later. Before better-auth
 * checks a sign-in's code, the code's time-step is claimed for the person (app/models/two-step-last-steps):
 * a step no later than the last one that signed them in is refused with the answer a wrong code gets. A wrong
 * code is left to better-auth, which counts it. Confirming the app on My account (signed in) is not a sign-in
 * and claims nothing.
 */
export function twoStepCodesOnce({ db, clock }: { db: Db; clock: Clock }) {
  return {
    id: 'two-step-codes-once',
    hooks: {
      before: [
        {
          matcher: (context) => context.path === '/two-factor/verify-totp',
          handler: createAuthMiddleware(async (ctx) => {
            const code: unknown = ctx.body?.code
            if (typeof code !== 'string') return
            // The sign-in waiting for its second step, as better-auth's two-factor plugin finds it.
            const cookie = ctx.context.createAuthCookie('two_factor')
            const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret)
            if (!challenge) return
            const waiting = await ctx.context.internalAdapter.findVerificationValue(challenge)
            if (!waiting || (await getSessionFromCtx(ctx))) return
            const userId = waiting.value
            const twoFactor = await ctx.context.adapter.findOne<{ secret: string }>({
              model: 'twoFactor',
              where: [{ field: 'userId', value: userId }],
            })
            if (!twoFactor) return
            // A code better-auth will refuse whatever it is — the account's second step locked after 10 wrong
            // codes in a row, or this sign-in's 5 tries spent — is not claimed: claimed, the right code typed
            // then would be refused again as a repeat once the lock ends or the person signs in anew, "invalid"
            // instead of the lock's own answer (an outside audit's find). better-auth times its lock by the
            // system's clock, and so is it read here.
            const lockedUntil = (twoFactor as { lockedUntil?: Date | string | null }).lockedUntil
            if (lockedUntil && new Date(lockedUntil).getTime() > Date.now()) return
            const tries = await ctx.context.internalAdapter.findVerificationValue(`2fa-attempts-${challenge}`)
            if (tries && Number(tries.value) >= SIGN_IN_TRIES) return
            const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: twoFactor.secret })
            const step = await stepOf(secret, code, clock.now())
            if (step === null) return
            if (!(await claimTwoStepStep({ db, userId, step }))) {
              throw APIError.from('UNAUTHORIZED', TWO_FACTOR_ERROR_CODES.INVALID_CODE)
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin
}
