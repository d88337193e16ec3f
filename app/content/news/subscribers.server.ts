import { FORM_TOKEN_FIELD, honeypotFilled } from '#app/lib/visitor-post.ts'
import { type Db, inTransaction } from '#app/db/database.server.ts'
import { textsFor } from '#app/i18n/texts.ts'
import { ValidationError } from '#app/lib/errors.ts'
import { newId } from '#app/lib/ids.server.ts'
import { enqueueMail } from '#app/models/outbox.server.ts'
import { readSiteLanguages } from '#app/models/translations.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'
import { parseInput } from '#app/schemas/fields.ts'
import { judgeVisitorPost } from '#app/server/visitor-posts.server.ts'

import {
  addConsent,
  createSubscriber,
  deleteUnconfirmedSignUps,
  countSoftBounce,
  deleteWaitingMailOf,
  getSubscriberById,
  getSubscriberByEmail,
  getSubscriberByToken,
  updateSubscriber,
} from './model.server.ts'
import { confirmationComposer, tokenHash, tokenHashes } from './subscriber-links.server.ts'
import { NEWS_WORDING_VERSION, type Subscriber, SubscriberSchema } from './schema.ts'

type Runtime = Pick<
  AppRuntime,
  'db' | 'env' | 'clock' | 'secret' | 'mail' | 'mailer' | 'siteAddress' | 'mailSealer'
>

/** At most one confirmation e-mail per address in this long, however often it is signed up. */
export const CONFIRMATION_INTERVAL_MS = 60 * 60 * 1000
/** A sign-up not confirmed within this long is deleted. */
export const UNCONFIRMED_KEPT_MS = 7 * 24 * 60 * 60 * 1000

/** The subscriber a link's token names, or null for a token that names none (or is no token at all). */
export async function subscriberOfLink({
  db,
  link,
  token,
}: {
  db: Db
  link: 'confirm' | 'unsubscribe'
  token: unknown
}) {
  if (typeof token !== 'string' || token.length === 0 || token.length > 100) return null
  return getSubscriberByToken({ db, link, hash: tokenHash(token) })
}

// Signing up -----------------------------------------------------------------------------------------------------

/** Where a sign-up came from: the news page's form (its language, its address, the words it showed) or the API. */
export interface SignUpSource {
  fromForm: boolean
  /** The page's address (`/ml/news`); null from the API. */
  page: string | null
  /** The page's language; the body's `language` (or the main language) from the API. */
  language?: string
  /**
   * A form without a form token: the footer's, on pages kept in the cache (decision 0036). Its words are recorded,
   * but its post counts against the hourly allowance of posts without a token, like the API's; past it (or when it
   * looks like spam) subscribe answers `ask-again` and does nothing.
   */
  untimed?: boolean
}

/**
 * A sign-up to the weekly news, from the news page's form or POST /api/subscribers. It meets the contact form's
 * defences (app/server/visitor-posts.server.ts): a filled-in honeypot or a post that looks like spam is answered
 * like any other and does nothing; CONTACT_RATE_LIMIT per IP per 10 minutes (429). Whatever the address's state
 * the caller answers the same, so no one learns who is subscribed: a new address (or one that had unsubscribed) is
 * made pending and sent a confirmation; a pending one is sent it again at most once an hour; an active or
 * suspended one is sent nothing.
 */
