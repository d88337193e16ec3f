import type { Kysely } from 'kysely'

/**
 * Two languages (issue 28, decision 0024). Church info says the site's languages (`languages`, JSON: BCP 47 codes,
 * the main one first; `["en"]` for every site that existed before). Each content table keeps a record's words in
 * the other languages beside it (`translations`, JSON: `{"ml": {"name": "…"}}`; `{}` for none).
 *
 * The tables are named here as they were when this was written: a migration is history, not the current model.
 */
const CONTENT_TABLES = [
  'about_us',
  'carousel_slides',
  'church_info',
  'events',
  'gallery_images',
  'getting_here',
  'leadership_team',
  'ministries',
  'sermon_series',
  'speakers',
  'sermons',
  'services',
]

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('church_info')
    .addColumn('languages', 'text', (c) => c.notNull().defaultTo('["en"]'))
    .execute()
  for (const table of CONTENT_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute()
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  for (const table of CONTENT_TABLES) await db.schema.alterTable(table).dropColumn('translations').execute()
  await db.schema.alterTable('church_info').dropColumn('languages').execute()
}
