import type { ColumnType, Generated } from 'kysely'

/** Timestamps are ISO 8601 UTC strings in both dialects. */
type Timestamp = string

export interface ChurchInfoTable {
  id: string
  name: string
  description: string | null
  address: string | null
  email: string | null
  phone: string | null
  whatsapp_number: string | null
  logo_url: string | null
  latitude: number | null
  longitude: number | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface AboutUsTable {
  id: string
  mission: string
  vision: string
  values: string
  history: string
  image_url: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface CarouselSlidesTable {
  id: string
  title: string
  subtitle: string | null
  image_url: string
  order: number
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ServicesTable {
  id: string
  name: string
  description: string | null
  day: string | null
  time: string | null
  type: 'regular' | 'special'
  location: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface EventsTable {
  id: string
  title: string
  description: string | null
  date: string | null
  time: string | null
  location: string | null
  image_url: string | null
  /** 0 or 1 in both dialects, so one code path reads and writes it. */
  is_regular: number
  created_at: Timestamp
  updated_at: Timestamp
}

export interface MinistriesTable {
  id: string
  name: string
  description: string | null
  image_url: string | null
  /** JSON array of strings. */
  activities: string
  created_at: Timestamp
  updated_at: Timestamp
}

export interface GalleryImagesTable {
  id: string
  title: string
  category: 'worship' | 'prayer' | 'youth' | 'children' | 'events'
  image_url: string
  created_at: Timestamp
  updated_at: Timestamp
}

export interface LeadershipTeamTable {
  id: string
  name: string
  role: string
  bio: string | null
  image_url: string | null
  order: number
  created_at: Timestamp
  updated_at: Timestamp
}

export interface GettingHereTable {
  id: string
  transport_type: string
  title: string
  description: string
  order: number
  created_at: Timestamp
  updated_at: Timestamp
}

export interface ContactMessagesTable {
  id: string
  first_name: string
  last_name: string
  email: string
  phone: string | null
  subject: string | null
  message: string
  created_at: Timestamp
  /** Folded copies for the inbox's search and sort (messageKeys); never sent to clients. */
  search_text: Generated<string>
  sort_first_name: string | null
  sort_email: string | null
  sort_subject: string | null
}

export interface MediaTable {
  id: string
  /** Path under /media of the largest variant, the value stored in `image_url`. */
  secure_url: string
  original_name: string | null
  format: string
  width: number
  height: number
  bytes: number
  /** JSON array of { url, width, height, bytes }. */
  variants: string
  created_at: Timestamp
}

export interface RateLimitsTable {
  key: string
  count: number
  /** Milliseconds since the epoch when the window ends. */
  reset_at: ColumnType<number, number, number>
}

export interface ContentVersionTable {
  id: number
  version: number
}

export interface MigrationMarker {
  id: Generated<number>
}

export interface Database {
  church_info: ChurchInfoTable
  about_us: AboutUsTable
  carousel_slides: CarouselSlidesTable
  services: ServicesTable
  events: EventsTable
  ministries: MinistriesTable
  gallery_images: GalleryImagesTable
  leadership_team: LeadershipTeamTable
  getting_here: GettingHereTable
  contact_messages: ContactMessagesTable
  media: MediaTable
  rate_limits: RateLimitsTable
  content_version: ContentVersionTable
}

export type ContentTable = Exclude<keyof Database, 'media' | 'rate_limits' | 'content_version'>
