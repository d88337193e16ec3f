import { betterAuth, type BetterAuthOptions } from 'better-auth'
import { getMigrations } from 'better-auth/db/migration'
import { admin, twoFactor } from 'better-auth/plugins'
import { z } from 'zod'

import {
  assertPasswordAllowed,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
} from './password-policy.server.ts'
import { voidAccountLinks } from './password-links.server.ts'
import { accessControl, ROLES } from './roles.server.ts'
import { twoStepCodesOnce } from './two-step-codes-once.server.ts'

import type { Db } from '#app/db/database.server.ts'
import type { Env } from '#app/env.server.ts'
import { type Clock, systemClock } from '#app/lib/clock.ts'

export const SESSION_COOKIE_NAME = 'better-auth.session_token'
/**
 * The client's address as our server worked it out (TRUST_PROXY honoured), set by host/app.ts on every request
 * in place of any a client sent: what better-auth records as a session's IP address.
 */
export const CLIENT_IP_HEADER = 'x-lampstand-client-ip'

export function authOptions({
  db,
  env,
  secret,
  clock = systemClock,
}: {
  db: Db
  env: Env
  secret: string
  clock?: Clock
}) {
  return {
    appName: 'Lampstand',
    database: { db: db.kysely, type: db.dialect },
    secret,
    // Without PUBLIC_URL the base URL follows the request, so the same build serves any host and port.
    baseURL: env.PUBLIC_URL ?? { allowedHosts: ['*'], fallback: `http://localhost:${env.PORT}` },
    basePath: '/api/auth',
    // The request's own origin is trusted; our origin check in front has already refused cross-site writes.
    trustedOrigins: async (request?: Request) => {
      const origins: string[] = env.PUBLIC_URL ? [new URL(env.PUBLIC_URL).origin] : []
      if (request) origins.push(new URL(request.url).origin)
      return origins
    },
    emailAndPassword: {
      enabled: true,
      // Administrators are created by the operator (`npm run admin`) or ADMIN_EMAIL at start-up, never by visitors.
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    // Sign-in throttling (per IP and per account) is ours: see sign-in-throttle.server.ts.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      useSecureCookies: env.secureCookies,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: { disabled: env.NODE_ENV === 'test' },
    plugins: [
      // Roles (roles.server.ts): the role column on the user, and who may change other people's accounts. A new
      // person is an editor unless made an administrator.
      admin({ ac: accessControl, roles: ROLES, defaultRole: 'editor', adminRoles: ['admin'] }),
      // Two-step sign-in (account.server.ts, two-step.server.ts): an authenticator app's codes, 10 backup codes
      // kept encrypted; its table and user.twoFactorEnabled come with migrateAuthTables.
      twoFactor({ backupCodeOptions: { amount: 10, storeBackupCodes: 'encrypted' } }),
      // Each code signs in once (two-step-codes-once.server.ts).
      twoStepCodesOnce({ db, clock }),
    ],
  } satisfies BetterAuthOptions
}

export function createAuth(options: { db: Db; env: Env; secret: string; clock: Clock }) {
  return betterAuth(authOptions(options))
}

export type Auth = ReturnType<typeof createAuth>

/** Creates or updates better-auth's own tables (user, session, account, verification). */
export async function migrateAuthTables(options: { db: Db; env: Env; secret: string }) {
  const { runMigrations } = await getMigrations(authOptions(options))
  await runMigrations()
}

/**
 * Creates the administrator with this email, or resets its password when it exists (and makes an editor with
 * this address an administrator): `npm run admin` and ADMIN_EMAIL/ADMIN_PASSWORD. A new password must pass the
 * password policy; the password the account already has is kept as it is (`weak` says it would not pass now).
 */
export async function upsertAdministrator(
  { auth, db }: { auth: Auth; db: Db },
  { email, password }: { email: string; password: string },
) {
  const normalizedEmail = email.trim().toLowerCase()
  if (!z.email().safeParse(normalizedEmail).success) throw new Error(`${email} is not an email address`)
  const ctx = await auth.$context
  const existing = await ctx.internalAdapter.findUserByEmail(normalizedEmail, { includeAccounts: true })
  const credential = existing?.accounts.find((account) => account.providerId === 'credential')
  // Restarting with ADMIN_EMAIL and ADMIN_PASSWORD unchanged must not sign the administrator out.
  if (
    existing &&
    credential?.password &&
    password.length <= PASSWORD_MAX_LENGTH &&
    (await ctx.password.verify({ hash: credential.password, password }))
  ) {
    const promoted = await makeAdministrator(auth, existing.user)
    const weak = passwordProblem(password, { email: normalizedEmail }) !== null
    return { created: false, changed: false, promoted, userId: existing.user.id, weak }
  }
  assertPasswordAllowed(password, { email: normalizedEmail })
  const hash = await ctx.password.hash(password)
  if (existing) {
    const promoted = await makeAdministrator(auth, existing.user)
    if (credential) {
      await ctx.internalAdapter.updatePassword(existing.user.id, hash)
    } else {
      await ctx.internalAdapter.linkAccount({
        userId: existing.user.id,
        providerId: 'credential',
        accountId: existing.user.id,
        password: hash,
      })
    }
    // A reset password signs the administrator out everywhere, and voids the links mailed before it.
    await ctx.internalAdapter.deleteUserSessions(existing.user.id)
    await voidAccountLinks({ db }, existing.user.id)
    return { created: false, changed: true, promoted, userId: existing.user.id, weak: false }
  }
  const user = await ctx.internalAdapter.createUser(
    {
      email: normalizedEmail,
      name: normalizedEmail.split('@')[0] ?? 'Administrator',
      emailVerified: true,
      role: 'admin',
    },
    { method: 'admin' },
  )
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: hash,
  })
  return { created: true, changed: true, promoted: false, userId: user.id, weak: false }
}

/** Gives this person the administrator's role; true when it was not theirs. */
async function makeAdministrator(auth: Auth, user: { id: string; role?: string | null }) {
  if (user.role === 'admin') return false
  const ctx = await auth.$context
  await ctx.internalAdapter.updateUser(user.id, { role: 'admin' })
  return true
}
