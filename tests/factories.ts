// Test data: make<Thing>() builds a valid API body (unique where it matters); insert<Thing>() stores one
// through the admin API and answers the stored record.
import type { Client } from './integration/support.ts'
import { LIST_TABLES, type ListTableName, TABLES } from '#app/content/registry.ts'

let counter = 0
const next = () => ++counter

export const makeService = (overrides: Record<string, unknown> = {}) => ({
  name: `Sunday Worship ${next()}`,
  description: '<p>Praise, prayer and the Word.</p>',
  day: 'Sunday',
  time: '10:30 AM',
  type: 'regular',
  location: 'Main hall',
  ...overrides,
})

export const makeEvent = (overrides: Record<string, unknown> = {}) => ({
  title: `Harvest Supper ${next()}`,
  description: '<p>Bring a dish to share.</p>',
  starts_at: '2030-10-12T18:00',
  ends_at: '2030-10-12T21:00',
  location: 'Church hall',
  image_url: '/images/event.jpg',
  is_regular: false,
  ...overrides,
})

export const makeMinistry = (overrides: Record<string, unknown> = {}) => ({
  name: `Youth Ministry ${next()}`,
  description: '<p>Friday nights for teenagers.</p>',
  image_url: null,
  activities: ['Bible study', 'Games night'],
  ...overrides,
})

export const makeGalleryImage = (overrides: Record<string, unknown> = {}) => ({
  title: `Easter morning ${next()}`,
  category: 'worship',
  image_url: '/images/gallery.jpg',
  image_alt: 'The congregation singing, hands raised, in morning light',
  ...overrides,
})

export const makeCarouselSlide = (overrides: Record<string, unknown> = {}) => ({
  title: `Welcome home ${next()}`,
  subtitle: 'Sundays at 10:30',
  image_url: '/images/hero.jpg',
  image_alt: 'The church door open on a sunny Sunday morning',
  ...overrides,
})

export const makeLeadershipMember = (overrides: Record<string, unknown> = {}) => ({
  name: `Pastor Thomas ${next()}`,
  role: 'Senior Pastor',
  bio: '<p>Has served the congregation since 2010.</p>',
  image_url: null,
  ...overrides,
})

export const makeGettingHere = (overrides: Record<string, unknown> = {}) => ({
  transport_type: 'bus',
  title: `By bus ${next()}`,
  description: '<p>Routes 202 and 208 stop at Church Street.</p>',
  ...overrides,
})

export const makeSermonSeries = (overrides: Record<string, unknown> = {}) => ({
  title: `Letters to the churches ${next()}`,
  description: '<p>Seven letters from the book of Revelation.</p>',
  image_url: null,
  image_alt: null,
  ...overrides,
})

export const makeSpeaker = (overrides: Record<string, unknown> = {}) => ({
  name: `Pastor Mathew ${next()}`,
  role: 'Associate Pastor',
  bio: '<p>Leads the youth and preaches once a month.</p>',
  image_url: null,
  image_alt: null,
  ...overrides,
})

/** A published sermon (drafts are nowhere public: say `status: 'draft'` for one). */
export const makeSermon = (overrides: Record<string, unknown> = {}) => ({
  title: `The Good Shepherd ${next()}`,
  preached_on: '2026-11-22',
  scripture: 'John 10:1-18',
  summary: '<p>The shepherd knows his sheep by name.</p>',
  video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  status: 'published',
  ...overrides,
})

export const makeChurchInfo = (overrides: Record<string, unknown> = {}) => ({
  name: 'Grace Church Cork',
  description: '<p>A welcoming congregation.</p>',
  address: '1 Church Street, Cork',
  email: 'office@grace.example',
  phone: '+353 21 123 4567',
  whatsapp_number: '+353 87 123 4567',
  logo_url: null,
  latitude: 51.8969,
  longitude: -8.4863,
  ...overrides,
})

export const makeAboutUs = (overrides: Record<string, unknown> = {}) => ({
  mission: '<p>To make disciples.</p>',
  vision: '<p>A city that knows hope.</p>',
  values: '<p>Prayer, Scripture, hospitality.</p>',
  history: '<p>Founded in 1998 in a front room.</p>',
  image_url: null,
  ...overrides,
})

export const makeContactMessage = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Mary',
  last_name: 'Murphy',
  email: `mary${next()}@example.org`,
  phone: '+353 87 765 4321',
  subject: 'Baptism',
  message: 'Could we talk about a baptism in spring?',
  ...overrides,
})

export const makeFund = (overrides: Record<string, unknown> = {}) => ({
  name: `Fund ${next()}`,
  description: 'For the work of the church.',
  open: true,
  ...overrides,
})

type Factory = (overrides?: Record<string, unknown>) => object

/** The tables whose records need more than their declaration's `example` (unique names, related records…). */
const OWN_FACTORIES: Partial<Record<ListTableName, Factory>> = {
  services: makeService,
  events: makeEvent,
  ministries: makeMinistry,
  gallery_images: makeGalleryImage,
  carousel_slides: makeCarouselSlide,
  leadership_team: makeLeadershipMember,
  getting_here: makeGettingHere,
  sermon_series: makeSermonSeries,
  speakers: makeSpeaker,
  sermons: makeSermon,
  funds: makeFund,
}

/**
 * A builder of a valid record for every list table of the API: its own above, or its declaration's `example`
 * (a plain kind, docs/content-types.md). A table with neither is named at once.
 */
export const LIST_TABLE_FACTORIES = Object.fromEntries(
  LIST_TABLES.map((table) => {
    const own = OWN_FACTORIES[table]
    const example = (TABLES[table] as { example?: object }).example
    if (!own && !example)
      throw new Error(`${table} needs an \`example\` in its declaration or a factory in tests/factories.ts`)
    return [table, own ?? ((overrides = {}) => ({ ...example, ...overrides }))]
  }),
) as Record<ListTableName, Factory>

export type ListTable = ListTableName

/** Stores one record of `table` through the admin API; answers the stored record. */
export async function insertItem(admin: Client, table: ListTable, overrides: Record<string, unknown> = {}) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const answer = await admin.post<any>(`/api/${table}`, LIST_TABLE_FACTORIES[table](overrides))
  if (answer.status !== 201) throw new Error(`insert into ${table} failed: ${answer.status} ${answer.text}`)
  return answer.body as { id: string; order?: number; created_at: string } & Record<string, unknown>
}
