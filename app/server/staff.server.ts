import { sessionEnded } from './admin-actions.server.ts'
import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'

import {
  createPasswordLink,
  LINK_VALID_MS,
  openPasswordLink,
  passwordLinkUrl,
  voidPasswordLinks,
} from '#app/auth/password-links.server.ts'
import { isRole, type Role, ROLE_NAMES, roleOf } from '#app/auth/roles.server.ts'
import { actorFromSession, type AdminSession, requireArea } from '#app/auth/session.server.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import type { AdminActionResult } from '#app/lib/admin-action-result.ts'
import { HttpError, ValidationError } from '#app/lib/errors.ts'
import { listLastSignIns, recordActivity } from '#app/models/activity.server.ts'
import { enqueueMail } from '#app/models/outbox.server.ts'
import {
  countAdministrators,
  listLatestSessionStarts,
  listUserIdsWithPassword,
  listUsers,
} from '#app/models/users.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'
import { parseInput } from '#app/schemas/fields.ts'
import { readFormBody } from '#app/server/api.server.ts'
import { mailLinkOrigin } from '#app/server/site-address.server.ts'

type MailLinks = Awaited<ReturnType<typeof mailLinkOrigin>>

export interface StaffMember {
  id: string
  name: string
  email: string
  role: Role | null
  /** The last sign-in (ISO), or null when they never signed in. */
  lastSignIn: string | null
  twoStep: boolean
  /** Has chosen a password (an invited person has not, until they follow the link). */
  active: boolean
  /** While invited: when their link stops working (ISO), or null when it has. */
  invitationEnds: string | null
}

const toIso = (value: unknown) => {
  if (value === null || value === undefined || value === '') return null
  const date = value instanceof Date ? value : new Date(value as string | number)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

const later = (a: string | null, b: string | null) => (!a ? b : !b ? a : a > b ? a : b)

/** Everyone with access, administrators first, then by name. */
export async function listStaff(runtime: Pick<AppRuntime, 'db' | 'clock'>): Promise<StaffMember[]> {
  const { db } = runtime
  const users = await listUsers({ db })
  const credentials = await listUserIdsWithPassword({ db })
  const sessions = await listLatestSessionStarts({ db })
  const signIns = await listLastSignIns({ db }).catch(() => [])
  const lastOf = new Map<string, string | null>()
  for (const row of sessions) lastOf.set(row.userId, toIso(row.last))
  for (const row of signIns) lastOf.set(row.userId, later(lastOf.get(row.userId) ?? null, toIso(row.last)))
  const members = await Promise.all(
    users.map(async (user): Promise<StaffMember> => {
      const id = String(user.id)
      const active = credentials.has(id)
      const ends = active ? null : await openPasswordLink(runtime, { userId: id, purpose: 'invitation' })
      return {
        id,
        name: String(user.name ?? ''),
        email: String(user.email),
        role: roleOf(user),
        lastSignIn: lastOf.get(id) ?? null,
        // The two-step plugin's field, once it is there.
        twoStep: user.twoFactorEnabled === true || user.twoFactorEnabled === 1,
        active,
        invitationEnds: ends && ends.getTime() > runtime.clock.now().getTime() ? ends.toISOString() : null,
      }
    }),
  )
  return members.sort(
    (a, b) =>
      Number(b.role === 'admin') - Number(a.role === 'admin') ||
      (a.name || a.email).localeCompare(b.name || b.email),
  )
}

async function findMember(runtime: Pick<AppRuntime, 'auth'>, id: string) {
  const ctx = await runtime.auth.$context
  const user = id ? await ctx.internalAdapter.findUserById(id) : null
  if (!user) throw new HttpError(404, 'This person no longer has access')
  return user as typeof user & { role?: string | null }
}

const InviteSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter an e-mail address such as name@example.org')),
  name: z.string().trim().max(100, 'At most 100 characters').optional().default(''),
  role: z.string().refine(isRole, 'Choose Administrator, Editor or Treasurer'),
})

