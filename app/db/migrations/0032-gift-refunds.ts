import type { Kysely } from 'kysely'

/**
 * Part refunds (issue 49): `gifts.refunded_cents`, how much of a gift Stripe has given back (its charge's
 * `amount_refunded`, which only grows). A gift refunded in part stays succeeded, and counts in the tax reclaim
 * less what was refunded; a whole refund still makes it refunded.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('gifts')
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  await db.schema.alterTable('gifts').dropColumn('refunded_cents').execute()
}
