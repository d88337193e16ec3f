import type { Kysely } from 'kysely'
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'

const TEXT_COLUMNS = [
  'subtitle',
  'tagline',
  'office_hours',
  'public_transport',
  'parking',
  'facebook_url',
  'instagram_url',
  'youtube_url',
] as const

/**
 * What the site showed before these texts became the congregation's own settings: a site that already has its
 * church info keeps showing them until staff change them. (The social links pointed at the networks' home
 * pages, which are no one's profile: they start empty, and stay hidden until set.)
 */
const SHOWN_BEFORE = {
  subtitle: 'Indian Pentecostal Church of God',
  tagline: 'Spreading the Gospel and making disciples in Cork, Ireland.',
  office_hours: 'Monday - Friday: 9:00 AM - 5:00 PM\nSaturday: 10:00 AM - 2:00 PM\nSunday: Closed',
  public_transport: 'Bus routes 202 and 208 stop at Church Street.\nA 5-minute walk from the train station.',
  parking: 'Free parking in the church car park on Sundays; paid public parking nearby.',
}

/**
 * The congregation's own words (header subtitle, footer tagline, office hours, directions, social links) and
 * its country become church info; phone numbers are stored in international form ('+353871234567').
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  for (const column of TEXT_COLUMNS) {
    await db.schema.alterTable('church_info').addColumn(column, 'text').execute()
  }
  await db.schema
    .alterTable('church_info')
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(DEFAULT_COUNTRY))
    .execute()

  const rows: Array<{ id: string; phone: string | null; whatsapp_number: string | null }> = await db
    .selectFrom('church_info')
    .select(['id', 'phone', 'whatsapp_number'])
    .execute()
  for (const row of rows) {
    // A number that cannot be read stays as it was: the admin form names it at the next save.
    const convert = (value: string | null) => (value ? (toE164(value, DEFAULT_COUNTRY) ?? value) : value)
    await db
      .updateTable('church_info')
      .set({ ...SHOWN_BEFORE, phone: convert(row.phone), whatsapp_number: convert(row.whatsapp_number) })
      .where('id', '=', row.id)
      .execute()
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  for (const column of [...TEXT_COLUMNS, 'country']) {
    await db.schema.alterTable('church_info').dropColumn(column).execute()
  }
}

// NOTE: as app/lib/phone.ts read numbers when this migration was written: a migration is frozen history, and
// must not change when today's code does.

const DEFAULT_COUNTRY = 'IE'

function toE164(input: string, country: typeof DEFAULT_COUNTRY) {
  const parsed = parsePhoneNumberFromString(input, country)
  return parsed?.isValid() ? parsed.number : null
}
