import crypto from 'node:crypto'

import { assertPasswordAllowed } from './password-policy.server.ts'
import {
  deleteVerifications,
  deleteVerificationsOf,
  listVerifications,
} from '#app/models/verifications.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'

/**
 * One-time links where a person chooses a password (decision 0015): an invitation (valid 7 days) or a reset of
 * a forgotten password (valid 1 hour). The link carries 32 random bytes; better-auth's verification table keeps
 * only their SHA-256 (`<purpose>:<hash>`), the person's id and the end of its validity by the server's clock. Using
 * a link consumes it atomically, so it works once; a newer link of the same purpose voids the older ones.
 */
export type LinkPurpose = 'invitation' | 'reset'

export const LINK_VALID_MS: Record<LinkPurpose, number> = {
  invitation: 7 * 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
}

export const LINK_PATHS: Record<LinkPurpose, string> = {
  invitation: '/admin/invitation',
  reset: '/admin/reset-password',
}

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('base64url')
const identifierOf = (purpose: LinkPurpose, token: string) => `${purpose}:${hashOf(token)}`

/** Makes a new link for this person (voiding their older ones of the purpose); answers its token and end. */
export async function createPasswordLink(
  runtime: Pick<AppRuntime, 'auth' | 'db' | 'clock'>,
  { userId, purpose }: { userId: string; purpose: LinkPurpose },
) {
  await voidPasswordLinks(runtime, { userId, purpose })
  const token = crypto.randomBytes(32).toString('base64url')
  const expiresAt = new Date(runtime.clock.now().getTime() + LINK_VALID_MS[purpose])
  const ctx = await runtime.auth.$context
  await ctx.internalAdapter.createVerificationValue({
    identifier: identifierOf(purpose, token),
    value: userId,
    expiresAt,
  })
  return { token, expiresAt }
}

/** The address of a link, on the site's public address or the request's own. */
export function passwordLinkUrl(origin: string, purpose: LinkPurpose, token: string) {
  const url = new URL(LINK_PATHS[purpose], origin)
  url.searchParams.set('token', token)
  return url.toString()
}

/** Voids every open link of this purpose for this person (a new one sent, the person removed). */
export async function voidPasswordLinks(
  runtime: Pick<AppRuntime, 'db'>,
  { userId, purpose }: { userId: string; purpose?: LinkPurpose },
) {
  await deleteVerificationsOf({
    db: runtime.db,
    value: userId,
    identifierLike: purpose ? `${purpose}:%` : '%:%',
  })
}

/** The identifiers of a new sign-in address's confirmation links (account.server.ts) begin with this. */
export const EMAIL_CHANGE_PREFIX = 'email-change:'

/**
 * Voids every link of this person still open when their password changes, however it changed (My account, a
 * link, the operator): reset and invitation links, which would choose a password over the new one, and a new
 * sign-in address's confirmation, asked for with the old password by whoever knew it.
 */
export async function voidAccountLinks(runtime: Pick<AppRuntime, 'db'>, userId: string) {
  await voidPasswordLinks(runtime, { userId })
  const changes = await listVerifications({ db: runtime.db, identifierLike: `${EMAIL_CHANGE_PREFIX}%` })
  // Their value is JSON ({ userId, from, to }), read here rather than matched as text.
  const theirs = changes
    .filter((row) => {
      try {
        return (JSON.parse(row.value) as { userId?: unknown }).userId === userId
      } catch {
        return false
      }
    })
    .map((row) => row.identifier)
  await deleteVerifications({ db: runtime.db, identifiers: theirs })
}

/** Whether this person has a link of the purpose still open, and until when. */
export async function openPasswordLink(
  runtime: Pick<AppRuntime, 'db' | 'clock'>,
  { userId, purpose }: { userId: string; purpose: LinkPurpose },
) {
  const rows = await listVerifications({ db: runtime.db, identifierLike: `${purpose}:%`, value: userId })
  const ends = rows.map((row) => new Date(row.expiresAt)).sort((a, b) => b.getTime() - a.getTime())[0]
  return ends ?? null
}

export type LinkState =
  | { ok: true; userId: string; email: string; name: string }
  | { ok: false; reason: 'unknown' | 'expired' }

/** What a link is: open (for whom), expired, or unknown (never made, used already, voided). */
export async function checkPasswordLink(
  runtime: Pick<AppRuntime, 'auth' | 'clock'>,
  purpose: LinkPurpose,
  token: string,
): Promise<LinkState> {
  if (!/^[\w-]{20,100}$/.test(token)) return { ok: false, reason: 'unknown' }
  const ctx = await runtime.auth.$context
  const row = await ctx.internalAdapter.findVerificationValue(identifierOf(purpose, token))
  if (!row) return { ok: false, reason: 'unknown' }
  if (new Date(row.expiresAt).getTime() <= runtime.clock.now().getTime())
    return { ok: false, reason: 'expired' }
  const user = await ctx.internalAdapter.findUserById(row.value)
  if (!user) return { ok: false, reason: 'unknown' }
  return { ok: true, userId: user.id, email: user.email, name: user.name }
}

/**
 * Sets the person's password through a link and uses the link up: the password must pass the policy (else a
 * WeakPasswordError and the link stays open), and every session and every other open link of the person ends (a
 * reset locks out whoever knew the old password). Answers the person, or the link's state when it cannot be used.
 */
export async function spendPasswordLink(
  runtime: Pick<AppRuntime, 'auth' | 'db' | 'clock'>,
  purpose: LinkPurpose,
  token: string,
  password: string,
): Promise<LinkState> {
  const state = await checkPasswordLink(runtime, purpose, token)
  if (!state.ok) return state
  assertPasswordAllowed(password, { email: state.email })
  const ctx = await runtime.auth.$context
  // Atomic: of two uses at once, one gets the row.
  const consumed = await ctx.internalAdapter.consumeVerificationValue(identifierOf(purpose, token))
  if (!consumed || consumed.value !== state.userId) return { ok: false, reason: 'unknown' }
  const hash = await ctx.password.hash(password)
  const accounts = await ctx.internalAdapter.findAccounts(state.userId)
  if (accounts.some((account) => account.providerId === 'credential')) {
    await ctx.internalAdapter.updatePassword(state.userId, hash)
  } else {
    await ctx.internalAdapter.linkAccount({
      userId: state.userId,
      providerId: 'credential',
      accountId: state.userId,
      password: hash,
    })
  }
  await ctx.internalAdapter.deleteUserSessions(state.userId)
  await voidAccountLinks(runtime, state.userId)
  if (purpose === 'invitation') await ctx.internalAdapter.updateUser(state.userId, { emailVerified: true })
  return state
}
