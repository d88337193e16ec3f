import crypto from 'node:crypto'
import os from 'node:os'

import type { Transporter } from 'nodemailer'
import type pino from 'pino'

import type { Db } from '#app/db/database.server.ts'
import type { Clock } from '#app/lib/clock.ts'
import { type Mailbox, parseMailbox, parseSmtpUrl, type SmtpSettings } from '#app/lib/mail-address.ts'
import type { Sealer } from '#app/lib/seal.server.ts'
import type { SiteAddress } from './site-address.server.ts'
import {
  claimDueMail,
  GIVE_UP_AFTER_MS,
  markMailFailed,
  type MailAttachment,
  markMailSent,
  type OutboxRow,
  retryWaitingMailNow,
} from '#app/models/outbox.server.ts'

/** What the server knows of e-mail: where to send it from, and how to reach the SMTP server; null when off. */
export interface MailSettings {
  smtp: SmtpSettings
  from: Mailbox
  /** The server's own DKIM signature, when set (nodemailer signs List-Unsubscribe and List-Unsubscribe-Post too). */
  dkim?: { domainName: string; keySelector: string; privateKey: string } | null
}

/** SMTP_URL and MAIL_FROM as settings (both already checked at start-up), or null when e-mail is off. */
export function mailSettings(env: {
  SMTP_URL?: string
  MAIL_FROM?: string
  DKIM_PRIVATE_KEY?: string
  DKIM_SELECTOR?: string
  DKIM_DOMAIN?: string
}): MailSettings | null {
  const smtp = env.SMTP_URL ? parseSmtpUrl(env.SMTP_URL) : null
  const from = env.MAIL_FROM ? parseMailbox(env.MAIL_FROM) : null
  const dkim =
    env.DKIM_PRIVATE_KEY && env.DKIM_SELECTOR && env.DKIM_DOMAIN
      ? { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: env.DKIM_PRIVATE_KEY }
      : null
  return smtp && from ? { smtp, from, dkim } : null
}

// Every step of a send is bounded, so a slow or silent SMTP server holds an e-mail for at most SEND_DEADLINE_MS
// (and never a visitor's request, which only writes the outbox).
export const CONNECTION_TIMEOUT_MS = 10_000
const GREETING_TIMEOUT_MS = 10_000
const SOCKET_TIMEOUT_MS = 30_000
const SEND_DEADLINE_MS = 60_000
/** A claimed e-mail is the worker's for this long: longer than any send can take, so no one sends it twice. */
export const LEASE_MS = SEND_DEADLINE_MS + 30_000
/** How often each worker looks for due e-mails besides being woken (retries, other instances' e-mails). */
export const POLL_MS = 5_000
/**
 * The longest wait between tries while the SMTP server cannot be reached: with the poll's delay and a slow
 * connection on top, an e-mail still arrives within two minutes of the server coming back.
 */
export const RETRY_MAX_MS = 90_000

/**
 * The wait before attempt `attempts + 1`, `attempts` having failed: 15 s, 30 s, 60 s, then every 90 s while
 * the server cannot be reached or answers "try later" (4xx), so a message arrives within two minutes of the
 * server coming back; a permanent refusal (5xx: wrong password, address refused) backs off further, to an hour,
 * rather than hammering a server that will say the same. Given up after 24 hours either way.
 */
export function retryDelayMs(attempts: number, permanent: boolean) {
  const step = Math.max(0, attempts - 1)
  if (!permanent) return Math.min(15_000 * 2 ** step, RETRY_MAX_MS)
  return Math.min(30_000 * 4 ** step, 60 * 60_000)
}

/** The SMTP server's own words when it answered ('535 5.7.8 Authentication failed'), else the connection's. */
export function mailErrorReason(error: unknown) {
  const { response, code, message } = error as { response?: string; code?: string; message?: string }
  const reason =
    response ??
    (message ? (code && !message.includes(code) ? `${message} (${code})` : message) : String(error))
  return reason.replace(/\s+/g, ' ').trim().slice(0, 500)
}

/** A sealed e-mail the server's secret cannot open: it was sealed under another AUTH_SECRET. */
class UnsealableMailError extends Error {
  constructor() {
    super(
      'This e-mail was stored encrypted under another server secret (AUTH_SECRET or DATA_DIR/auth-secret changed) and cannot be opened; ask for a new link',
    )
  }
}

