import { sql } from 'kysely'

import { parseInput } from './content-model.server.ts'
import { messageKeys } from './message-keys.ts'
import type { Db } from '#app/db/database.server.ts'
import { foldText } from '#app/lib/fold-text.ts'
import { newId, nowIso } from '#app/lib/ids.server.ts'
import { type ContactMessage, ContactMessageSchema } from '#app/schemas/contact-message.ts'

export const MESSAGE_SORT_COLUMNS = ['created_at', 'first_name', 'email', 'subject'] as const
export type MessageSortColumn = (typeof MESSAGE_SORT_COLUMNS)[number]
export type SortDirection = 'asc' | 'desc'
export const MESSAGES_PAGE_SIZE_MAX = 500

/** What a message is to its readers; the folded search and sort columns stay in the database. */
const MESSAGE_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'subject',
  'message',
  'created_at',
] as const
const SORT_KEYS = { first_name: 'sort_first_name', email: 'sort_email', subject: 'sort_subject' } as const

export interface ListContactMessagesOptions {
  db: Db
  /** Case-insensitive search over first name, last name, email, subject and message. */
  q?: string
  sort?: MessageSortColumn
  dir?: SortDirection
  limit?: number
  offset?: number
}

/** Messages newest first by default; any sort puts empty values last (spec §4). */
export async function listContactMessages({
  db,
  q,
  sort = 'created_at',
  dir = sort === 'created_at' ? 'desc' : 'asc',
  limit = MESSAGES_PAGE_SIZE_MAX,
  offset = 0,
}: ListContactMessagesOptions): Promise<{ items: ContactMessage[]; total: number }> {
  let query = db.kysely.selectFrom('contact_messages')
  const term = q?.trim()
  if (term) {
    // One folded column holds the five searchable fields (messageKeys): case and accents do not matter.
    const pattern = `%${foldText(term).replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    query = query.where(sql<boolean>`search_text like ${pattern} escape '\\'`)
  }
  const countRow = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst()
  const column = MESSAGE_SORT_COLUMNS.includes(sort) ? sort : 'created_at'
  const direction = dir === 'desc' ? 'desc' : 'asc'
  let itemsQuery = query.select(MESSAGE_COLUMNS)
  if (column === 'subject')
    itemsQuery = itemsQuery.orderBy(sql`(case when sort_subject is null then 1 else 0 end)`)
  itemsQuery =
    column === 'created_at'
      ? itemsQuery.orderBy('created_at', direction)
      : itemsQuery.orderBy(SORT_KEYS[column], direction)
  const items = await itemsQuery
    .orderBy('id', direction)
    .limit(Math.min(Math.max(limit, 1), MESSAGES_PAGE_SIZE_MAX))
    .offset(Math.max(offset, 0))
    .execute()
  return { items, total: Number(countRow?.count ?? 0) }
}

export async function countContactMessages({ db }: { db: Db }) {
  const row = await db.kysely
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

export async function getContactMessage({ db, id }: { db: Db; id: string }): Promise<ContactMessage | null> {
  return (
    (await db.kysely
      .selectFrom('contact_messages')
      .select(MESSAGE_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst()) ?? null
  )
}

export async function createContactMessage({ db, data }: { db: Db; data: unknown }): Promise<ContactMessage> {
  const parsed = parseInput(ContactMessageSchema, data)
  const row = { ...parsed, id: newId(), created_at: nowIso() }
  await db.kysely
    .insertInto('contact_messages')
    .values({ ...row, ...messageKeys(row) })
    .execute()
  return row
}

export async function deleteContactMessage({ db, id }: { db: Db; id: string }) {
  const result = await db.kysely.deleteFrom('contact_messages').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
