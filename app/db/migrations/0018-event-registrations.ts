import { type Kysely, sql } from 'kysely'

/**
 * Events take registrations (issue 29). An event says whether it does (`registration`, 0 for every event that
 * existed before), how many places it has (`capacity`, null: no limit) and when sign-ups close
 * (`registration_closes_at`, a local date-time; null: at each date's start).
 *
 * `registrations` holds one sign-up each, for one date of the event (`occurrence`, the local start of the date
 * chosen: a repeating event's places are per date). `status` is confirmed, waiting (the waiting list, first come
 * first served by `created_at`), cancelled or spam. `ends_on` is the date's last day, from which the erasure date
 * is worked out (30 days after, by default). `search_text` is the folded name, address and note for staff's search.
 * A registration goes with its event.
 *
 * An e-mail may carry files (`outbox.attachments`, JSON: the confirmation's calendar file).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('events')
    .addColumn('registration', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('events').addColumn('capacity', 'integer').execute()
  await db.schema.alterTable('events').addColumn('registration_closes_at', 'text').execute()

  await db.schema
    .createTable('registrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('occurrence', 'text', (c) => c.notNull())
    .addColumn('ends_on', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('people', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql.raw(`"status" in ('confirmed', 'waiting', 'cancelled', 'spam')`)),
    )
    .addColumn('spam_reason', 'text')
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  // Counting a date's places and walking its waiting list in order.
  await db.schema
    .createIndex('registrations_event_occurrence_idx')
    .on('registrations')
    .columns(['event_id', 'occurrence', 'status', 'created_at'])
    .execute()
  // The daily erasure.
  await db.schema.createIndex('registrations_ends_on_idx').on('registrations').column('ends_on').execute()

  await db.schema.alterTable('outbox').addColumn('attachments', 'text').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  await db.schema.alterTable('outbox').dropColumn('attachments').execute()
  await db.schema.dropTable('registrations').execute()
  await db.schema.alterTable('events').dropColumn('registration_closes_at').execute()
  await db.schema.alterTable('events').dropColumn('capacity').execute()
  await db.schema.alterTable('events').dropColumn('registration').execute()
}
