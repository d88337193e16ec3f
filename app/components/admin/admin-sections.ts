import {
  BookOpen,
  CalendarDays,
  Church,
  GalleryHorizontalEnd,
  HandHeart,
  History,
  Images,
  LayoutDashboard,
  Mail,
  MapPin,
  Music,
  Settings,
  UserCog,
  UserRound,
  Users,
} from 'lucide-react'

/** The parts of the admin a role may use (app/auth/roles.server.ts); the bar shows a person only theirs. */
export type AdminArea = 'content' | 'messages' | 'staff' | 'settings' | 'activity'

/** The admin's sections in the order of the top bar (docs/specification.md §2). */
export const ADMIN_SECTIONS = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard, area: 'content' },
  { to: '/admin/church-info', label: 'Church Info', icon: Church, area: 'content' },
  { to: '/admin/about', label: 'About Us', icon: BookOpen, area: 'content' },
  { to: '/admin/leadership', label: 'Leadership', icon: Users, area: 'content' },
  { to: '/admin/getting-here', label: 'Getting Here', icon: MapPin, area: 'content' },
  { to: '/admin/services', label: 'Services', icon: Music, area: 'content' },
  { to: '/admin/events', label: 'Events', icon: CalendarDays, area: 'content' },
  { to: '/admin/ministries', label: 'Ministries', icon: HandHeart, area: 'content' },
  { to: '/admin/gallery', label: 'Gallery', icon: Images, area: 'content' },
  { to: '/admin/carousel', label: 'Carousel', icon: GalleryHorizontalEnd, area: 'content' },
  { to: '/admin/messages', label: 'Messages', icon: Mail, area: 'messages' },
] as const

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
