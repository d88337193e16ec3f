import type { Kysely } from 'kysely'

/**
 * Folded copies of the inbox's searchable and sortable fields (see foldText): searching and sorting then work
 * for names such as Áine and Órla on SQLite as on PostgreSQL, and a search reads one column instead of five.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('contact_messages')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  for (const column of ['sort_first_name', 'sort_email', 'sort_subject']) {
    await db.schema.alterTable('contact_messages').addColumn(column, 'text').execute()
  }
  const BATCH = 500
  for (let offset = 0; ; offset += BATCH) {
    const rows = await db
      .selectFrom('contact_messages')
      .select(['id', 'first_name', 'last_name', 'email', 'subject', 'message'])
      .orderBy('id')
      .limit(BATCH)
      .offset(offset)
      .execute()
    for (const row of rows) {
      await db.updateTable('contact_messages').set(messageKeys(row)).where('id', '=', row.id).execute()
    }
    if (rows.length < BATCH) break
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  for (const column of ['search_text', 'sort_first_name', 'sort_email', 'sort_subject']) {
    await db.schema.alterTable('contact_messages').dropColumn(column).execute()
  }
}

// NOTE: messageKeys and foldText as they were when this migration was written (then in app/models/message-keys.ts
// and app/lib/fold-text.ts): a migration is frozen history, and must not change when today's code does.

function foldText(text: string) {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

function messageKeys(message: {
  first_name: string
  last_name: string
  email: string
  subject: string | null
  message: string
}) {
  const subject = message.subject?.trim() ? foldText(message.subject) : null
  return {
    search_text: [
      `${message.first_name} ${message.last_name}`,
      message.email,
      message.subject ?? '',
      message.message,
    ]
      .map(foldText)
      .join('\n'),
    sort_first_name: foldText(message.first_name),
    sort_email: foldText(message.email),
    sort_subject: subject,
  }
}
