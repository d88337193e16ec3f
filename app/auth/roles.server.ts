import { createAccessControl } from 'better-auth/plugins/access'
import { adminAc, defaultStatements } from 'better-auth/plugins/admin/access'

import { ADMIN_AREAS, type AdminArea } from '#app/lib/admin-areas.ts'

/**
 * Who may use which part of the admin, said once (decision 0015). better-auth's admin plugin keeps each person's
 * role on the user row and uses these same roles for its own user statements (who may invite, change roles and
 * remove people); our request guards (session.server.ts) ask `mayUse` for the parts below.
 *
 * - `content`: every content screen (church info, about us, leaders, services, events…), uploads and the API's
 *   content writes.
 * - `messages`: the visitors' messages (personal data): the inbox, its CSV export, the API's contact_messages.
 * - `staff`: who has access, invitations, roles, removing people.
 * - `settings`: notification recipients, the test e-mail, the messages' retention.
 * - `activity`: the activity log (who did what, messages and staff changes included) and its dashboard card.
 * - `giving`: gifts, donors and the tax reclaim (issue 49): money and personal data, for administrators and
 *   treasurers only.
 */
/** Each part of the admin (ADMIN_AREAS, said once in app/content/declare.ts) as a statement a role may be given. */
const USE_EVERY_AREA = Object.fromEntries(ADMIN_AREAS.map((area) => [area, ['use'] as const])) as Record<
  AdminArea,
  readonly ['use']
>

const statements = { ...defaultStatements, ...USE_EVERY_AREA } as const

export const accessControl = createAccessControl(statements)

export const ROLES = {
  /** Everything. */
  admin: accessControl.newRole({ ...adminAc.statements, ...USE_EVERY_AREA }),
  /** Content and uploads; not Messages, Staff, Settings or Giving, and no say over other people's accounts. */
  editor: accessControl.newRole({ user: [], session: [], content: ['use'] }),
  /**
   * The one who keeps the money (issue 49): gifts, donors and the tax reclaim, and nothing else: not the content
   * screens (decision 0037), Messages, Staff or Settings.
   */
  treasurer: accessControl.newRole({ user: [], session: [], giving: ['use'] }),
}

export type Role = keyof typeof ROLES

export const ROLE_NAMES: Record<Role, string> = {
  admin: 'Administrator',
  editor: 'Editor',
  treasurer: 'Treasurer',
}

export const ROLE_LIST = Object.keys(ROLES) as Role[]

/** The role of a stored user: one of ours, or null for anything else (which then may use nothing). */
export function roleOf(user: { role?: string | null }): Role | null {
  const role = user.role ?? ''
  return Object.hasOwn(ROLES, role) ? (role as Role) : null
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && Object.hasOwn(ROLES, value)
}

/** Whether a person with this role may use this part of the admin. */
export function mayUse(role: Role | null, area: AdminArea): boolean {
  if (!role) return false
  return ROLES[role].authorize({ [area]: ['use'] }).success
}

/** The parts of the admin a person may use: the admin bar and dashboard show only these. */
export function areasOf(role: Role | null): AdminArea[] {
  return ADMIN_AREAS.filter((area) => mayUse(role, area))
}

/** What a refused person is told, naming the part they asked for. */
export const AREA_NAMES: Record<AdminArea, string> = {
  content: 'the content screens',
  messages: 'Messages',
  staff: 'Staff',
  settings: 'Settings',
  activity: 'the activity log',
  giving: 'Giving',
  subscribers: 'Subscribers',
}

export function refusalMessage(area: AdminArea) {
  const who = area === 'giving' ? 'administrators and treasurers' : 'administrators'
  return `Only ${who} can use ${AREA_NAMES[area]}. Ask an administrator if you need it.`
}
