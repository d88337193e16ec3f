import type { Kysely } from 'kysely'

const COLUMNS = ['street_address', 'address_locality', 'postal_code'] as const

/**
 * The church's address in parts (issue 29): search engines read a PostalAddress by street, locality, postcode and
 * country, and a single line of text left them guessing. The address as shown on the site stays as it was typed;
 * the parts start empty, and until staff fill them the structured data keeps the whole address as the street.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  for (const column of COLUMNS) {
    await db.schema.alterTable('church_info').addColumn(column, 'text').execute()
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  for (const column of COLUMNS) {
    await db.schema.alterTable('church_info').dropColumn(column).execute()
  }
}
