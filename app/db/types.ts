import type { ColumnType, Generated } from 'kysely'

import type { ContentRow, ContentTableName } from '#app/content/registry.ts'

/** Timestamps are ISO 8601 UTC strings in both dialects. */
type Timestamp = string

/** The content tables' rows, worked out from their declarations (app/content/registry.ts). */
type ContentTables = {
  [T in ContentTableName]: Omit<ContentRow<T>, 'translations'> & {
    /** JSON, `'{}'` unless given (app/models/translations.server.ts). */
    translations: ColumnType<string, string | undefined, string>
  }
}

export interface ContactMessagesTable {
  id: string
  first_name: string
  last_name: string
  email: string
  phone: string | null
  subject: string | null
  message: string
  created_at: Timestamp
  /** Folded copies for the inbox's search and sort (messageKeys); never sent to clients. */
  search_text: Generated<string>
  sort_first_name: string | null
  sort_email: string | null
  sort_subject: string | null
  /** new, read, replied, archived or spam (MESSAGE_STATUSES). */
  status: ColumnType<string, string | undefined, string>
  /** Why the message was put in Spam, in staff's words; null otherwise. */
  spam_reason: string | null
}

/** One e-mail waiting to be sent, being sent, sent or given up on (app/models/outbox.server.ts). */
export interface OutboxTable {
  id: string
  ref_id: string | null
  to_address: string
  subject: string
  text_body: string
  html_body: string | null
  reply_to_name: string | null
  reply_to_address: string | null
  created_at: Timestamp
  attempts: ColumnType<number, number | undefined, number>
  /** Milliseconds since the epoch. */
  next_attempt_at: ColumnType<number, number, number>
  last_error: string | null
  sent_at: Timestamp | null
  failed_at: Timestamp | null
  lease_owner: string | null
  lease_until: ColumnType<number | null, number | null | undefined, number | null>
  /** Where the site's address goes in the e-mail's links, while no address is known (the e-mail waits). */
  site_placeholder: ColumnType<string | null, string | null | undefined, string | null>
  /** 1 when the bodies are encrypted (they carry a token); emptied once sent. */
  sealed: ColumnType<number, number | undefined, number>
  /** JSON: files sent with it, `[{ filename, contentType, content }]` (a calendar file); null for none. */
  attachments: ColumnType<string | null, string | null | undefined, string | null>
  /** JSON: headers of its own, `{ "List-Id": … }` (sealed with the bodies when they are); null for none. */
  headers: ColumnType<string | null, string | null | undefined, string | null>
  /** Milliseconds: not sent before then (the weekly news' pace); null for at once. */
  not_before: ColumnType<number | null, number | null | undefined, number | null>
}

export interface SettingsTable {
  key: string
  /** JSON. */
  value: string
  updated_at: Timestamp
}

export interface MediaTable {
  id: string
  /** Path under /media of the largest variant, the value stored in `image_url`. */
  secure_url: string
  original_name: string | null
  format: string
  width: number
  height: number
  bytes: number
  /** JSON array of { url, width, height, bytes }. */
  variants: string
  created_at: Timestamp
}

/** Sermon audio uploaded here, as read from the file when it arrived (app/models/audio-files.server.ts). */
export interface AudioFilesTable {
  id: string
  /** `/media/<content hash>.mp3`: other bytes are another address. */
  secure_url: string
  original_name: string | null
  /** `audio/mpeg`, `audio/mp4` or `audio/aac`. */
  type: string
  bytes: number
  /** Whole seconds, rounded. */
  duration_seconds: number
  created_at: Timestamp
}

/** One entry of the activity log (app/models/activity.server.ts): who did what, where, when. */
export interface ActivityLogTable {
  id: string
  at: Timestamp
  /** The person's account id; null for an entry made by no signed-in person. */
  user_id: string | null
  /** The person's name and e-mail as they were: readable after the account is removed. */
  user_name: string
  user_email: string
  action: string
  section: string
  item_id: string | null
  item_title: string | null
}

export interface RateLimitsTable {
  key: string
  count: number
  /** Milliseconds since the epoch when the window ends. */
  reset_at: ColumnType<number, number, number>
}

/** The last two-step code's time-step that signed each person in (app/models/two-step-last-steps.server.ts). */
export interface TwoStepLastStepsTable {
  user_id: string
  /** 30-second periods since the epoch. */
  last_step: ColumnType<number, number, number>
}

