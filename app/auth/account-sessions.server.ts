import type { AdminSession } from './session.server.ts'
import { describeUserAgent } from '#app/lib/user-agent.ts'
import type { AppRuntime } from '#app/runtime.server.ts'

/** "Last active" is kept to within this much: a write at most every five minutes per session, not per request. */
const ACTIVITY_PRECISION_MS = 5 * 60 * 1000

/** One signed-in browser of an account, as My account lists it (never its token). */
export interface AccountSession {
  id: string
  device: string
  ipAddress: string | null
  signedInAt: string
  lastActiveAt: string
  current: boolean
}

/** The account's sessions that have not expired, this device first, then the most recently active. */
export async function listAccountSessions(
  runtime: Pick<AppRuntime, 'auth'>,
  session: AdminSession,
): Promise<AccountSession[]> {
  const ctx = await runtime.auth.$context
  const sessions = await ctx.internalAdapter.listSessions(session.user.id, { onlyActiveSessions: true })
  return sessions
    .map((item) => ({
      id: item.id,
      device: describeUserAgent(item.userAgent),
      ipAddress: item.ipAddress || null,
      signedInAt: new Date(item.createdAt).toISOString(),
      lastActiveAt: new Date(item.updatedAt).toISOString(),
      current: item.id === session.session.id,
    }))
    .sort((a, b) =>
      a.current !== b.current ? (a.current ? -1 : 1) : b.lastActiveAt.localeCompare(a.lastActiveAt),
    )
}

/** Ends every session of the account but this one; answers how many ended. */
export async function signOutOtherSessions(runtime: Pick<AppRuntime, 'auth'>, session: AdminSession) {
  const ctx = await runtime.auth.$context
  const others = (await ctx.internalAdapter.listSessions(session.user.id)).filter(
    (item) => item.id !== session.session.id,
  )
  if (others.length > 0) await ctx.internalAdapter.deleteSessions(others.map((item) => item.token))
  return others.length
}

/** Ends one other session of the account, by its id; false when there is none (already ended). */
export async function signOutSession(runtime: Pick<AppRuntime, 'auth'>, session: AdminSession, id: string) {
  const ctx = await runtime.auth.$context
  const target = (await ctx.internalAdapter.listSessions(session.user.id)).find((item) => item.id === id)
  if (!target || target.id === session.session.id) return false
  await ctx.internalAdapter.deleteSession(target.token)
  return true
}

/**
 * Records that the session was used now (its `updatedAt`, better-auth's own column, which it otherwise moves
 * only once a day when it extends the session), so "Last active" means what it says.
 */
export async function touchSession(runtime: Pick<AppRuntime, 'auth' | 'clock'>, session: AdminSession) {
  const now = runtime.clock.now()
  if (now.getTime() - new Date(session.session.updatedAt).getTime() < ACTIVITY_PRECISION_MS) return
  const ctx = await runtime.auth.$context
  await ctx.internalAdapter.updateSession(session.session.token, { updatedAt: now })
}
