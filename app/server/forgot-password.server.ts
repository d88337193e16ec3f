import { pleaseWait } from '#app/lib/please-wait.ts'
import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'

import { createPasswordLink, passwordLinkUrl } from '#app/auth/password-links.server.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import type { HttpError } from '#app/lib/errors.ts'
import { enqueueMail } from '#app/models/outbox.server.ts'
import { consumeRateLimit, type RateLimit } from '#app/models/rate-limits.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'
import { afterAnswerContext } from '#app/server/after-answer.server.ts'
import { readFormBody } from '#app/server/api.server.ts'
import { mailLinkOrigin } from '#app/server/site-address.server.ts'

/** Links asked for one address, and from one IP address, per hour; past either the answer is 429. */
export const RESET_REQUESTS_PER_ADDRESS = 3
export const RESET_REQUESTS_PER_IP = 10
const WINDOW_MS = 60 * 60 * 1000

export type ForgotResult = { sent: true; email: string } | { sent: false; error: string }

/**
 * "Forgot your password?": a one-time link (valid 1 hour) e-mailed to the address if it has access. The answer
 * is the same whether or not it has, and is decided and sent before anyone looks (mailResetLink runs after it),
 * so neither its words nor its time tell who has access; it is throttled per address and per IP address, as
 * sign-in is.
 */
export async function forgotPasswordAction({
  request,
  context,
}: {
  request: Request
  context: Readonly<RouterContextProvider>
}) {
  const runtime = context.get(runtimeContext)
  const { clientIp } = context.get(requestContext)
  if (!runtime.mail) {
    return data({ sent: false, error: 'E-mail is not set up on this site' } satisfies ForgotResult, {
      status: 503,
    })
  }
  let form: FormData
  try {
    form = await readFormBody(request)
  } catch (error) {
    const { message, status } = error as HttpError
    return data({ sent: false, error: message } satisfies ForgotResult, { status })
  }
  const parsed = z.email().safeParse(
    String(form.get('email') ?? '')
      .trim()
      .toLowerCase(),
  )
  if (!parsed.success) {
    return data({ sent: false, error: 'Enter your e-mail address' } satisfies ForgotResult, { status: 400 })
  }
  const email = parsed.data
  const now = runtime.clock.now().getTime()
  const limits: RateLimit[] = [
    { key: `reset:ip:${clientIp}`, limit: RESET_REQUESTS_PER_IP, windowMs: WINDOW_MS },
    { key: `reset:address:${email}`, limit: RESET_REQUESTS_PER_ADDRESS, windowMs: WINDOW_MS },
  ]
  for (const limit of limits) {
    const counted = await consumeRateLimit({ db: runtime.db, ...limit, now })
    if (!counted.allowed) {
      return data(
        {
          sent: false,
          error: `Too many requests for a new password. ${pleaseWait(counted.retryAfterSeconds)}`,
        } satisfies ForgotResult,
        { status: 429, headers: { 'Retry-After': String(counted.retryAfterSeconds) } },
      )
    }
  }
  // The lookup, the link and its e-mail took 7–26 ms more for an address with access (issue 25): after the answer.
  context.get(afterAnswerContext)('a password reset link could not be sent', () =>
    mailResetLink(runtime, email, now),
  )
  return { sent: true, email } satisfies ForgotResult
}

/** The reset link's e-mail, when the address has access. */
async function mailResetLink(runtime: AppRuntime, email: string, now: number) {
  const ctx = await runtime.auth.$context
  const user = await ctx.internalAdapter.findUserByEmail(email)
  if (user) {
    const link = await createPasswordLink(runtime, { userId: user.user.id, purpose: 'reset' })
    // The site's address, never the request's Host: a forged Host must not turn this e-mail into its own link.
    const links = await mailLinkOrigin(runtime.siteAddress)
    await enqueueMail({
      db: runtime.db,
      mail: {
        to: email,
        subject: 'Choose a new password for the church website',
        text: [
          'Someone (we hope you) asked for a new password for the church website’s admin.',
          '',
          'Choose it here (the link works once, for 1 hour):',
          passwordLinkUrl(links.origin, 'reset', link.token),
          '',
          'Choosing a new password signs you out on every device.',
          'If you did not ask for this, ignore this e-mail: your password stays as it is.',
        ].join('\n'),
        sitePlaceholder: links.placeholder,
        sealWith: runtime.mailSealer,
      },
      now,
    })
    runtime.mailer.wake()
  }
}