function isPermanent(error: unknown) {
  const code = (error as { responseCode?: number }).responseCode
  return typeof code === 'number' && code >= 500
}

/**
 * The SMTP server refused the recipient (its answer to RCPT TO): a bounce at the door, permanent (5xx: no such
 * mailbox) or temporary (4xx: mailbox full, greylisted). Null for any other failure (connection, sign-in, DATA).
 */
export function recipientRefusal(error: unknown): { permanent: boolean } | null {
  const { command, responseCode } = error as { command?: string; responseCode?: number }
  if (command !== 'RCPT TO' || typeof responseCode !== 'number') return null
  return { permanent: responseCode >= 500 }
}

/** What the sender tells the owner of an e-mail's recipient (the weekly news' subscribers). */
export interface RecipientEvents {
  /**
   * Its recipient was refused; `repeated` when the last attempt of this same e-mail was refused for the time
   * being already. Answers true when the e-mail must not be tried again (the address is suspended).
   */
  refused: (refusal: {
    row: OutboxRow
    permanent: boolean
    repeated: boolean
    reason: string
    now: Date
  }) => Promise<boolean>
  /** It was accepted. */
  delivered: (row: OutboxRow) => Promise<void>
}

export interface MailWorker {
  /** Looks for due e-mails now (after a message was saved) instead of at the next round. */
  wake: () => void
  /** Stops claiming; resolves once the e-mail being sent, if any, has been recorded. */
  stop: () => Promise<void>
}

/** nodemailer (some 300 KB with its encodings) is loaded with the first e-mail, not at every start. */
function transportLoader(settings: MailSettings) {
  let transport: Promise<Transporter> | undefined
  return {
    get: () =>
      (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({
          host: settings.smtp.host,
          port: settings.smtp.port,
          secure: settings.smtp.secure,
          auth: settings.smtp.user
            ? { user: settings.smtp.user, pass: settings.smtp.password ?? '' }
            : undefined,
          connectionTimeout: CONNECTION_TIMEOUT_MS,
          greetingTimeout: GREETING_TIMEOUT_MS,
          socketTimeout: SOCKET_TIMEOUT_MS,
          dkim: settings.dkim ?? undefined,
        }),
      )),
    close() {
      // A transport that never loaded has nothing to close.
      void transport?.then(
        (open) => open.close(),
        () => {},
      )
    },
  }
}

/** The bodies as sent: opened when sealed, with the site's address in its placeholder's place. */
function mailBodies(row: OutboxRow, origin: string | null, sealer: Sealer) {
  const open = (text: string) => {
    if (!row.sealed) return text
    try {
      return sealer.open(text)
    } catch {
      throw new UnsealableMailError()
    }
  }
  const fill = (text: string) =>
    row.site_placeholder && origin ? text.split(row.site_placeholder).join(origin) : text
  return {
    text: fill(open(row.text_body)),
    html: row.html_body === null ? undefined : fill(open(row.html_body)),
    headers: row.headers ? (JSON.parse(fill(open(row.headers))) as Record<string, string>) : undefined,
  }
}

