import { pleaseWait } from '#app/lib/please-wait.ts'
import crypto from 'node:crypto'

import { PASSWORD_MAX_LENGTH, passwordProblem } from './password-policy.server.ts'
import { signOutOtherSessions } from './account-sessions.server.ts'
import { EMAIL_CHANGE_PREFIX, voidAccountLinks } from './password-links.server.ts'
import type { AdminSession } from './session.server.ts'
import { HttpError, TooManyRequestsError, ValidationError } from '#app/lib/errors.ts'
import { recordActivity } from '#app/models/activity.server.ts'
import { enqueueMail } from '#app/models/outbox.server.ts'
import { consumeRateLimit, releaseRateLimit } from '#app/models/rate-limits.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'

/** Wrong current passwords on My account (a session left open is not a licence to guess): 5 per 15 minutes. */
const PASSWORD_CHECKS_PER_WINDOW = 5
const PASSWORD_CHECK_WINDOW_MS = 15 * 60 * 1000
/** How long the link that confirms a new e-mail address works. */
export const EMAIL_CHANGE_VALID_MS = 24 * 60 * 60 * 1000

type Runtime = Pick<AppRuntime, 'auth' | 'db' | 'clock'>

/**
 * Checks the account's current password, counted against the account's own limit (wrong answers only): a
 * 400 naming `current_password` when it is wrong, a 429 past the limit.
 */
export async function verifyCurrentPassword(runtime: Runtime, userId: string, password: string) {
  const key = `account-password:${userId}`
  const now = runtime.clock.now().getTime()
  const counted = await consumeRateLimit({
    db: runtime.db,
    key,
    limit: PASSWORD_CHECKS_PER_WINDOW,
    windowMs: PASSWORD_CHECK_WINDOW_MS,
    now,
  })
  if (!counted.allowed) {
    await releaseRateLimit({ db: runtime.db, key })
    throw new TooManyRequestsError(
      `Too many wrong passwords. ${pleaseWait(counted.retryAfterSeconds)}`,
      counted.retryAfterSeconds,
    )
  }
  const ctx = await runtime.auth.$context
  const account = await ctx.internalAdapter.findCredentialAccount(userId)
  const right =
    !!account?.password && password.length <= PASSWORD_MAX_LENGTH
      ? await ctx.password.verify({ hash: account.password, password })
      : false
  if (!right) throw new ValidationError({ current_password: 'That is not your current password' })
  await releaseRateLimit({ db: runtime.db, key })
}

export async function changeName(runtime: Runtime, session: AdminSession, name: string) {
  const ctx = await runtime.auth.$context
  await ctx.internalAdapter.updateUser(session.user.id, { name })
}

/**
 * Sets a new password after the current one; every link still open for the account stops working, and with
 * `signOutOthers` every other session of the account ends (this one stays signed in). Answers how many sessions
 * ended.
 */
export async function changePassword(
  runtime: Runtime,
  session: AdminSession,
  input: { currentPassword: string; newPassword: string; signOutOthers: boolean },
) {
  const problem = passwordProblem(input.newPassword, { email: session.user.email })
  if (problem) throw new ValidationError({ new_password: problem })
  await verifyCurrentPassword(runtime, session.user.id, input.currentPassword)
  if (input.newPassword === input.currentPassword) {
    throw new ValidationError({ new_password: 'The new password is the same as the current one' })
  }
  const ctx = await runtime.auth.$context
  await ctx.internalAdapter.updatePassword(session.user.id, await ctx.password.hash(input.newPassword))
  await voidAccountLinks(runtime, session.user.id)
  return input.signOutOthers ? await signOutOtherSessions(runtime, session) : 0
}

async function assertAddressFree(runtime: Runtime, email: string, userId: string) {
  const ctx = await runtime.auth.$context
  const owner = await ctx.internalAdapter.findUserByEmail(email)
  if (owner && owner.user.id !== userId) {
    throw new ValidationError({ email: 'Another person already signs in with this address' })
  }
}

const tokenIdentifier = (token: string) =>
  EMAIL_CHANGE_PREFIX + crypto.createHash('sha256').update(token).digest('base64url')

/**
 * The first half of changing the sign-in address when e-mail is on: after the current password, a one-time link
 * is e-mailed to the new address (valid 24 hours; only its hash is stored), and nothing changes until it is
 * followed. Without e-mail (`sendLink` false) the address changes at once.
 */
