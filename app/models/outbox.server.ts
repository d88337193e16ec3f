import { type Selectable, sql } from 'kysely'

import { type Db, forgetDeleted } from '#app/db/database.server.ts'
import type { OutboxTable } from '#app/db/types.ts'
import { newId } from '#app/lib/ids.server.ts'
import type { Sealer } from '#app/lib/seal.server.ts'
import { parseMailbox, singleLine } from '#app/lib/mail-address.ts'

/** One e-mail to send. Addresses are single mailboxes; names and the subject are made single lines. */
export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html?: string | null
  /** Where answers go: a name and an address, never a formatted string a visitor's name could break out of. */
  replyTo?: { name?: string | null; address: string } | null
  /** The record the e-mail is about (a contact message's id): deleting that record deletes its e-mails. */
  refId?: string | null
  /**
   * The placeholder the links were made with while the site's address is unknown (mailLinkOrigin): the e-mail is
   * held until an address is known, and sent with it in the placeholder's place.
   */
  sitePlaceholder?: string | null
  /** For an e-mail that carries a token: its bodies are stored sealed with this, and emptied once sent. */
  sealWith?: Sealer | null
  /** Small text files sent with it (an event's `.ics`). */
  attachments?: MailAttachment[] | null
  /**
   * Headers of its own, by name (`List-Unsubscribe`): names of letters, digits and dashes, values made single
   * lines. Sealed with the bodies, and filled in with the site's address like them.
   */
  headers?: Readonly<Record<string, string>> | null
  /** Not sent before this moment (milliseconds): the weekly news' pace. A retry or a restart keeps it. */
  notBefore?: number | null
}

export interface MailAttachment {
  filename: string
  contentType: string
  /** The file's text. */
  content: string
}

export type OutboxRow = Selectable<OutboxTable>

/** After this long without being accepted by the SMTP server, an e-mail is given up. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000
/** Sent e-mails are kept this long (they hold the visitor's words), given-up ones a little longer. */
export const SENT_KEPT_MS = 7 * 24 * 60 * 60 * 1000
export const FAILED_KEPT_MS = 30 * 24 * 60 * 60 * 1000

/**
 * Queues e-mails in the outbox, to be sent by the mail worker (app/server/mail-worker.server.ts). Pass the Db
 * of the transaction that writes what the e-mail is about (inTransaction), and both are kept or neither: a
 * message is never saved without its alert, nor an alert sent for a message that was not saved. After the
 * commit, `runtime.mailer.wake()` has it sent at once instead of at the worker's next round.
 */
export async function enqueueMail({
  db,
  mail,
  now = Date.now(),
}: {
  db: Db
  mail: OutgoingMail | OutgoingMail[]
  now?: number
}) {
  const list = Array.isArray(mail) ? mail : [mail]
  if (list.length === 0) return []
  const createdAt = new Date(now).toISOString()
  const rows = list.map((mail) => {
    const to = parseMailbox(mail.to)
    if (!to) throw new Error(`Not an e-mail address: ${JSON.stringify(mail.to)}`)
    const replyTo = mail.replyTo ? parseMailbox(mail.replyTo.address) : null
    if (mail.replyTo && !replyTo)
      throw new Error(`Not an e-mail address: ${JSON.stringify(mail.replyTo.address)}`)
    return {
      id: newId(),
      ref_id: mail.refId ?? null,
      to_address: to.address,
      subject: singleLine(mail.subject, 250),
      text_body: mail.sealWith ? mail.sealWith.seal(mail.text) : mail.text,
      html_body: mail.html ? (mail.sealWith ? mail.sealWith.seal(mail.html) : mail.html) : null,
      sealed: mail.sealWith ? 1 : 0,
      site_placeholder: mail.sitePlaceholder ?? null,
      reply_to_name: mail.replyTo?.name ? singleLine(mail.replyTo.name, 200) : null,
      reply_to_address: replyTo?.address ?? null,
      attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
      headers: ownHeaders(mail),
      not_before: mail.notBefore ?? null,
      created_at: createdAt,
      attempts: 0,
      next_attempt_at: now,
    }
  })
  await db.kysely.insertInto('outbox').values(rows).execute()
  return rows.map((row) => row.id)
}

/** An e-mail's own headers as stored: JSON, sealed with the bodies; null for none. */
function ownHeaders(mail: OutgoingMail) {
  const entries = Object.entries(mail.headers ?? {})
  if (entries.length === 0) return null
  for (const [name] of entries) {
    if (!/^[A-Za-z0-9-]{1,76}$/.test(name)) throw new Error(`Not a header name: ${JSON.stringify(name)}`)
  }
  const json = JSON.stringify(
    Object.fromEntries(entries.map(([name, value]) => [name, singleLine(value, 2000)])),
  )
  return mail.sealWith ? mail.sealWith.seal(json) : json
}

/**
 * Claims the e-mail due soonest for `owner` until `leaseUntil`, or answers null when none is due. One statement:
 * on PostgreSQL the row is picked with FOR UPDATE SKIP LOCKED, so workers of several instances each take a
 * different one; SQLite runs it under its single writer lock. A lease run out (its worker died mid-send) makes
 * the e-mail claimable again. While the site's address is unknown (`siteKnown` false), e-mails whose links wait
 * for it are left alone.
 */
