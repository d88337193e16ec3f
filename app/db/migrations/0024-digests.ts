import type { Kysely } from 'kysely'

/**
 * The weekly news' sends (issue 48): one row per week (`week`, the church's date the digest is due on), unique, so
 * one worker of one instance claims it; its state (`pending` once staff had the preview, `sending` while its e-mails are being queued, `queued` once every
 * subscriber's is, `empty` when there was nothing new, `skipped` by staff), the lease of the worker queueing it, the
 * last subscriber queued (a worker killed halfway is taken over from there), and its counts.
 *
 * A subscriber counts the temporary refusals (4xx at RCPT) of its e-mails in a row (`soft_bounces`): the third
 * suspends it, a delivered e-mail starts the count again.
 *
 * An e-mail may wait for its turn (`outbox.not_before`, milliseconds): the digest's are spread to DIGEST_RATE a
 * minute and DIGEST_DAILY_LIMIT a day, and a retry or a restart does not make them due sooner.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('digests')
    .addColumn('week', 'text', (c) => c.primaryKey())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('last_subscriber_id', 'text')
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute()
  await db.schema.alterTable('outbox').addColumn('not_before', 'bigint').execute()
  await db.schema
    .alterTable('subscribers')
    .addColumn('soft_bounces', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  await db.schema.alterTable('subscribers').dropColumn('soft_bounces').execute()
  await db.schema.alterTable('outbox').dropColumn('not_before').execute()
  await db.schema.dropTable('digests').execute()
}