export async function subscribe({
  runtime,
  data,
  clientIp,
  source,
}: {
  runtime: Runtime
  data: Record<string, unknown>
  clientIp: string
  source: SignUpSource
}) {
  if (honeypotFilled(data)) return
  const input = parseInput(SubscriberSchema, data)
  const { db } = runtime
  const languages = await readSiteLanguages({ db })
  const asked = source.language ?? input.language ?? languages[0]!
  const language = languages.find((code) => code.toLowerCase() === asked.toLowerCase())
  if (!language) {
    throw new ValidationError({ language: `Language must be one of ${languages.join(', ')}` })
  }
  const now = runtime.clock.now()
  const { spam } = await judgeVisitorPost({
    db,
    secret: runtime.secret,
    limits: { perAddress: runtime.env.CONTACT_RATE_LIMIT, withoutToken: runtime.env.CONTACT_API_LIMIT },
    kind: 'subscribe',
    clientIp,
    now,
    formToken: data[FORM_TOKEN_FIELD],
    fromForm: source.fromForm && !source.untimed,
    fields: { first_name: input.name ?? '', last_name: '', subject: null, message: '' },
    tooMany: 'Too many sign-ups from your connection. Please try again in a few minutes.',
  })
  // Nothing is kept of a robot's sign-up: the confirmation would only reach someone who never asked. A form
  // without a token (the footer's) past the hour's allowance may be a person's: they are asked to send it again
  // from the news page, whose form has a token.
  if (spam) return source.untimed ? ('ask-again' as const) : undefined
  const compose = runtime.mail ? await confirmationComposer(runtime, languages) : null
  const at = now.toISOString()
  const recentlySent = (subscriber: Subscriber) =>
    subscriber.last_confirmation_sent_at !== null &&
    now.getTime() - Date.parse(subscriber.last_confirmation_sent_at) < CONFIRMATION_INTERVAL_MS
  const t = textsFor(language)
  const consent = {
    email: input.email,
    at,
    action: 'subscribe' as const,
    wording: source.fromForm ? t('news.consent') : null,
    wording_version: source.fromForm ? NEWS_WORDING_VERSION : null,
    language,
    page: source.page,
  }
  let sent = false
  try {
    await inTransaction(db, async (trx) => {
      const found = await getSubscriberByEmail({ db: trx, email: input.email })
      if (found && (found.status === 'active' || found.status === 'suspended')) return
      let subscriber: Subscriber
      if (!found) {
        const id = newId()
        subscriber = {
          id,
          email: input.email,
          name: input.name,
          language,
          status: 'pending',
          suspended_reason: null,
          created_at: at,
          confirmed_at: null,
          last_confirmation_sent_at: null,
        }
        await createSubscriber({ db: trx, row: { ...subscriber, ...tokenHashes(runtime.secret, id) } })
      } else if (found.status === 'unsubscribed') {
        // A new subscription: its own id, so the links of the old one's e-mails do not confirm it.
        const id = newId()
        subscriber = {
          ...found,
          id,
          name: input.name,
          language,
          status: 'pending',
          created_at: at,
          confirmed_at: null,
        }
        await updateSubscriber({
          db: trx,
          id: found.id,
          set: {
            id,
            name: input.name,
            language,
            status: 'pending',
            created_at: at,
            confirmed_at: null,
            ...tokenHashes(runtime.secret, id),
          },
        })
      } else {
        subscriber = { ...found, name: input.name ?? found.name, language }
        await updateSubscriber({ db: trx, id: found.id, set: { name: subscriber.name, language } })
      }
      await addConsent({ db: trx, consent })
      if (!compose || recentlySent(subscriber)) return
      await updateSubscriber({ db: trx, id: subscriber.id, set: { last_confirmation_sent_at: at } })
      await enqueueMail({ db: trx, mail: compose(subscriber), now: now.getTime() })
      sent = true
    })
  } catch (error) {
    // The same address signed up at the same moment through another worker: that sign-up stands.
    if (isUniqueViolation(error)) return
    throw error
  }
  if (sent) runtime.mailer.wake()
}

function isUniqueViolation(error: unknown) {
  const { code, message } = error as { code?: unknown; message?: unknown }
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || /unique/i.test(String(message))
}

// Confirming and unsubscribing -------------------------------------------------------------------------------------

/** What following a link did: `done` (now), `already` (before), or `invalid` (no such subscription). */
export type LinkOutcome = { result: 'done' | 'already'; subscriber: Subscriber } | { result: 'invalid' }

/**
 * Confirms the subscription a confirm link names (its page's button: never on GET, which mail scanners open).
 * A second confirm answers `already`; a subscription ended since (unsubscribed, suspended) is not revived.
 */
export async function confirmSubscription({
  runtime,
  token,
  page,
}: {
  runtime: Pick<Runtime, 'db' | 'clock'>
  token: unknown
  page: string
}): Promise<LinkOutcome> {
  const { db } = runtime
  return inTransaction(db, async (trx) => {
    const subscriber = await subscriberOfLink({ db: trx, link: 'confirm', token })
    if (!subscriber || subscriber.status === 'unsubscribed' || subscriber.status === 'suspended') {
      return { result: 'invalid' }
    }
    if (subscriber.status === 'active') return { result: 'already', subscriber }
    const at = runtime.clock.now().toISOString()
    await updateSubscriber({ db: trx, id: subscriber.id, set: { status: 'active', confirmed_at: at } })
    await addConsent({
      db: trx,
      consent: {
        email: subscriber.email,
        at,
        action: 'confirm',
        wording: textsFor(subscriber.language)('news.confirmText', { email: subscriber.email }),
        wording_version: NEWS_WORDING_VERSION,
        language: subscriber.language,
        page,
      },
    })
    return { result: 'done', subscriber: { ...subscriber, status: 'active', confirmed_at: at } }
  })
}

