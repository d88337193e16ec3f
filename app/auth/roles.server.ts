import { createAccessControl } from 'better-auth/plugins/access'
import { adminAc, defaultStatements } from 'better-auth/plugins/admin/access'

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
 */
const statements = {
  ...defaultStatements,
  content: ['use'],
  messages: ['use'],
  staff: ['use'],
  settings: ['use'],
  activity: ['use'],
} as const

export type Area = 'content' | 'messages' | 'staff' | 'settings' | 'activity'

export const accessControl = createAccessControl(statements)

export const ROLES = {
  /** Everything. */
  admin: accessControl.newRole({
    ...adminAc.statements,
    content: ['use'],
    messages: ['use'],
    staff: ['use'],
    settings: ['use'],
    activity: ['use'],
  }),
  /** Content and uploads; not Messages, Staff or Settings, and no say over other people's accounts. */
  editor: accessControl.newRole({ user: [], session: [], content: ['use'] }),
}

export type Role = keyof typeof ROLES

export const ROLE_NAMES: Record<Role, string> = { admin: 'Administrator', editor: 'Editor' }

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
export function mayUse(role: Role | null, area: Area): boolean {
  if (!role) return false
  return ROLES[role].authorize({ [area]: ['use'] }).success
}

/** The parts of the admin a person may use: the admin bar and dashboard show only these. */
export function areasOf(role: Role | null): Area[] {
  return (['content', 'messages', 'staff', 'settings', 'activity'] as const).filter((area) =>
    mayUse(role, area),
  )
}

/** What a refused person is told, naming the part they asked for. */
export const AREA_NAMES: Record<Area, string> = {
  content: 'the content screens',
  messages: 'Messages',
  staff: 'Staff',
  settings: 'Settings',
  activity: 'the activity log',
}

export function refusalMessage(area: Area) {
  return `Only administrators can use ${AREA_NAMES[area]}. Ask an administrator if you need it.`
}