/** Sends one e-mail, failing when the SMTP server has not finished within SEND_DEADLINE_MS. */
async function sendMail({
  row,
  origin,
  settings,
  sealer,
  transport,
}: {
  row: OutboxRow
  origin: string | null
  settings: MailSettings
  sealer: Sealer
  transport: () => Promise<Transporter>
}) {
  const { text, html, headers } = mailBodies(row, origin, sealer)
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The SMTP server did not finish in 60 s')), SEND_DEADLINE_MS)
  })
  try {
    await Promise.race([
      (await transport()).sendMail({
        from: { name: settings.from.name ?? '', address: settings.from.address },
        to: row.to_address,
        replyTo: row.reply_to_address
          ? { name: row.reply_to_name ?? '', address: row.reply_to_address }
          : undefined,
        subject: row.subject,
        text,
        html,
        headers,
        // A calendar file's address waits for the site's address like the bodies' links.
        attachments: row.attachments
          ? (JSON.parse(row.attachments) as MailAttachment[]).map((file) => ({
              ...file,
              content:
                row.site_placeholder && origin
                  ? file.content.split(row.site_placeholder).join(origin)
                  : file.content,
            }))
          : undefined,
        // Our own reference, so a copy accepted twice (a crash between the server's "OK" and our note of it)
        // can be recognised as one by the people reading it.
        messageId: `<${row.id}@${settings.from.address.split('@')[1]}>`,
      }),
      deadline,
    ])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Records a failed send: tells the recipient's owner of a refusal, then schedules the e-mail again
 * (retryDelayMs) or gives it up (after 24 hours, unsealable, or its address suspended).
 */
async function recordFailure({
  db,
  owner,
  clock,
  logger,
  recipients,
  row,
  error,
}: {
  db: Db
  owner: string
  clock: Clock
  logger: pino.Logger
  recipients?: RecipientEvents
  row: OutboxRow
  error: unknown
}) {
  const failedAt = clock.now().getTime()
  const reason = mailErrorReason(error)
  // A sealed e-mail no secret of ours opens will not open later either: given up at once, saying why.
  const expired =
    error instanceof UnsealableMailError ||
    // An e-mail waiting for its turn (the weekly news' pace) has its day from then.
    failedAt - Math.max(Date.parse(row.created_at), Number(row.not_before ?? 0)) >= GIVE_UP_AFTER_MS
  const refusal = recipientRefusal(error)
  const stop =
    refusal && row.ref_id && recipients
      ? await recipients.refused({
          row,
          permanent: refusal.permanent,
          // The same e-mail refused for the time being at its last attempt too: one refusal, not two.
          repeated: /^4\d\d\b/.test(row.last_error ?? ''),
          reason,
          now: new Date(failedAt),
        })
      : false
  const retryAt = expired || stop ? null : failedAt + retryDelayMs(row.attempts, isPermanent(error))
  await markMailFailed({ db, id: row.id, owner, now: failedAt, error: reason, retryAt })
  logger.warn(
    {
      outbox: row.id,
      attempts: row.attempts,
      reason,
      retryAt: retryAt && new Date(retryAt).toISOString(),
    },
    retryAt === null
      ? error instanceof UnsealableMailError || stop
        ? 'e-mail given up'
        : 'e-mail given up after 24 hours'
      : 'e-mail not sent yet; will retry',
  )
}

/**
 * The outbox's sender, one per server process (each worker of `npm start` runs one; several instances on one
 * PostgreSQL each run theirs). E-mails are claimed one at a time in the database, sent with nodemailer, and marked
 * sent or scheduled again (retryDelayMs); an e-mail is marked sent only after the SMTP server accepted it.
 */
export function startMailWorker({
  db,
  settings,
  clock,
  logger,
  siteAddress,
  sealer,
  recipients,
}: {
  db: Db
  settings: MailSettings
  clock: Clock
  logger: pino.Logger
  /** Held e-mails (links made before the site's address was known) go out once it is, with it. */
  siteAddress: Pick<SiteAddress, 'get'>
  /** Opens sealed e-mails' bodies. */
  sealer: Sealer
  recipients?: RecipientEvents
}): MailWorker {
  const owner = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`
  const transport = transportLoader(settings)
  let stopped = false
  let running: Promise<void> | null = null
  let again = false

  async function round() {
    for (;;) {
      if (stopped) return
      const now = clock.now().getTime()
      const origin = await siteAddress.get()
      const row = await claimDueMail({
        db,
        owner,
        now,
        leaseUntil: now + LEASE_MS,
        siteKnown: origin !== null,
      })
      if (!row) return
      try {
        await sendMail({ row, origin, settings, sealer, transport: transport.get })
        await markMailSent({ db, id: row.id, owner, now: clock.now().getTime() })
        logger.info({ outbox: row.id, attempts: row.attempts }, 'e-mail sent')
        if (row.ref_id) await recipients?.delivered(row)
      } catch (error) {
        await recordFailure({ db, owner, clock, logger, recipients, row, error })
      }
    }
  }

  function wake() {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = round()
      .catch((error: unknown) => logger.error({ err: error }, 'mail worker round failed'))
      .finally(() => {
        running = null
        if (again) {
          again = false
          wake()
        }
      })
  }

  const poll = setInterval(wake, POLL_MS)
  poll.unref()
  // Waiting e-mails are tried at once after a start: the settings may have been put right meanwhile.
  void retryWaitingMailNow({ db, now: clock.now().getTime() })
    .catch((error: unknown) => logger.error({ err: error }, 'mail worker could not start'))
    .finally(wake)

  return {
    wake,
    async stop() {
      stopped = true
      clearInterval(poll)
      await running
      transport.close()
    },
  }
}