/**
 * Ends the subscription an unsubscribe link names, at once: by the page's button or a mail program's one-click
 * POST (RFC 8058, `oneClick`). A second time answers `already`.
 */
export async function unsubscribe({
  runtime,
  token,
  page,
  oneClick,
}: {
  runtime: Pick<Runtime, 'db' | 'clock'>
  token: unknown
  page: string
  oneClick: boolean
}): Promise<LinkOutcome> {
  const { db } = runtime
  return inTransaction(db, async (trx) => {
    const subscriber = await subscriberOfLink({ db: trx, link: 'unsubscribe', token })
    if (!subscriber) return { result: 'invalid' }
    if (subscriber.status === 'unsubscribed') return { result: 'already', subscriber }
    const at = runtime.clock.now().toISOString()
    await updateSubscriber({ db: trx, id: subscriber.id, set: { status: 'unsubscribed' } })
    // Nothing more reaches them, at once: this week's e-mail may still be waiting for its turn.
    await deleteWaitingMailOf({ db: trx, subscriberId: subscriber.id })
    await addConsent({
      db: trx,
      consent: {
        email: subscriber.email,
        at,
        action: 'unsubscribe',
        wording: oneClick
          ? 'List-Unsubscribe=One-Click'
          : textsFor(subscriber.language)('news.unsubscribeText', { email: subscriber.email }),
        wording_version: oneClick ? null : NEWS_WORDING_VERSION,
        language: subscriber.language,
        page,
      },
    })
    return { result: 'done', subscriber: { ...subscriber, status: 'unsubscribed' } }
  })
}

/** Retention: deletes sign-ups not confirmed within 7 days. Idempotent: every worker may run it. */
export function deleteExpiredSignUps({ db, now }: { db: Db; now: Date }) {
  return deleteUnconfirmedSignUps({
    db,
    before: new Date(now.getTime() - UNCONFIRMED_KEPT_MS).toISOString(),
  })
}

// Bounces ----------------------------------------------------------------------------------------------------------

/** Temporary refusals in a row that suspend an address. */
export const SOFT_BOUNCES_MAX = 3

/**
 * The SMTP server refused a subscriber's e-mail at RCPT time (app/server/mail-worker.server.ts): a permanent
 * refusal (5xx) suspends the address at once, the third temporary one in a row (4xx; an e-mail retried and
 * refused again counts once) too, with the server's words as the reason and a `bounce` line in its history; its
 * other waiting e-mails are deleted. Only refusals by the SMTP server count: replies that arrive later in the
 * church's mailbox (holiday messages, "out of office") are never read, so they are never bounces. Answers true
 * when the e-mail must not be tried again. A row whose `ref_id` is not a subscriber's is left alone.
 */
export async function recordRefusal({
  db,
  refId,
  address,
  permanent,
  repeated,
  reason,
  now,
}: {
  db: Db
  refId: string
  address: string
  permanent: boolean
  repeated: boolean
  reason: string
  now: Date
}) {
  if (!permanent && repeated) return false
  return inTransaction(db, async (trx) => {
    const subscriber = await getSubscriberById({ db: trx, id: refId })
    if (!subscriber || subscriber.email.toLowerCase() !== address.toLowerCase()) return false
    if (subscriber.status !== 'active') return subscriber.status === 'suspended'
    const softBounces = permanent ? 0 : ((await countSoftBounce({ db: trx, id: refId })) ?? 0)
    if (!permanent && softBounces < SOFT_BOUNCES_MAX) return false
    const why = permanent ? reason : `${SOFT_BOUNCES_MAX} temporary refusals in a row, the last: ${reason}`
    await updateSubscriber({
      db: trx,
      id: refId,
      set: { status: 'suspended', suspended_reason: why.slice(0, 500) },
    })
    await addConsent({
      db: trx,
      consent: {
        email: subscriber.email,
        at: now.toISOString(),
        action: 'bounce',
        wording: why.slice(0, 500),
        wording_version: null,
        language: subscriber.language,
        page: null,
      },
    })
    await deleteWaitingMailOf({ db: trx, subscriberId: refId })
    return true
  })
}
