import { betterAuth, type BetterAuthOptions } from 'better-auth'
import { getMigrations } from 'better-auth/db/migration'
import { z } from 'zod'

import type { Db } from '#app/db/database.server.ts'
import type { Env } from '#app/env.server.ts'

export const SESSION_COOKIE_NAME = 'better-auth.session_token'
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

export function authOptions({ db, env, secret }: { db: Db; env: Env; secret: string }) {
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
      ipAddress: { ipAddressHeaders: env.TRUST_PROXY ? ['x-forwarded-for'] : [] },
    },
    logger: { disabled: env.NODE_ENV === 'test' },
  } satisfies BetterAuthOptions
}

export function createAuth(options: { db: Db; env: Env; secret: string }) {
  return betterAuth(authOptions(options))
}

export type Auth = ReturnType<typeof createAuth>

/** Creates or updates better-auth's own tables (user, session, account, verification). */
export async function migrateAuthTables(options: { db: Db; env: Env; secret: string }) {
  const { runMigrations } = await getMigrations(authOptions(options))
  await runMigrations()
}

/** Creates the administrator with this email, or resets its password when it exists. */
export async function upsertAdministrator(
  auth: Auth,
  { email, password }: { email: string; password: string },
) {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new Error(`The password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long`)
  }
  const normalizedEmail = email.trim().toLowerCase()
  if (!z.email().safeParse(normalizedEmail).success) throw new Error(`${email} is not an email address`)
  const ctx = await auth.$context
  const existing = await ctx.internalAdapter.findUserByEmail(normalizedEmail, { includeAccounts: true })
  const credential = existing?.accounts.find((account) => account.providerId === 'credential')
  // Restarting with ADMIN_EMAIL and ADMIN_PASSWORD unchanged must not sign the administrator out.
  if (
    existing &&
    credential?.password &&
    (await ctx.password.verify({ hash: credential.password, password }))
  ) {
    return { created: false, changed: false, userId: existing.user.id }
  }
  const hash = await ctx.password.hash(password)
  if (existing) {
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
    // A reset password signs the administrator out everywhere.
    await ctx.internalAdapter.deleteUserSessions(existing.user.id)
    return { created: false, changed: true, userId: existing.user.id }
  }
  const user = await ctx.internalAdapter.createUser(
    {
      email: normalizedEmail,
      name: normalizedEmail.split('@')[0] ?? 'Administrator',
      emailVerified: true,
    },
    { method: 'admin' },
  )
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: hash,
  })
  return { created: true, changed: true, userId: user.id }
}

export async function countAdministrators(db: Db) {
  const row = await db.kysely
    // better-auth's table is not part of our typed schema.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    .selectFrom('user' as any)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}