/** The link's e-mail, or null when e-mail is off (the screen then shows the link once). */
async function sendLink(
  runtime: AppRuntime,
  {
    to,
    url,
    sitePlaceholder,
    invitedBy,
    role,
    expiresAt,
  }: {
    to: string
    url: string
    sitePlaceholder: string | null
    invitedBy: string
    role: Role
    expiresAt: Date
  },
) {
  if (!runtime.mail) return false
  const until = expiresAt.toLocaleDateString('en-IE', { day: 'numeric', month: 'long', year: 'numeric' })
  await enqueueMail({
    db: runtime.db,
    mail: {
      to,
      subject: 'Your invitation to the church website',
      text: [
        `${invitedBy} has given you access to the church website's admin, as ${role === 'editor' ? 'an Editor' : role === 'admin' ? 'an Administrator' : `a ${ROLE_NAMES[role]}`}.`,
        '',
        'Choose your password here (the link works once, until ' + until + '):',
        url,
        '',
        'Then sign in with this e-mail address and your password.',
        'If you did not expect this e-mail, you can ignore it: nothing happens without the link.',
      ].join('\n'),
      sitePlaceholder,
      sealWith: runtime.mailSealer,
    },
    now: runtime.clock.now().getTime(),
  })
  runtime.mailer.wake()
  return true
}

type StaffResult = AdminActionResult & { link?: string; linkFor?: string }

const TOASTS = {
  invite: { ok: 'Invitation sent', failed: 'Failed to invite' },
  resend: { ok: 'New link sent', failed: 'Failed to send a new link' },
  role: { ok: 'Role changed', failed: 'Failed to change the role' },
  remove: { ok: 'Removed', failed: 'Failed to remove' },
} as const

type Intent = keyof typeof TOASTS

/** The Staff screen's action: `invite`, `resend` (a new link), `role` (change it) and `remove`. */
export async function staffAction({
  request,
  context,
}: {
  request: Request
  context: Readonly<RouterContextProvider>
}) {
  const session = requireArea(context, 'staff', { inAction: true })
  const runtime = context.get(runtimeContext)
  let intent: Intent = 'invite'
  try {
    const form = await readFormBody(request)
    const asked = String(form.get('intent') ?? '')
    if (!(asked in TOASTS)) throw new HttpError(400, 'Unknown action')
    intent = asked as Intent
    if (!session) {
      return sessionEnded(intent, TOASTS[intent].failed)
    }
    // An e-mailed link names the site's address (held until there is one); one shown to the administrator here,
    // with e-mail off, may name the address they are using.
    const links = runtime.mail
      ? await mailLinkOrigin(runtime.siteAddress)
      : {
          origin: (await runtime.siteAddress.get()) ?? context.get(requestContext).origin,
          placeholder: null,
        }
    switch (intent) {
      case 'invite':
        return await invite(runtime, session, links, form)
      case 'resend':
        return await resend(runtime, session, links, String(form.get('id') ?? ''))
      case 'role':
        return await changeRole(runtime, session, String(form.get('id') ?? ''), form.get('role'))
      case 'remove':
        return await remove(runtime, session, String(form.get('id') ?? ''))
    }
  } catch (error) {
    const status = error instanceof HttpError ? error.status : 500
    if (!(error instanceof HttpError)) runtime.logger.error({ err: error, intent }, 'staff action failed')
    const result: StaffResult = {
      ok: false,
      intent,
      toast: TOASTS[intent].failed,
      error:
        error instanceof HttpError ? error.message : 'Something went wrong on our side. Please try again.',
      ...(error instanceof ValidationError ? { fields: error.fields } : {}),
    }
    return data(result, { status })
  }
}

async function invite(runtime: AppRuntime, session: AdminSession, links: MailLinks, form: FormData) {
  const { email, name, role } = parseInput(InviteSchema, {
    email: String(form.get('email') ?? ''),
    name: String(form.get('name') ?? ''),
    role: String(form.get('role') ?? ''),
  }) as { email: string; name: string; role: Role }
  const ctx = await runtime.auth.$context
  if (await ctx.internalAdapter.findUserByEmail(email)) {
    throw new ValidationError(
      { email: `${email} already has access: change their role or send them a new link in the list below` },
      `${email} already has access`,
    )
  }
  const user = await ctx.internalAdapter.createUser(
    { email, name: name || email.split('@')[0], emailVerified: false, role },
    { method: 'admin' },
  )
  const link = await createPasswordLink(runtime, { userId: user.id, purpose: 'invitation' })
  const url = passwordLinkUrl(links.origin, 'invitation', link.token)
  const actor = actorFromSession(session, runtime.clock)
  const mailed = await sendLink(runtime, {
    to: email,
    url,
    sitePlaceholder: links.placeholder,
    invitedBy: session.user.name || session.user.email,
    role,
    expiresAt: link.expiresAt,
  })
  await recordActivity({
    db: runtime.db,
    actor,
    action: 'invited',
    section: 'staff',
    itemId: user.id,
    itemTitle: `${email} as ${ROLE_NAMES[role]}`,
  })
  return linkResult('invite', email, url, mailed)
}

