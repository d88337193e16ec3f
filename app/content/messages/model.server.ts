import { type SelectQueryBuilder, sql } from 'kysely'

import { type Actor, recordActivity } from '#app/models/activity.server.ts'
import { messageKeys } from './message-keys.ts'
import { deleteMailFor, enqueueMail, type OutgoingMail } from '#app/models/outbox.server.ts'
import { type Db, forgetDeleted, inTransaction } from '#app/db/database.server.ts'
import type { Database } from '#app/db/types.ts'
import { foldText } from '#app/lib/fold-text.ts'
import { newId } from '#app/lib/ids.server.ts'
import {
  type ContactMessage,
  type ContactMessageData,
  INBOX_STATUSES,
  type MessageStatus,
  MessageStatusSchema,
} from './schema.ts'
import { parseInput } from '#app/schemas/fields.ts'
import { SPAM_RETENTION_DAYS } from '#app/schemas/settings.ts'

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
  'status',
  'spam_reason',
] as const
const SORT_KEYS = { first_name: 'sort_first_name', email: 'sort_email', subject: 'sort_subject' } as const

/** A filter of the inbox: one state, or `inbox` (new, read and replied: neither archived nor spam). */
export type MessageFilter = MessageStatus | 'inbox'

type Row = Omit<ContactMessage, 'status'> & { status: string }
const asMessage = (row: Row) => row as ContactMessage

interface MessageFilters {
  status?: MessageFilter
  /** Case-insensitive search over first name, last name, email, subject and message. */
  q?: string
  /** One person's messages, by address in any case. */
  email?: string
}

