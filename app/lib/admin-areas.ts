/**
 * The parts of the admin a role may use (app/auth/roles.server.ts), in the order the bar and the dashboard ask
 * about them; the bar shows a person only theirs, and each content screen names its own (a declaration's
 * `admin.area`). Written here once. `subscribers` is no role's but administrators': editors get it when Settings
 * says so (app/auth/session.server.ts).
 */
export const ADMIN_AREAS = [
  'content',
  'messages',
  'staff',
  'settings',
  'activity',
  'giving',
  'subscribers',
] as const
export type AdminArea = (typeof ADMIN_AREAS)[number]