export async function requestEmailChange(
  runtime: Runtime & Pick<AppRuntime, 'mailer' | 'mailSealer'>,
  session: AdminSession,
  input: {
    email: string
    currentPassword: string
    /** The site's address, or the placeholder standing for it until it is known (mailLinkOrigin). */
    links: { origin: string; placeholder: string | null }
    sendLink: boolean
  },
) {
  const { user } = session
  if (input.email === user.email.toLowerCase()) {
    throw new ValidationError({ email: 'This is already your address' })
  }
  await verifyCurrentPassword(runtime, user.id, input.currentPassword)
  await assertAddressFree(runtime, input.email, user.id)
  const ctx = await runtime.auth.$context
  if (!input.sendLink) {
    await ctx.internalAdapter.updateUser(user.id, { email: input.email })
    return { changed: true as const }
  }
  const token = crypto.randomBytes(32).toString('base64url')
  const now = runtime.clock.now()
  await ctx.internalAdapter.createVerificationValue({
    identifier: tokenIdentifier(token),
    value: JSON.stringify({ userId: user.id, from: user.email, to: input.email }),
    expiresAt: new Date(now.getTime() + EMAIL_CHANGE_VALID_MS),
  })
  const link = `${input.links.origin}/admin/account/email?token=${token}`
  await enqueueMail({
    db: runtime.db,
    mail: {
      to: input.email,
      subject: 'Confirm your new e-mail address for the church website',
      text: [
        `Hello ${user.name || ''},`.replace(' ,', ','),
        '',
        `You asked to sign in to the church website's admin with this address instead of ${user.email}.`,
        'Open this link within 24 hours to confirm it:',
        '',
        link,
        '',
        'If you did not ask for this, ignore this e-mail: nothing changes.',
      ].join('\n'),
      sitePlaceholder: input.links.placeholder,
      sealWith: runtime.mailSealer,
    },
    now: now.getTime(),
  })
  runtime.mailer.wake()
  return { changed: false as const }
}

/** What a confirmation link is for, without using it up (the page that asks "Confirm?"), or null. */
export async function peekEmailChange(runtime: Runtime, token: string) {
  if (!/^[\w-]{20,100}$/.test(token)) return null
  const ctx = await runtime.auth.$context
  const row = await ctx.internalAdapter.findVerificationValue(tokenIdentifier(token))
  if (!row || new Date(row.expiresAt).getTime() <= runtime.clock.now().getTime()) return null
  return JSON.parse(row.value) as { userId: string; from: string; to: string }
}

/**
 * The second half: the link's token is used up (once only), and the address changes if the link is still valid
 * and the account's address is still the one it was made for. The old address is told.
 */
export async function confirmEmailChange(
  runtime: Runtime & Pick<AppRuntime, 'mailer' | 'mailSealer'>,
  token: string,
) {
  const gone = new HttpError(
    400,
    'This link has expired or has already been used. Ask for a new one on My account.',
  )
  if (!/^[\w-]{20,100}$/.test(token)) throw gone
  const ctx = await runtime.auth.$context
  const row = await ctx.internalAdapter.consumeVerificationValue(tokenIdentifier(token))
  const now = runtime.clock.now()
  if (!row || new Date(row.expiresAt).getTime() <= now.getTime()) throw gone
  const change = JSON.parse(row.value) as { userId: string; from: string; to: string }
  const user = await ctx.internalAdapter.findUserById(change.userId)
  if (!user || user.email.toLowerCase() !== change.from.toLowerCase()) throw gone
  await assertAddressFree(runtime, change.to, user.id).catch(() => {
    throw new HttpError(400, 'Another person already signs in with this address.')
  })
  await ctx.internalAdapter.updateUser(user.id, { email: change.to, emailVerified: true })
  await enqueueMail({
    db: runtime.db,
    mail: {
      to: change.from,
      subject: 'Your e-mail address for the church website was changed',
      text: [
        `You now sign in to the church website's admin with ${change.to} instead of this address.`,
        '',
        'If you did not do this, ask another administrator to help you at once.',
      ].join('\n'),
    },
    now: now.getTime(),
  })
  runtime.mailer.wake()
  // Logged under the address they signed in with until now, so the entry says who it was.
  await recordActivity({
    db: runtime.db,
    actor: { userId: user.id, name: user.name || change.from, email: change.from, at: now },
    action: 'changed',
    section: 'account',
    itemTitle: `their sign-in address to ${change.to}`,
  })
  return { email: change.to }
}