/** The filters every list, count and export of the inbox shares. */
function filtered<O>(
  query: SelectQueryBuilder<Database, 'contact_messages', O>,
  { status, q, email }: MessageFilters,
) {
  if (status === 'inbox') query = query.where('status', 'in', INBOX_STATUSES)
  else if (status) query = query.where('status', '=', status)
  if (email) query = query.where('sort_email', '=', foldText(email.trim()))
  const term = q?.trim()
  if (term) {
    // One folded column holds the five searchable fields (messageKeys): case and accents do not matter.
    const pattern = `%${foldText(term).replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    query = query.where(sql<boolean>`search_text like ${pattern} escape '\\'`)
  }
  return query
}

export interface ListContactMessagesOptions {
  db: Db
  /** Only messages in this state (or the inbox's); all of them when not given. */
  status?: MessageFilter
  q?: string
  sort?: MessageSortColumn
  dir?: SortDirection
  limit?: number
  offset?: number
}

/** Messages newest first by default; any sort puts empty values last (docs/specification.md §4). */
export async function listContactMessages({
  db,
  status,
  q,
  sort = 'created_at',
  dir = sort === 'created_at' ? 'desc' : 'asc',
  limit = MESSAGES_PAGE_SIZE_MAX,
  offset = 0,
}: ListContactMessagesOptions): Promise<{ items: ContactMessage[]; total: number }> {
  const query = filtered(db.kysely.selectFrom('contact_messages'), { status, q })
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
  return { items: items.map(asMessage), total: Number(countRow?.count ?? 0) }
}

export async function countContactMessages({ db, status }: { db: Db; status?: MessageFilter }) {
  const row = await filtered(
    db.kysely.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number>().as('count')),
    { status },
  ).executeTakeFirst()
  return Number(row?.count ?? 0)
}

/** How many messages are in each state (the inbox's filter tabs, the admin bar's count of new ones). */
export async function countMessagesByStatus({ db }: { db: Db }): Promise<Record<MessageStatus, number>> {
  const rows = await db.kysely
    .selectFrom('contact_messages')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute()
  const counts: Record<MessageStatus, number> = { new: 0, read: 0, replied: 0, archived: 0, spam: 0 }
  for (const row of rows) if (row.status in counts) counts[row.status as MessageStatus] = Number(row.count)
  return counts
}

export async function getContactMessage({ db, id }: { db: Db; id: string }): Promise<ContactMessage | null> {
  return (
    (await db.kysely
      .selectFrom('contact_messages')
      .select(MESSAGE_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst()
      .then((row) => row && asMessage(row))) ?? null
  )
}

/**
 * Stores a visitor's message, as ContactMessageSchema gave it to its one caller (submitContactMessage, which
 * validates it once), and, in the same transaction, the e-mails `alerts` makes for it (enqueueMail): both are
 * kept or neither. Spam (`status: 'spam'`) is stored with its reason and no e-mail.
 */
export async function createContactMessage({
  db,
  fields,
  status = 'new',
  spamReason = null,
  alerts,
  now = new Date(),
}: {
  db: Db
  fields: ContactMessageData
  status?: MessageStatus
  spamReason?: string | null
  alerts?: (message: ContactMessage) => OutgoingMail[]
  now?: Date
}): Promise<ContactMessage> {
  const message: ContactMessage = {
    ...fields,
    id: newId(),
    created_at: now.toISOString(),
    status,
    spam_reason: status === 'spam' ? spamReason : null,
  }
  const mails = status === 'spam' ? [] : (alerts?.(message) ?? [])
  await inTransaction(db, async (trx) => {
    await trx.kysely
      .insertInto('contact_messages')
      .values({ ...message, ...messageKeys(message) })
      .execute()
    await enqueueMail({ db: trx, mail: mails, now: now.getTime() })
  })
  return message
}

/** Where a move takes messages, as the inbox's buttons say it. */
const MOVED_TO: Record<MessageStatus, string> = {
  new: 'New',
  read: 'Inbox',
  replied: 'Replied',
  archived: 'Archived',
  spam: 'Spam',
}

/**
 * What the activity log says of messages: how many, never who sent them or what they wrote (a visitor's words
 * stay in the inbox, under its own retention and erasure, not in a log kept for a year).
 */
const messagesTitle = (count: number, rest = '') => `${count} ${count === 1 ? 'message' : 'messages'}${rest}`

/** Moves a message to another state (a 400 naming `status` for an unknown one); null when there is no such id. */
export async function updateContactMessageStatus({
  db,
  id,
  data,
  actor,
}: {
  db: Db
  id: string
  data: unknown
  actor?: Actor
}): Promise<ContactMessage | null> {
  const { status } = parseInput(MessageStatusSchema, data)
  const count = await updateContactMessagesStatus({ db, ids: [id], status, actor })
  if (count === 0) return null
  return getContactMessage({ db, id })
}

/** Moves several messages to one state; answers how many there were. With an `actor`, one log entry says so. */
export async function updateContactMessagesStatus({
  db,
  ids,
  status,
  actor,
}: {
  db: Db
  ids: string[]
  status: MessageStatus
  actor?: Actor
}) {
  return inTransaction(db, async (trx) => {
    let count = 0
    for (let index = 0; index < ids.length; index += 500) {
      const result = await trx.kysely
        .updateTable('contact_messages')
        .set({ status, ...(status === 'spam' ? {} : { spam_reason: null }) })
        .where('id', 'in', ids.slice(index, index + 500))
        .executeTakeFirst()
      count += Number(result.numUpdatedRows)
    }
    if (actor && count > 0) {
      await recordActivity({
        db: trx,
        actor,
        action: 'moved',
        section: 'contact_messages',
        itemId: ids.length === 1 ? ids[0] : null,
        itemTitle: messagesTitle(count, ` to ${MOVED_TO[status]}`),
      })
    }
    return count
  })
}

/** Marks a new message read (opening it); a message in any other state keeps it. */
export async function markContactMessageRead({ db, id }: { db: Db; id: string }) {
  const result = await db.kysely
    .updateTable('contact_messages')
    .set({ status: 'read' })
    .where('id', '=', id)
    .where('status', '=', 'new')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export async function deleteContactMessage({ db, id, actor }: { db: Db; id: string; actor?: Actor }) {
  return (await deleteContactMessages({ db, ids: [id], actor })) > 0
}

/**
 * Deletes messages and the e-mails about them; answers how many messages there were. With an `actor`, one log
 * entry says so (`erased` when they were every message of one address).
 */
export async function deleteContactMessages({
  db,
  ids,
  actor,
  erasure = false,
}: {
  db: Db
  ids: string[]
  actor?: Actor
  erasure?: boolean
}) {
  let count = 0
  await inTransaction(db, async (trx) => {
    for (let index = 0; index < ids.length; index += 500) {
      const batch = ids.slice(index, index + 500)
      await deleteMailFor({ db: trx, refIds: batch })
      const result = await trx.kysely
        .deleteFrom('contact_messages')
        .where('id', 'in', batch)
        .executeTakeFirst()
      count += Number(result.numDeletedRows)
    }
    if (actor && (count > 0 || erasure)) {
      await recordActivity({
        db: trx,
        actor,
        action: erasure ? 'erased' : 'deleted',
        section: 'contact_messages',
        itemId: !erasure && ids.length === 1 ? ids[0] : null,
        itemTitle: messagesTitle(count, erasure ? ' of one address (right to erasure)' : ''),
      })
    }
  })
  if (count > 0) await forgetDeleted({ db })
  return count
}

/**
 * Right to erasure: deletes every message sent from `email` (in any case; the address as the inbox folds it)
 * and the e-mails about them. Answers how many messages there were.
 */
export async function deleteMessagesFrom({ db, email, actor }: { db: Db; email: string; actor?: Actor }) {
  const rows = await db.kysely
    .selectFrom('contact_messages')
    .select('id')
    .where('sort_email', '=', foldText(email.trim()))
    .execute()
  return deleteContactMessages({ db, ids: rows.map((row) => row.id), actor, erasure: true })
}

/**
 * Every message matching the filters, oldest first, in pages of `batch` (an export of a large inbox never holds
 * it all in memory): `email` for one person's messages (a subject-access request), or a state and a search.
 */
export async function* exportContactMessages({
  db,
  email,
  status,
  q,
  batch = 500,
}: {
  db: Db
  email?: string
  status?: MessageFilter
  q?: string
  batch?: number
}): AsyncGenerator<ContactMessage[]> {
  let after: { created_at: string; id: string } | null = null
  for (;;) {
    let query = filtered(db.kysely.selectFrom('contact_messages').select(MESSAGE_COLUMNS), {
      email,
      status,
      q,
    })
    if (after) {
      const { created_at, id } = after
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '>', created_at),
          eb.and([eb('created_at', '=', created_at), eb('id', '>', id)]),
        ]),
      )
    }
    const rows = await query.orderBy('created_at', 'asc').orderBy('id', 'asc').limit(batch).execute()
    if (rows.length > 0) yield rows.map(asMessage)
    if (rows.length < batch) return
    after = rows[rows.length - 1]
  }
}

/**
 * Retention: deletes messages older than `months` months and Spam older than 30 days (with the e-mails about
 * them), as of `now`. Answers how many of each went.
 */
export async function deleteExpiredMessages({ db, months, now }: { db: Db; months: number; now: Date }) {
  const cutoff = new Date(now)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months)
  const spamCutoff = new Date(now.getTime() - SPAM_RETENTION_DAYS * 24 * 60 * 60 * 1000)
  const expired = async (where: (q: ReturnType<typeof base>) => ReturnType<typeof base>) => {
    let count = 0
    for (;;) {
      const rows = await where(base()).limit(500).execute()
      count += await deleteContactMessages({ db, ids: rows.map((row) => row.id) })
      if (rows.length < 500) return count
    }
  }
  const base = () => db.kysely.selectFrom('contact_messages').select('id')
  const old = await expired((q) => q.where('created_at', '<', cutoff.toISOString()))
  const spam = await expired((q) =>
    q.where('status', '=', 'spam').where('created_at', '<', spamCutoff.toISOString()),
  )
  return { old, spam }
}
