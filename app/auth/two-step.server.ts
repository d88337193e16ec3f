import { isAPIError } from 'better-auth/api'
import QRCode from 'qrcode'

import { verifyCurrentPassword } from './account.server.ts'
import type { AdminSession } from './session.server.ts'
import { HttpError, ValidationError } from '#app/lib/errors.ts'
import { getChurchInfo } from '#app/content/church-info/model.server.ts'
import { getRequireTwoStep } from '#app/models/settings.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'

type Runtime = Pick<AppRuntime, 'auth' | 'db' | 'clock'>

/** What the person needs to add the account to an authenticator app: a QR code, and the secret to type. */
export interface TwoStepSetup {
  /** An SVG picture of the otpauth:// address (made on the server: no outside service sees the secret). */
  qrSvg: string
  /** The secret in base32, in groups of four, for apps that cannot scan. */
  secret: string
  backupCodes: string[]
}

/** better-auth's refusals as our errors (its messages are in its own words). */
function asHttpError(error: unknown, field: string, message: string): never {
  if (isAPIError(error)) throw new ValidationError({ [field]: message })
  throw error
}

/**
 * Starts switching on two-step sign-in: after the current password, better-auth makes a secret and 10 backup
 * codes, kept unconfirmed until a first code from the app proves the app has the secret (confirmTwoStep).
 */
export async function startTwoStep(
  runtime: Runtime,
  session: AdminSession,
  { headers, password }: { headers: Headers; password: string },
): Promise<TwoStepSetup> {
  if (session.user.twoFactorEnabled) throw new HttpError(400, 'Two-step sign-in is already on')
  await verifyCurrentPassword(runtime, session.user.id, password)
  const church = await getChurchInfo({ db: runtime.db }).catch(() => null)
  // The name the authenticator app shows beside the codes.
  const issuer = `${church?.name?.trim() || 'Church website'} admin`
  const answer = await runtime.auth.api
    .enableTwoFactor({ body: { password, issuer, method: 'totp' }, headers })
    .catch((error: unknown) => asHttpError(error, 'current_password', 'That is not your current password'))
  if (answer.method !== 'totp') throw new Error('better-auth answered no TOTP address')
  const { totpURI, backupCodes } = answer
  const secret = new URL(totpURI).searchParams.get('secret') ?? ''
  const qrSvg = await QRCode.toString(totpURI, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { qrSvg, secret: secret.replace(/(.{4})/g, '$1 ').trim(), backupCodes: backupCodes ?? [] }
}

/**
 * Switches two-step sign-in on once the first code from the app is right. better-auth replaces the session
 * (the answer's Set-Cookie); the old one ends.
 */
export async function confirmTwoStep(
  runtime: Runtime,
  session: AdminSession,
  { headers, code }: { headers: Headers; code: string },
) {
  if (session.user.twoFactorEnabled) throw new HttpError(400, 'Two-step sign-in is already on')
  const answer = await runtime.auth.api
    .verifyTOTP({ body: { code }, headers, returnHeaders: true })
    .catch((error: unknown) =>
      asHttpError(error, 'code', 'That code is not right. Wait for a new code in the app and try again.'),
    )
  return answer.headers
}

/** Ten new backup codes (the old ones stop working), after the current password. */
export async function regenerateBackupCodes(
  runtime: Runtime,
  session: AdminSession,
  { headers, password }: { headers: Headers; password: string },
) {
  if (!session.user.twoFactorEnabled) throw new HttpError(400, 'Two-step sign-in is off')
  await verifyCurrentPassword(runtime, session.user.id, password)
  const { backupCodes } = await runtime.auth.api
    .generateBackupCodes({ body: { password }, headers })
    .catch((error: unknown) => asHttpError(error, 'current_password', 'That is not your current password'))
  return backupCodes
}

/**
 * Switches two-step sign-in off after the current password, unless administrators require it for everyone.
 * better-auth replaces the session (the answer's Set-Cookie).
 */
export async function disableTwoStep(
  runtime: Runtime,
  session: AdminSession,
  { headers, password }: { headers: Headers; password: string },
) {
  if (!session.user.twoFactorEnabled) throw new HttpError(400, 'Two-step sign-in is already off')
  if (await getRequireTwoStep({ db: runtime.db })) {
    throw new HttpError(
      400,
      'Administrators require two-step sign-in for everyone: it cannot be switched off',
    )
  }
  await verifyCurrentPassword(runtime, session.user.id, password)
  const answer = await runtime.auth.api
    .disableTwoFactor({ body: { password }, headers, returnHeaders: true })
    .catch((error: unknown) => asHttpError(error, 'current_password', 'That is not your current password'))
  return answer.headers
}

/**
 * The operator's way back in for someone who lost both the phone and the backup codes (`npm run admin --
 * two-step-off EMAIL`): their two-step sign-in is switched off (secret and codes deleted). False when there is no
 * such person.
 */
export async function switchOffTwoStepFor(runtime: Pick<AppRuntime, 'auth'>, email: string) {
  const ctx = await runtime.auth.$context
  const found = await ctx.internalAdapter.findUserByEmail(email.trim().toLowerCase())
  if (!found) return false
  await ctx.adapter.deleteMany({ model: 'twoFactor', where: [{ field: 'userId', value: found.user.id }] })
  await ctx.internalAdapter.updateUser(found.user.id, { twoFactorEnabled: false })
  return true
}
