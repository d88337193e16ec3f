import {
  BookOpen,
  CalendarDays,
  Church,
  GalleryHorizontalEnd,
  HandHeart,
  Images,
  LayoutDashboard,
  Mail,
  MapPin,
  Music,
  Settings,
  Users,
} from 'lucide-react'

/** The admin's sections in the order of the top bar (spec §2). */
export const ADMIN_SECTIONS = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/church-info', label: 'Church Info', icon: Church },
  { to: '/admin/about', label: 'About Us', icon: BookOpen },
  { to: '/admin/leadership', label: 'Leadership', icon: Users },
  { to: '/admin/getting-here', label: 'Getting Here', icon: MapPin },
  { to: '/admin/services', label: 'Services', icon: Music },
  { to: '/admin/events', label: 'Events', icon: CalendarDays },
  { to: '/admin/ministries', label: 'Ministries', icon: HandHeart },
  { to: '/admin/gallery', label: 'Gallery', icon: Images },
  { to: '/admin/carousel', label: 'Carousel', icon: GalleryHorizontalEnd },
  { to: '/admin/messages', label: 'Messages', icon: Mail },
] as const

/** The site's settings (notifications, retention): beside Sign Out on wide screens, last in the menu. */
export const SETTINGS_SECTION = { to: '/admin/settings', label: 'Settings', icon: Settings } as const
