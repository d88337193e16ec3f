import { type Kysely, sql } from 'kysely'

/**
 * Giving through the church's own Stripe account (issue 49).
 *
 * `funds`: what a gift is for ("General", "Building fund"), a content table like the others: its words in the
 * site's other languages in `translations`, `open` (0/1: offered on the giving page) and a position (`order`).
 *
 * `donors`: one per person who gave, by e-mail and by Stripe customer; their `language` is the page they gave from
 * (receipts and statements are written in it).
 *
 * `gifts`: one row per payment. A monthly gift is a row per month (its invoices). Amounts are integer cents.
 * `status` is processing (a SEPA debit takes days; a Checkout Session not completed yet), succeeded, failed,
 * refunded or disputed; only Stripe's events move it, never the visitor's redirect. `given_at` is when it was
 * given (UTC), `tax_year` its calendar year in the church's zone, `cleared_at` when it succeeded. `benefit` (0/1)
 * marks a payment that bought something (a meal, a place), which the tax reclaim leaves out; `ie_taxpayer` (0/1)
 * is the giving form's "I am a taxpayer in Ireland" tick. Stripe's ids tie each row to its Checkout Session,
 * PaymentIntent, Subscription and Invoice; an invoice is one gift only (a unique index).
 *
 * `stripe_events`: each webhook event stored by Stripe's id before it is worked on (a repeat is recognised by
 * it); `processed_at` is null until its work is done, `error` says why it waits.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('funds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('open', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('order', 'integer', (c) => c.notNull())
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('funds_order_idx').on('funds').column('order').execute()

  await db.schema
    .createTable('donors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text')
    .addColumn('name', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('stripe_customer_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('donors_stripe_customer_idx')
    .unique()
    .on('donors')
    .column('stripe_customer_id')
    .execute()
  await db.schema.createIndex('donors_email_idx').on('donors').column('email').execute()

  await db.schema
    .createTable('gifts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('eur'))
    .addColumn('fund_id', 'text', (c) => c.notNull().references('funds.id'))
    .addColumn('donor_id', 'text', (c) => c.references('donors.id'))
    .addColumn('frequency', 'text', (c) => c.notNull().check(sql.raw(`"frequency" in ('once', 'monthly')`)))
    .addColumn('method', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql.raw(`"status" in ('processing', 'succeeded', 'failed', 'refunded', 'disputed')`)),
    )
    .addColumn('given_at', 'text', (c) => c.notNull())
    .addColumn('cleared_at', 'text')
    .addColumn('tax_year', 'integer', (c) => c.notNull())
    .addColumn('benefit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ie_taxpayer', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('stripe_checkout_session_id', 'text')
    .addColumn('stripe_payment_intent_id', 'text')
    .addColumn('stripe_subscription_id', 'text')
    .addColumn('stripe_invoice_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('gifts_checkout_session_idx')
    .unique()
    .on('gifts')
    .column('stripe_checkout_session_id')
    .execute()
  await db.schema.createIndex('gifts_invoice_idx').unique().on('gifts').column('stripe_invoice_id').execute()
  await db.schema
    .createIndex('gifts_payment_intent_idx')
    .on('gifts')
    .column('stripe_payment_intent_id')
    .execute()
  await db.schema.createIndex('gifts_subscription_idx').on('gifts').column('stripe_subscription_id').execute()
  await db.schema.createIndex('gifts_donor_idx').on('gifts').column('donor_id').execute()
  await db.schema.createIndex('gifts_fund_idx').on('gifts').column('fund_id').execute()
  await db.schema.createIndex('gifts_year_status_idx').on('gifts').columns(['tax_year', 'status']).execute()

  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text')
    .addColumn('error', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('stripe_events_processed_idx')
    .on('stripe_events')
    .columns(['processed_at', 'received_at'])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  await db.schema.dropTable('stripe_events').execute()
  await db.schema.dropTable('gifts').execute()
  await db.schema.dropTable('donors').execute()
  await db.schema.dropTable('funds').execute()
}
