import { type Kysely, sql } from 'kysely'

/**
 * Weekly news by e-mail (issue 48). `subscribers` holds one row per address (unique whatever its case): its name and
 * language, its state (`pending` until the link of the confirmation e-mail is followed, `active`, `unsubscribed`,
 * `suspended` with the reason), the hashes of its confirm and unsubscribe tokens (the tokens themselves are in the
 * e-mails only), and when it signed up, confirmed and was last sent a confirmation (at most one an hour).
 *
 * `subscriber_consents` is the record a person can be shown (GDPR Art. 7(1)): one row per subscribe, confirm,
 * unsubscribe, bounce or removal, with the wording and version of the form they saw, the language and the page. It
 * is written to, never changed; it names the address, so it outlives the subscriber's row.
 *
 * Church info says when the weekly digest leaves: `digest_day` (0–6, 0 = Sunday, 6 = Saturday) and `digest_hour`
 * (0–23), in the church's time zone.
 *
 * An e-mail may carry headers of its own (`outbox.headers`, JSON: a list's List-Id and List-Unsubscribe), sealed
 * with its bodies when it carries a token.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('subscribers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql.raw(`"status" in ('pending', 'active', 'unsubscribed', 'suspended')`)),
    )
    .addColumn('suspended_reason', 'text')
    .addColumn('confirm_token_hash', 'text', (c) => c.notNull())
    .addColumn('unsubscribe_token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_confirmation_sent_at', 'text')
    .execute()
  await db.schema
    .createIndex('subscribers_email_idx')
    .on('subscribers')
    .expression(sql`lower("email")`)
    .unique()
    .execute()
  await db.schema
    .createIndex('subscribers_confirm_token_idx')
    .on('subscribers')
    .column('confirm_token_hash')
    .unique()
    .execute()
  await db.schema
    .createIndex('subscribers_unsubscribe_token_idx')
    .on('subscribers')
    .column('unsubscribe_token_hash')
    .unique()
    .execute()
  // The list by state, and the daily deletion of sign-ups never confirmed.
  await db.schema
    .createIndex('subscribers_status_idx')
    .on('subscribers')
    .columns(['status', 'created_at'])
    .execute()

  await db.schema
    .createTable('subscriber_consents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) =>
      c.notNull().check(sql.raw(`"action" in ('subscribe', 'confirm', 'unsubscribe', 'bounce', 'removal')`)),
    )
    .addColumn('wording', 'text')
    .addColumn('wording_version', 'text')
    .addColumn('language', 'text')
    .addColumn('page', 'text')
    .execute()
  await db.schema
    .createIndex('subscriber_consents_email_idx')
    .on('subscriber_consents')
    .columns(['email', 'at'])
    .execute()

  await db.schema
    .alterTable('church_info')
    .addColumn('digest_day', 'integer', (c) => c.notNull().defaultTo(6))
    .execute()
  await db.schema
    .alterTable('church_info')
    .addColumn('digest_hour', 'integer', (c) => c.notNull().defaultTo(9))
    .execute()

  await db.schema.alterTable('outbox').addColumn('headers', 'text').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  await db.schema.alterTable('outbox').dropColumn('headers').execute()
  await db.schema.alterTable('church_info').dropColumn('digest_hour').execute()
  await db.schema.alterTable('church_info').dropColumn('digest_day').execute()
  await db.schema.dropTable('subscriber_consents').execute()
  await db.schema.dropTable('subscribers').execute()
}
