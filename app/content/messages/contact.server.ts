import { singleLine } from '#app/lib/mail-address.ts'
import { formatMessageDate } from '#app/lib/message-format.ts'
import { DEFAULT_TIME_ZONE } from '#app/lib/time-zone.ts'
import { getChurchInfo } from '#app/content/church-info/model.server.ts'
import { createContactMessage } from './model.server.ts'
import type { OutgoingMail } from '#app/models/outbox.server.ts'
import { listNotificationRecipients } from '#app/models/settings.server.ts'
import { FORM_TOKEN_FIELD, honeypotFilled } from '#app/lib/visitor-post.ts'
import { type ContactMessage, ContactMessageSchema } from './schema.ts'
import { parseInput } from '#app/schemas/fields.ts'
import type { AppRuntime } from '#app/runtime.server.ts'

import { mailLinkOrigin } from '#app/server/site-address.server.ts'
import { judgeVisitorPost } from '#app/server/visitor-posts.server.ts'
import { escapeHtml } from '#app/lib/escape.ts'

/**
 * A visitor's message, from the contact page or POST /api/contact_messages: validated, limited per IP
 * (CONTACT_RATE_LIMIT per 10 minutes; 429 past it) and stored, with an e-mail to each notification recipient
 * written to the outbox in the same transaction. A filled-in honeypot field is answered like a success and
 * stored nowhere, so robots learn nothing; a message that looks like spam (spam.server.ts) is answered like a
 * success too, and kept in Spam without an e-mail. A message without the form's token (posted to the API by a
 * script) is kept in the Inbox without an e-mail: nothing says a person wrote it, and the hour's allowance of them
 * (CONTACT_API_LIMIT, 10) still let robots reach the office 240 times a day.
 */
export async function submitContactMessage({
  runtime,
  clientIp,
  data,
  fromForm = false,
}: {
  runtime: Pick<AppRuntime, 'db' | 'env' | 'clock' | 'secret' | 'mail' | 'mailer' | 'siteAddress'>
  clientIp: string
  data: Record<string, unknown>
  /** Posted by the contact page's form, which always carries the form token. */
  fromForm?: boolean
}) {
  if (honeypotFilled(data)) return
  const fields = parseInput(ContactMessageSchema, data)
  const now = runtime.clock.now()
  const { spam, tokenless } = await judgeVisitorPost({
    db: runtime.db,
    secret: runtime.secret,
    limits: { perAddress: runtime.env.CONTACT_RATE_LIMIT, withoutToken: runtime.env.CONTACT_API_LIMIT },
    kind: 'contact',
    clientIp,
    now,
    formToken: data[FORM_TOKEN_FIELD],
    fromForm,
    fields,
    tooMany: 'Too many messages from your connection. Please try again in a few minutes.',
  })
  const { db } = runtime
  const [recipients, church] =
    runtime.mail && !tokenless
      ? await Promise.all([listNotificationRecipients({ db }), getChurchInfo({ db })])
      : [[], null]
  // The alert's link names the site's address, never the visitor's Host (held until there is one).
  const links = await mailLinkOrigin(runtime.siteAddress)
  const message = await createContactMessage({
    db,
    fields,
    status: spam ? 'spam' : 'new',
    spamReason: spam,
    now,
    alerts: (saved) =>
      recipients.map((to) =>
        contactAlert({
          message: saved,
          to,
          origin: links.origin,
          sitePlaceholder: links.placeholder,
          churchName: church?.name ?? null,
          timeZone: church?.timezone ?? DEFAULT_TIME_ZONE,
        }),
      ),
  })
  if (message.status !== 'spam' && recipients.length > 0) runtime.mailer.wake()
  return message
}

/** The admin address that opens one message. */
export function messageAdminUrl(origin: string, id: string) {
  return `${origin.replace(/\/+$/, '')}/admin/messages?message=${encodeURIComponent(id)}`
}

/**
 * The e-mail telling a recipient about a new message: the visitor's subject (or name) as its subject, Reply-To
 * the visitor, the message as text and simple HTML, and the link that opens it in the admin.
 */
export function contactAlert({
  message,
  to,
  origin,
  sitePlaceholder = null,
  churchName,
  timeZone = DEFAULT_TIME_ZONE,
}: {
  message: ContactMessage
  to: string
  /** The site's address, or the placeholder that stands for it until it is known (mailLinkOrigin). */
  origin: string
  sitePlaceholder?: string | null
  churchName: string | null
  /** The church's time zone: 'Sent' is on its clock. */
  timeZone?: string
}): OutgoingMail {
  const name = singleLine(`${message.first_name} ${message.last_name}`)
  const subject = message.subject
    ? `Website message: ${singleLine(message.subject)}`
    : `Website message from ${name}`
  const link = messageAdminUrl(origin, message.id)
  const when = formatMessageDate(message.created_at, timeZone)
  const site = churchName ? `the ${churchName} website` : 'the website'
  const details: Array<[string, string]> = [
    ['From', `${name} <${message.email}>`],
    ...(message.phone ? ([['Phone', message.phone]] as Array<[string, string]>) : []),
    ['Subject', message.subject ?? 'No subject'],
    ['Sent', when],
  ]
  const text = [
    `A new message was sent through the contact form on ${site}.`,
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    message.message,
    '',
    '--',
    `Reply to this e-mail to answer ${message.first_name} directly.`,
    `Open it in the admin: ${link}`,
  ].join('\n')
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#111">
<p>A new message was sent through the contact form on ${escapeHtml(site)}.</p>
<table style="border-collapse:collapse">${details
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;padding:2px 12px 2px 0;color:#555;font-weight:600">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>
<div style="margin:16px 0;padding:12px 16px;border-left:4px solid #ccc;background:#f6f6f6;white-space:pre-wrap">${escapeHtml(message.message)}</div>
<p>Reply to this e-mail to answer ${escapeHtml(message.first_name)} directly, or <a href="${escapeHtml(link)}">open it in the admin</a>.</p>
</body></html>`
  return {
    to,
    subject,
    text,
    html,
    replyTo: { name, address: message.email },
    refId: message.id,
    sitePlaceholder,
  }
}
