import { z } from 'zod'

import { ContactMessageSchema } from '#app/content/messages/schema.ts'
import { optionalText } from '#app/schemas/fields.ts'

/**
 * A subscriber's state: pending (signed up, not yet confirmed by the e-mail's link), active (gets the weekly news),
 * unsubscribed (asked for no more), suspended (the address refuses mail; `suspended_reason` says how).
 */
export const SUBSCRIBER_STATUSES = ['pending', 'active', 'unsubscribed', 'suspended'] as const
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number]

/**
 * A week's send: `pending` once staff have had its preview (the day before), `sending` while its e-mails are being queued, `queued` once every subscriber's is (the outbox
 * sends them at the list's pace), `empty` when there was nothing new, `skipped` by staff, `dropped` when it could
 * not be finished within a day of its time.
 */
export const DIGEST_STATUSES = ['pending', 'sending', 'queued', 'empty', 'skipped', 'dropped'] as const
export type DigestStatus = (typeof DIGEST_STATUSES)[number]

/** What a consent record may say happened (subscriber_consents.action). */
export const CONSENT_ACTIONS = ['subscribe', 'confirm', 'unsubscribe', 'bounce', 'removal'] as const
export type ConsentAction = (typeof CONSENT_ACTIONS)[number]

/**
 * The version of the words the sign-up form and the confirm page show (`news.consent`, `news.confirmText` in
 * app/i18n): stored with each consent, so what a person agreed to can be shown later. Change it with the words.
 */
export const NEWS_WORDING_VERSION = '2026-12-06'

/** The footer form's hidden field: the address of the page it was on, which the sign-up records (decision 0036). */
export const FOOTER_PAGE_FIELD = 'footer_page'

/** The page a footer sign-up names, when it is one of the site's addresses (`/ml/events`); null otherwise. */
export function footerPage(value: unknown) {
  if (typeof value !== 'string') return null
  return /^\/(?!\/)[\w\-./]{0,199}$/.test(value) ? value : null
}

/** What a visitor gives to sign up, from the news form and POST /api/subscribers alike. */
export const SubscriberSchema = z.object({
  email: ContactMessageSchema.shape.email,
  name: optionalText('Name', 200),
  /** The language the e-mails are written in (one of the site's); the main language when left out. */
  language: z
    .string({ error: 'Language must be a language code such as en' })
    .trim()
    .max(35, 'Language must be a language code such as en')
    .nullish()
    .transform((value) => value || null),
})

export interface Subscriber {
  id: string
  email: string
  name: string | null
  language: string
  status: SubscriberStatus
  suspended_reason: string | null
  created_at: string
  confirmed_at: string | null
  last_confirmation_sent_at: string | null
}

/** One line of an address's consent history. */
export interface SubscriberConsent {
  id: string
  email: string
  at: string
  action: ConsentAction
  wording: string | null
  wording_version: string | null
  language: string | null
  page: string | null
}

/** A consent line without its schema: the table's declaration (backups) and nothing more, never written by a form. */
export const SubscriberConsentSchema = z.object({
  email: z.string(),
  at: z.string(),
  action: z.enum(CONSENT_ACTIONS),
  wording: z.string().nullable(),
  wording_version: z.string().nullable(),
  language: z.string().nullable(),
  page: z.string().nullable(),
})

/** The longest notice staff may put in the weekly news, in characters of its text (a few sentences). */
export const NOTICE_MAX_CHARACTERS = 1000