function linkResult(intent: 'invite' | 'resend', email: string, url: string, mailed: boolean): StaffResult {
  const days = LINK_VALID_MS.invitation / (24 * 60 * 60 * 1000)
  return mailed
    ? { ok: true, intent, toast: `${intent === 'invite' ? 'Invitation' : 'A new link'} e-mailed to ${email}` }
    : {
        ok: true,
        intent,
        toast: `Copy the link for ${email}: it is shown only now and works for ${days} days`,
        link: url,
        linkFor: email,
      }
}

async function resend(runtime: AppRuntime, session: AdminSession, links: MailLinks, id: string) {
  const member = await findMember(runtime, id)
  if (member.id === session.user.id)
    throw new HttpError(400, 'Change your own password on your account instead')
  const link = await createPasswordLink(runtime, { userId: member.id, purpose: 'invitation' })
  const url = passwordLinkUrl(links.origin, 'invitation', link.token)
  const role = roleOf(member) ?? 'editor'
  const mailed = await sendLink(runtime, {
    to: member.email,
    url,
    sitePlaceholder: links.placeholder,
    invitedBy: session.user.name || session.user.email,
    role,
    expiresAt: link.expiresAt,
  })
  await recordActivity({
    db: runtime.db,
    actor: actorFromSession(session, runtime.clock),
    action: 'invited',
    section: 'staff',
    itemId: member.id,
    itemTitle: `${member.email} (a new link)`,
  })
  return linkResult('resend', member.email, url, mailed)
}

async function changeRole(runtime: AppRuntime, session: AdminSession, id: string, asked: unknown) {
  if (!isRole(asked)) throw new ValidationError({ role: 'Choose Administrator, Editor or Treasurer' })
  const member = await findMember(runtime, id)
  if (member.role === asked) {
    return {
      ok: true,
      intent: 'role',
      toast: `${member.email} is already ${ROLE_NAMES[asked]}`,
    } satisfies StaffResult
  }
  if (member.role === 'admin' && (await countAdministrators({ db: runtime.db })) <= 1) {
    throw new HttpError(400, 'There must always be an administrator: make someone else one first')
  }
  const ctx = await runtime.auth.$context
  await ctx.internalAdapter.updateUser(member.id, { role: asked })
  await recordActivity({
    db: runtime.db,
    actor: actorFromSession(session, runtime.clock),
    action: 'role_changed',
    section: 'staff',
    itemId: member.id,
    itemTitle: `${member.email} to ${ROLE_NAMES[asked]}`,
  })
  return {
    ok: true,
    intent: 'role',
    toast: `${member.email} is now ${ROLE_NAMES[asked]}`,
  } satisfies StaffResult
}

async function remove(runtime: AppRuntime, session: AdminSession, id: string) {
  const member = await findMember(runtime, id)
  if (member.id === session.user.id) {
    throw new HttpError(400, 'You cannot remove yourself: ask another administrator')
  }
  if (member.role === 'admin' && (await countAdministrators({ db: runtime.db })) <= 1) {
    throw new HttpError(400, 'The last administrator cannot be removed')
  }
  const ctx = await runtime.auth.$context
  // Every session ends at once: an open page of theirs is refused at its next request.
  await ctx.internalAdapter.deleteUserSessions(member.id)
  await voidPasswordLinks(runtime, { userId: member.id })
  await ctx.internalAdapter.deleteUser(member.id)
  await recordActivity({
    db: runtime.db,
    actor: actorFromSession(session, runtime.clock),
    action: 'removed',
    section: 'staff',
    itemId: member.id,
    itemTitle: member.email,
  })
  return { ok: true, intent: 'remove', toast: `${member.email} no longer has access` } satisfies StaffResult
}
