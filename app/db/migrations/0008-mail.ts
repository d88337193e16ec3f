import type { Kysely } from 'kysely'

/**
 * Messages reach a person (decision 0011): each contact message gets a state (new, read, replied, archived,
 * spam); e-mails wait in an outbox written in the same transaction as what caused them, until a worker has
 * handed them to the SMTP server; and a small store of settings keeps the notification recipients and the
 * retention period.
 *
 * Messages already stored become `read`: the inbox showed every one of them before there were states, so staff
 * have had them in front of them, and counting hundreds of old messages as new would make the count meaningless
 * on its first day. Messages arriving from now on start as `new`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('contact_messages')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .execute()
  // Why a message was put in Spam ('sent 1 s after the page opened; 5 links'), for staff deciding otherwise.
  await db.schema.alterTable('contact_messages').addColumn('spam_reason', 'text').execute()
  await db.updateTable('contact_messages').set({ status: 'read' }).execute()
  await db.schema
    .createIndex('contact_messages_status_created_at')
    .on('contact_messages')
    .columns(['status', 'created_at'])
    .execute()
  // Erasure and export find one person's messages by their folded address (retention uses created_at's index).
  await db.schema
    .createIndex('contact_messages_sort_email')
    .on('contact_messages')
    .column('sort_email')
    .execute()

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // What the e-mail is about (a contact message's id), so deleting that record deletes its e-mails too.
    .addColumn('ref_id', 'text')
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('reply_to_name', 'text')
    .addColumn('reply_to_address', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Milliseconds since the epoch, like the rate limits' windows: compared as numbers in both databases.
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('failed_at', 'text')
    // A worker that claims the e-mail holds it until then; after a crash the lease runs out and another sends it.
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .execute()
  await db.schema
    .createIndex('outbox_due')
    .on('outbox')
    .columns(['sent_at', 'failed_at', 'next_attempt_at'])
    .execute()
  await db.schema.createIndex('outbox_ref_id').on('outbox').column('ref_id').execute()

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    // JSON: a list of addresses, a number…
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  await db.schema.dropTable('settings').execute()
  await db.schema.dropTable('outbox').execute()
  for (const index of ['contact_messages_sort_email', 'contact_messages_status_created_at']) {
    await db.schema.dropIndex(index).execute()
  }
  await db.schema.alterTable('contact_messages').dropColumn('spam_reason').execute()
  await db.schema.alterTable('contact_messages').dropColumn('status').execute()
}
