import type { Kysely } from 'kysely'

/**
 * Ireland's tax reclaim on gifts (issue 49, decision 0038).
 *
 * `tax_certificates`: a donor's CHY3 (covering `first_year` and the four after) or CHY4 (`first_year` only), as the
 * treasurer entered it. The donor's PPSN is kept only sealed (`ppsn_sealed`: AES-256-GCM under a key derived from
 * the server's secret, which neither the database nor its backups hold); `ppsn_hint` is its last three characters,
 * what the screens show (`•••••67A`). `associated` (0/1): the donor is associated with the church (Revenue asks).
 *
 * `tax_claims`: each claim's CSV as it was downloaded (who, when, its totals), and `tax_claim_donors` the donor-years
 * it held: unique by donor and year, so a donor-year is in one claim only. The PPSN is not copied there: the CSV is
 * made from the certificate each time and kept nowhere.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('tax_certificates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('donor_id', 'text', (c) => c.notNull().references('donors.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('first_year', 'integer', (c) => c.notNull())
    .addColumn('last_year', 'integer', (c) => c.notNull())
    .addColumn('ppsn_sealed', 'text', (c) => c.notNull())
    .addColumn('ppsn_hint', 'text', (c) => c.notNull())
    .addColumn('associated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('tax_certificates_donor_idx')
    .on('tax_certificates')
    .columns(['donor_id', 'first_year'])
    .execute()

  await db.schema
    .createTable('tax_claims')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tax_year', 'integer', (c) => c.notNull())
    .addColumn('made_at', 'text', (c) => c.notNull())
    .addColumn('made_by', 'text')
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('reclaim_cents', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('tax_claims_year_idx').on('tax_claims').column('tax_year').execute()

  await db.schema
    .createTable('tax_claim_donors')
    .addColumn('claim_id', 'text', (c) => c.notNull().references('tax_claims.id'))
    .addColumn('donor_id', 'text', (c) => c.notNull().references('donors.id'))
    .addColumn('tax_year', 'integer', (c) => c.notNull())
    .addColumn('certificate_id', 'text', (c) => c.notNull().references('tax_certificates.id'))
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('reclaim_cents', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('tax_claim_donors_year_idx')
    .unique()
    .on('tax_claim_donors')
    .columns(['tax_year', 'donor_id'])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  await db.schema.dropTable('tax_claim_donors').execute()
  await db.schema.dropTable('tax_claims').execute()
  await db.schema.dropTable('tax_certificates').execute()
}