export interface ContentVersionTable {
  id: number
  version: number
}

/**
 * better-auth's own tables (its migrations make them: app/auth/auth.server.ts), as far as our models read them
 * (app/models/users.server.ts, app/models/verifications.server.ts); better-auth writes them, so they stay out of
 * Database. Dates are what each driver gives back.
 */
export interface AuthTables {
  user: {
    id: string
    name: string
    email: string
    /** The admin plugin's role (app/auth/roles.server.ts). */
    role: string | null
    /** The two-factor plugin's flag (a boolean on PostgreSQL, 0/1 on SQLite). */
    twoFactorEnabled: boolean | number | null
  }
  account: { userId: string; providerId: string }
  session: { userId: string; createdAt: Date | string | number }
  verification: { identifier: string; value: string; expiresAt: Date | string | number }
}

/** A video of the church's YouTube channel already made a draft sermon (app/content/sermons/youtube-import.server.ts). */
export interface YoutubeImportsTable {
  video_id: string
  /** The draft it became; null once that sermon was deleted (the video is still never imported again). */
  sermon_id: string | null
  imported_at: Timestamp
}

/** One sign-up for one date of an event (app/content/registrations/sign-up.server.ts). */
export interface RegistrationsTable {
  id: string
  event_id: string
  /** The local start of the date chosen (`2027-02-12T18:00`). */
  occurrence: string
  /** That date's last day (`YYYY-MM-DD`): the registration is erased a set number of days after it. */
  ends_on: string
  name: string
  email: string
  people: number
  note: string | null
  /** confirmed, waiting, cancelled or spam (REGISTRATION_STATUSES). */
  status: string
  spam_reason: string | null
  /** Folded name, address and note for the staff's search; never sent to clients. */
  search_text: string
  /**
   * The mailbox `email` reaches (addressKey): one live registration per mailbox and date (a unique index). Null only
   * for a duplicate kept from before the rule (migration 0020).
   */
  email_key: string | null
  /** A keyed hash of the connection (IP address) it came from, to count its places; null when staff added it. */
  client_key: string | null
  /** The language of the page it was made on: its e-mails' (migration 0029); null: the site's main language. */
  language: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

/** One week's weekly news (app/content/news/weekly.server.ts). */
export interface DigestsTable {
  /** The church's date it is due on (YYYY-MM-DD). */
  week: string
  due_at: Timestamp
  /** pending, sending, queued, empty, skipped or dropped (DIGEST_STATUSES). */
  status: string
  lease_owner: ColumnType<string | null, string | null | undefined, string | null>
  /** Milliseconds since the epoch. */
  lease_until: ColumnType<number | null, number | null | undefined, number | null>
  /** The last subscriber (by id) whose e-mail is queued: a worker taking over goes on after it. */
  last_subscriber_id: ColumnType<string | null, string | null | undefined, string | null>
  recipients: ColumnType<number, number | undefined, number>
  started_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>
  finished_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>
}

/** One address of the weekly news, in whatever state (app/content/news/subscribers.server.ts). */
export interface SubscribersTable {
  id: string
  email: string
  name: string | null
  /** The language the e-mails are written in: the page's it signed up on. */
  language: string
  /** pending, active, unsubscribed or suspended (SUBSCRIBER_STATUSES). */
  status: string
  suspended_reason: string | null
  /** SHA-256 of the confirm link's token; the token is in the e-mail only. */
  confirm_token_hash: string
  /** SHA-256 of the unsubscribe link's token. */
  unsubscribe_token_hash: string
  created_at: Timestamp
  confirmed_at: Timestamp | null
  last_confirmation_sent_at: Timestamp | null
  /** Temporary refusals (4xx at RCPT) of its e-mails in a row; the third suspends it. */
  soft_bounces: ColumnType<number, number | undefined, number>
}

/** One step of an address's consent, never changed once written (GDPR Art. 7(1)). */
export interface SubscriberConsentsTable {
  id: string
  email: string
  at: Timestamp
  /** subscribe, confirm, unsubscribe, bounce or removal. */
  action: string
  /** The words the person was shown, and their version; null where nobody saw a form (the API). */
  wording: string | null
  wording_version: string | null
  language: string | null
  /** The page it happened on (`/ml/news`), or null. */
  page: string | null
}

/** Someone who gave (app/content/giving/model.server.ts): by e-mail and by Stripe customer. */
export interface DonorsTable {
  id: string
  email: string | null
  name: string | null
  /** The language of the page they gave from: their receipts and statements are written in it. */
  language: string
  stripe_customer_id: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

/** One payment to a fund: a one-off gift, or one month of a monthly one (migration 0023). */
export interface GiftsTable {
  id: string
  amount_cents: number
  /** Lower case, as Stripe writes it: `eur`. */
  currency: ColumnType<string, string | undefined, string>
  fund_id: string
  donor_id: string | null
  /** once or monthly (GIFT_FREQUENCIES). */
  frequency: string
  /** Stripe's payment method type (`card`, `sepa_debit`), once known. */
  method: string | null
  /** processing, succeeded, failed, refunded or disputed (GIFT_STATUSES). */
  status: string
  given_at: Timestamp
  cleared_at: Timestamp | null
  /** The calendar year of `given_at` in the church's time zone. */
  tax_year: number
  benefit: ColumnType<number, number | undefined, number>
  ie_taxpayer: ColumnType<number, number | undefined, number>
  language: string
  stripe_checkout_session_id: string | null
  stripe_payment_intent_id: string | null
  stripe_subscription_id: string | null
  stripe_invoice_id: string | null
  /** When its receipt was queued (migration 0027): once, when it succeeded and its donor's address was known. */
  receipt_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>
  /** A SEPA Direct Debit's mandate reference, read from Stripe for the receipt. */
  mandate_reference: ColumnType<string | null, string | null | undefined, string | null>
  /** On a monthly gift's first row: when its subscription ended. */
  stopped_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>
  /** How much of it Stripe gave back (migration 0032): a part refund leaves it succeeded, counted less this. */
  refunded_cents: ColumnType<number, number | undefined, number>
  created_at: Timestamp
  updated_at: Timestamp
}

/** A donor's January statement of a year (migration 0027): one per donor and year. */
export interface GivingStatementsTable {
  donor_id: string
  year: number
  total_cents: number
  sent_at: Timestamp
}

/** A Stripe webhook event, stored by its id before it is worked on. */
export interface StripeEventsTable {
  id: string
  type: string
  received_at: Timestamp
  processed_at: Timestamp | null
  /** Why it has not been processed yet (its gift not known yet), or null. */
  error: string | null
  /** The event as Stripe sent it (JSON). */
  payload: string
  /** A worker holds it until then (migration 0027); null when none does. */
  claimed_until: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>
  attempts: ColumnType<number, number | undefined, number>
}

/** A donor's CHY3 or CHY4 certificate (migration 0028): the PPSN only sealed, its last three characters shown. */
export interface TaxCertificatesTable {
  id: string
  donor_id: string
  /** CHY3 (five years from first_year) or CHY4 (first_year only). */
  type: string
  first_year: number
  last_year: number
  ppsn_sealed: string
  ppsn_hint: string
  associated: ColumnType<number, number | undefined, number>
  created_at: Timestamp
  updated_at: Timestamp
}

/** A claim's CSV as it was downloaded: who, when, its totals (never its PPSNs). */
export interface TaxClaimsTable {
  id: string
  tax_year: number
  made_at: Timestamp
  made_by: string | null
  total_cents: number
  reclaim_cents: number
}

/** A donor-year a claim held: one claim only per donor and year (a unique index). */
export interface TaxClaimDonorsTable {
  claim_id: string
  donor_id: string
  tax_year: number
  certificate_id: string
  total_cents: number
  reclaim_cents: number
}

export interface Database extends ContentTables {
  contact_messages: ContactMessagesTable
  media: MediaTable
  audio_files: AudioFilesTable
  rate_limits: RateLimitsTable
  content_version: ContentVersionTable
  outbox: OutboxTable
  settings: SettingsTable
  activity_log: ActivityLogTable
  two_step_last_steps: TwoStepLastStepsTable
  youtube_imports: YoutubeImportsTable
  registrations: RegistrationsTable
  subscribers: SubscribersTable
  subscriber_consents: SubscriberConsentsTable
  donors: DonorsTable
  gifts: GiftsTable
  stripe_events: StripeEventsTable
  tax_certificates: TaxCertificatesTable
  tax_claims: TaxClaimsTable
  tax_claim_donors: TaxClaimDonorsTable
  giving_statements: GivingStatementsTable
  digests: DigestsTable
}
