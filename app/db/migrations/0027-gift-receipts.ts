import type { Kysely } from 'kysely'

/**
 * Giving, second part (issue 49): Stripe's events worked on by the job worker, receipts and January statements.
 *
 * `stripe_events.claimed_until`: a worker (of any instance) that takes an event holds it until then; another takes
 * it only once that has passed (its worker died mid-way: nothing of its work was kept, the work being one
 * transaction). `attempts` counts the tries, for the log and the admin.
 *
 * `gifts.receipt_at`: when the gift's receipt was queued (once: a gift succeeded and its donor's address known);
 * `mandate_reference`: a SEPA Direct Debit's mandate reference, read from Stripe, for the receipt;
 * `stopped_at`: on a monthly gift's first row, when its subscription ended (the donor or Stripe stopped it).
 *
 * `giving_statements`: the January statement of a donor's year, one per donor and year (its key), so that
 * workers and instances send it once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('stripe_events').addColumn('claimed_until', 'text').execute()
  await db.schema
    .alterTable('stripe_events')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('gifts').addColumn('receipt_at', 'text').execute()
  await db.schema.alterTable('gifts').addColumn('mandate_reference', 'text').execute()
  await db.schema.alterTable('gifts').addColumn('stopped_at', 'text').execute()
  await db.schema
    .createTable('giving_statements')
    .addColumn('donor_id', 'text', (c) => c.notNull().references('donors.id'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('giving_statements_pk', ['donor_id', 'year'])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  await db.schema.dropTable('giving_statements').execute()
  await db.schema.alterTable('gifts').dropColumn('stopped_at').execute()
  await db.schema.alterTable('gifts').dropColumn('mandate_reference').execute()
  await db.schema.alterTable('gifts').dropColumn('receipt_at').execute()
  await db.schema.alterTable('stripe_events').dropColumn('attempts').execute()
  await db.schema.alterTable('stripe_events').dropColumn('claimed_until').execute()
}
