import { History, LayoutDashboard, Settings, UserCog, UserRound } from 'lucide-react'

import type { AdminArea } from '#app/lib/admin-areas.ts'
import { CONTENT_SCREENS } from '#app/content/registry.ts'

export type { AdminArea }

/** The admin's sections in the order of the top bar (docs/specification.md §2): the dashboard, then each kind of content's screen. */
export const ADMIN_SECTIONS = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard, area: 'content' as AdminArea },
  ...CONTENT_SCREENS.flatMap(({ path, label, icon, area, more }) => [
    { to: `/admin/${path}`, label, icon, area },
    ...(more ?? []).flatMap((screen) =>
      screen.section ? [{ to: `/admin/${screen.path}`, ...screen.section }] : [],
    ),
  ]),
]

/**
 * Who has access (administrators only) and the site's settings (notifications, retention): icons beside Sign Out
 * on wide screens, last in the menu.
 */
export const STAFF_SECTION = { to: '/admin/staff', label: 'Staff', icon: UserCog, area: 'staff' } as const
export const SETTINGS_SECTION = {
  to: '/admin/settings',
  label: 'Settings',
  icon: Settings,
  area: 'settings',
} as const

/** The activity log (administrators): an icon beside Staff and Settings on wide screens, in the menu too. */
export const ACTIVITY_SECTION = {
  to: '/admin/activity',
  label: 'Activity',
  icon: History,
  area: 'activity',
} as const
/** The signed-in person's own account (name, address, password, sessions, two-step): everyone has it. */
export const ACCOUNT_SECTION = { to: '/admin/account', label: 'My account', icon: UserRound } as const