export async function claimDueMail({
  db,
  owner,
  now,
  leaseUntil,
  siteKnown = true,
}: {
  db: Db
  owner: string
  now: number
  leaseUntil: number
  siteKnown?: boolean
}): Promise<OutboxRow | null> {
  let due = db.kysely
    .selectFrom('outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('not_before', 'is', null), eb('not_before', '<=', now)]))
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
    .$if(!siteKnown, (query) => query.where('site_placeholder', 'is', null))
    .orderBy('next_attempt_at')
    .limit(1)
  if (db.dialect === 'postgres') due = due.forUpdate().skipLocked()
  const row = await db.kysely
    .updateTable('outbox')
    .set({ lease_owner: owner, lease_until: leaseUntil, attempts: sql<number>`attempts + 1` })
    .where('id', '=', due)
    .returningAll()
    .executeTakeFirst()
  return (row as OutboxRow | undefined) ?? null
}

/**
 * Records that the SMTP server accepted the e-mail; the other waiting e-mails are due at once (it is back). A
 * sealed e-mail's bodies are emptied: the link it carried is kept nowhere but in the person's mailbox.
 */
export async function markMailSent({
  db,
  id,
  owner,
  now,
}: {
  db: Db
  id: string
  owner: string
  now: number
}) {
  await db.kysely
    .updateTable('outbox')
    .set({
      sent_at: new Date(now).toISOString(),
      lease_owner: null,
      lease_until: null,
      text_body: sql<string>`case when sealed = 1 then '' else text_body end`,
      html_body: sql<string | null>`case when sealed = 1 then null else html_body end`,
      headers: sql<string | null>`case when sealed = 1 then null else headers end`,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute()
  await db.kysely
    .updateTable('outbox')
    .set({ next_attempt_at: now })
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '>', now)
    .execute()
}

/** Records a failed attempt: tried again at `retryAt`, or given up when that is null. */
export async function markMailFailed({
  db,
  id,
  owner,
  now,
  error,
  retryAt,
}: {
  db: Db
  id: string
  owner: string
  now: number
  error: string
  retryAt: number | null
}) {
  await db.kysely
    .updateTable('outbox')
    .set({
      last_error: error.slice(0, 500),
      lease_owner: null,
      lease_until: null,
      ...(retryAt === null ? { failed_at: new Date(now).toISOString() } : { next_attempt_at: retryAt }),
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute()
}

/** Makes every waiting e-mail due now (at start-up: the settings may have been put right meanwhile). */
export async function retryWaitingMailNow({ db, now }: { db: Db; now: number }) {
  await db.kysely
    .updateTable('outbox')
    .set({ next_attempt_at: now })
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '>', now)
    .execute()
}

export interface MailProblems {
  /** E-mails not sent yet after at least one failed attempt, still being retried. */
  retrying: number
  /** E-mails given up in the last `since` window. */
  failed: number
  /** The SMTP server's (or the connection's) reason for the most recent failure. */
  lastError: string | null
}

/** What the dashboard says about e-mails that could not be sent. */
export async function mailProblems({ db, since }: { db: Db; since: number }): Promise<MailProblems> {
  const sinceIso = new Date(since).toISOString()
  const rows = await db.kysely
    .selectFrom('outbox')
    .select(['failed_at', 'last_error', 'created_at'])
    .where('sent_at', 'is', null)
    .where('last_error', 'is not', null)
    .where((eb) => eb.or([eb('failed_at', 'is', null), eb('failed_at', '>=', sinceIso)]))
    .orderBy('created_at', 'desc')
    .limit(1000)
    .execute()
  return {
    retrying: rows.filter((row) => row.failed_at === null).length,
    failed: rows.filter((row) => row.failed_at !== null).length,
    lastError: rows[0]?.last_error ?? null,
  }
}

/** Counts the e-mails not sent yet (waiting, or being sent). */
export async function countWaitingMail({ db }: { db: Db }) {
  const row = await db.kysely
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

/** Counts the e-mails held until the site's address is known (their links need it). */
export async function countHeldMail({ db }: { db: Db }) {
  const row = await db.kysely
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('site_placeholder', 'is not', null)
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

/** Deletes the e-mails about these records (their messages were deleted: erasure reaches the outbox too). */
export async function deleteMailFor({ db, refIds }: { db: Db; refIds: string[] }) {
  if (refIds.length === 0) return
  for (let index = 0; index < refIds.length; index += 500) {
    await db.kysely
      .deleteFrom('outbox')
      .where('ref_id', 'in', refIds.slice(index, index + 500))
      .execute()
  }
}

/**
 * Deletes sent e-mails older than a week and given-up ones older than 30 days: they hold personal data. E-mails
 * held for a week for want of the site's address go too: their links have expired.
 */
export async function deleteOldMail({ db, now }: { db: Db; now: number }) {
  const sent = await db.kysely
    .deleteFrom('outbox')
    .where((eb) =>
      eb.or([
        eb('sent_at', '<', new Date(now - SENT_KEPT_MS).toISOString()),
        eb.and([
          eb('sent_at', 'is', null),
          eb('site_placeholder', 'is not', null),
          eb('created_at', '<', new Date(now - SENT_KEPT_MS).toISOString()),
        ]),
      ]),
    )
    .executeTakeFirst()
  const failed = await db.kysely
    .deleteFrom('outbox')
    .where('failed_at', '<', new Date(now - FAILED_KEPT_MS).toISOString())
    .executeTakeFirst()
  const deleted = Number(sent.numDeletedRows) + Number(failed.numDeletedRows)
  if (deleted > 0) await forgetDeleted({ db })
  return deleted
}
