import crypto from 'node:crypto'

import { Temporal } from 'temporal-polyfill'

import type { Db } from '#app/db/database.server.ts'
import type { Clock } from '#app/lib/clock.ts'
import { HttpError, NotFoundError, ValidationError } from '#app/lib/errors.ts'
import { singleLine } from '#app/lib/mail-address.ts'
import { FALLBACK_CHURCH_NAME } from '#app/lib/church-text.ts'
import { churchTimeZone, getChurchInfo } from '#app/content/church-info/model.server.ts'
import { pagePath } from '#app/content/registry.ts'
import type { Actor } from '#app/models/activity.server.ts'
import type { OutgoingMail } from '#app/models/outbox.server.ts'
import { parseInput } from '#app/schemas/fields.ts'
import type { AppRuntime } from '#app/runtime.server.ts'
import { mailLinkOrigin } from '#app/server/site-address.server.ts'
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from '#app/content/messages/schema.ts'
import { judgeVisitorPost } from '#app/server/visitor-posts.server.ts'
import { looksLikeName } from '#app/server/spam.server.ts'
import { calendarIcs } from './calendar.server.ts'
import {
  formatLocalDateTime,
  type Occurrence,
  occurrenceText,
  parseLocalDateTime,
  todayIn,
  upcomingOccurrences,
} from './dates.ts'
import { dateWords } from './date-words.ts'
import { hasWorkableDates, timingOf } from './events.server.ts'
import {
  cancelRegistration,
  createRegistration,
  type EventRecord,
  exportRegistrations,
  getEvent,
  getRegistration,
  listRegisteredAddresses,
  placesTaken,
  queueRegistrationMail,
  type RegistrationMailKind,
  type SignUpRefusal,
} from './model.server.ts'
import { placeLimits, placesLeft, registrationClosed } from './registration-rules.ts'
import { type Registration, RegistrationSchema, type RegistrationStatus } from './registration-schema.ts'
import { csvStream } from '#app/lib/csv.ts'

type Runtime = Pick<
  AppRuntime,
  'db' | 'env' | 'clock' | 'secret' | 'mail' | 'mailer' | 'siteAddress' | 'mailSealer'
>

/** How many dates of a repeating event the form offers. */
export const DATES_OFFERED = 12
/** How far a posted date is looked for among a repeating event's next dates. */
const DATES_ACCEPTED = 60

// The cancel link ----------------------------------------------------------------------------------------------

/**
 * The token of a registration's cancel link (decision 0022): an HMAC of the registration's id for this one purpose,
 * under a key derived from the server's secret. Nothing is stored: the link works until the registration is
 * cancelled (once), and a token made for anything else, or for another registration, does not match.
 */
export function cancelToken(secret: string, registrationId: string) {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, 'lampstand', 'registration-cancel', 32))
  return crypto.createHmac('sha256', key).update(`cancel:${registrationId}`).digest('base64url')
}

export function cancelTokenMatches(secret: string, registrationId: string, token: unknown) {
  if (typeof token !== 'string' || token.length > 100) return false
  const expected = Buffer.from(cancelToken(secret, registrationId))
  const given = Buffer.from(token)
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}

/**
 * The key a sign-up's connection is counted by (the places one IP address holds on a date): an HMAC of the address
 * under a key of its own, so that the table and its backups never hold visitors' IP addresses.
 */
export function connectionKey(secret: string, clientIp: string) {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, 'lampstand', 'registration-connection', 32))
  return crypto.createHmac('sha256', key).update(clientIp).digest('base64url').slice(0, 22)
}

function cancelUrl(origin: string, secret: string, registrationId: string) {
  const path = pagePath('registration-cancel', { id: registrationId })
  return `${origin}${path}?token=${cancelToken(secret, registrationId)}`
}

// The dates offered ---------------------------------------------------------------------------------------------

/** A date of an event that takes sign-ups, with its places. */
export interface RegistrationDate {
  /** The local start, as the form sends it back and registrations store it. */
  occurrence: string
  /** Its last day (YYYY-MM-DD). */
  endsOn: string
  label: string
  /** Places left; null without a limit. */
  left: number | null
  waiting: number
}

/** The church's local time now (the injected clock). */
function localNow(zone: string, now: Date) {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone).toPlainDateTime()
}

/** The dates of `event` still open for sign-ups at `now`, soonest first, at most `limit`. */
function openDates(event: EventRecord, zone: string, now: Date, limit: number) {
  if (!event.registration || !event.starts_at || !hasWorkableDates(event, zone)) return []
  const today = todayIn(zone, now)
  const local = localNow(zone, now)
  const closesAt = parseLocalDateTime(event.registration_closes_at)
  let occurrences: Occurrence[]
  try {
    occurrences = upcomingOccurrences(timingOf(event), zone, today, event.recurrence ? limit : 1)
  } catch {
    // A rule the dates cannot be worked out from offers no date (the dashboard names it).
    return []
  }
  return occurrences.filter(
    (occurrence) => !registrationClosed({ now: local, occurrence: occurrence.start, closesAt }),
  )
}

const dateOf = (event: EventRecord, occurrence: Occurrence, language = 'en') => ({
  occurrence: formatLocalDateTime(occurrence.start),
  endsOn: occurrence.end.toPlainDate().toString(),
  label: dateWords(language).occurrenceText(timingOf(event), occurrence),
})

/** What the event's page offers: its open dates with the places left on each (none when closed or off). */
export async function registrationDates({
  db,
  clock,
  event,
  language,
}: {
  db: Db
  clock: Clock
  event: EventRecord
  /** The language of the page that offers them (their labels). */
  language?: string
}): Promise<RegistrationDate[]> {
  const zone = await churchTimeZone({ db })
  const dates = openDates(event, zone, clock.now(), DATES_OFFERED).map((occurrence) =>
    dateOf(event, occurrence, language),
  )
  const counts = await placesTaken({
    db,
    eventId: event.id,
    occurrences: dates.map((date) => date.occurrence),
  })
  return dates.map((date) => {
    const { taken, waiting } = counts.get(date.occurrence)!
    return { ...date, left: placesLeft(event.capacity, taken), waiting }
  })
}

// Signing up ----------------------------------------------------------------------------------------------------

/** What a sign-up answers: where it went (a robot caught by the honeypot is told it was confirmed). */
export interface SignUpResult {
  status: 'confirmed' | 'waiting'
  registration: Registration | null
  /** The address's registration for the date was changed rather than a new one made. */
  updated: boolean
}

/**
 * A sign-up for one date of an event, from its page's form, POST /api/events/<id>/registrations, or staff adding
 * one by hand (`actor`). Visitors meet the contact form's defences (app/content/messages/contact.server.ts): a
 * filled-in honeypot is answered like a success and stored nowhere; CONTACT_RATE_LIMIT sign-ups per IP per 10
 * minutes (429 past it); posts without the form's token share CONTACT_API_LIMIT an hour site-wide; one that looks
 * like spam (spam.server.ts) is kept as spam, holding no place, with no e-mail. The person is e-mailed a
 * confirmation (or that they are on the waiting list) with the date's `.ics` and their cancel link.
 *
 * One client cannot take every place: an e-mail address holds one registration per date (a second sign-up changes
 * it), of REGISTRATION_MAX_PER_EMAIL people at most, and one IP address at most REGISTRATION_MAX_PER_IP
 * places on a date, never more than half of a limited date's (placeLimits). Staff adding by hand meet neither.
 */
export async function signUp({
  runtime,
  eventId,
  data,
  clientIp,
  fromForm = false,
  actor,
}: {
  runtime: Runtime
  eventId: string
  data: Record<string, unknown>
  clientIp: string
  fromForm?: boolean
  /** Staff adding someone by hand: no limits, no spam check. */
  actor?: Actor
}): Promise<SignUpResult> {
  const { db, clock } = runtime
  const honeypot = data[HONEYPOT_FIELD]
  if (!actor && typeof honeypot === 'string' && honeypot.trim() !== '') {
    return { status: 'confirmed', registration: null, updated: false }
  }
  const input = parseInput(RegistrationSchema, data)
  const { env } = runtime
  if (!actor && input.people > env.REGISTRATION_MAX_PER_EMAIL) {
    throw new ValidationError({
      people: `At most ${env.REGISTRATION_MAX_PER_EMAIL} people can be registered with one e-mail address`,
    })
  }
  const now = clock.now()
  const event = await getEvent({ db, id: eventId })
  if (!event) throw new NotFoundError('There is no such event')
  if (!event.registration) throw new HttpError(409, 'This event does not take registrations')
  const zone = await churchTimeZone({ db })
  const open = openDates(event, zone, now, DATES_ACCEPTED)
  const chosen = input.occurrence
    ? open.find((occurrence) => formatLocalDateTime(occurrence.start) === input.occurrence)
    : event.recurrence
      ? undefined
      : open[0]
  if (!chosen) {
    if (input.occurrence || event.recurrence)
      throw new ValidationError({ occurrence: 'Choose one of the dates offered' })
    throw new HttpError(409, 'Registrations for this event are closed')
  }
  // Staff adding someone by hand meet no limits and no spam check.
  const spam = actor
    ? null
    : (
        await judgeVisitorPost({
          db,
          secret: runtime.secret,
          limits: { perAddress: runtime.env.CONTACT_RATE_LIMIT, withoutToken: runtime.env.CONTACT_API_LIMIT },
          kind: 'registration',
          clientIp,
          now,
          formToken: data[FORM_TOKEN_FIELD],
          fromForm,
          fields: { first_name: input.name, last_name: '', subject: null, message: input.note ?? '' },
          tooMany: 'Too many sign-ups from your connection. Please try again in a few minutes.',
        })
      ).spam
  const compose = await mailComposer(runtime, event, zone)
  const date = dateOf(event, chosen)
  const saved = await createRegistration({
    db,
    eventId: event.id,
    occurrence: date.occurrence,
    endsOn: date.endsOn,
    input,
    clientKey: actor ? null : connectionKey(runtime.secret, clientIp),
    limits: (capacity) =>
      placeLimits({
        capacity,
        perAddress: env.REGISTRATION_MAX_PER_EMAIL,
        perConnection: env.REGISTRATION_MAX_PER_IP,
      }),
    spamReason: spam,
    clock,
    actor,
    mails: runtime.mail
      ? (registration, kind) => [compose(registration, chosen, mailKind(registration, kind))]
      : undefined,
  })
  if (!saved) throw new HttpError(409, 'This event does not take registrations')
  if ('refused' in saved) throw refusal(saved)
  const { registration, updated } = saved
  // The Events page says whether an event with places has any left (cached pages are made again).
  if (registration.status !== 'spam' && event.capacity !== null) await db.contentVersion.bump()
  if (registration.status !== 'spam' && runtime.mail) runtime.mailer.wake()
  return {
    // Spam is answered like a success: robots learn nothing.
    status: registration.status === 'waiting' ? 'waiting' : 'confirmed',
    registration,
    updated,
  }
}

const peopleText = (count: number) => (count === 1 ? '1 person' : `${count} people`)

/** A sign-up the limits refused, in the visitor's words (on the form's people field too). */
function refusal(refused: SignUpRefusal) {
  const message =
    refused.refused === 'connection'
      ? refused.held > 0
        ? `Sign-ups from your connection already hold ${refused.held} of the ${refused.limit} places one connection may hold on this date. For a larger group, please contact the church office.`
        : `At most ${refused.limit} places can be booked from one connection on this date. For a larger group, please contact the church office.`
      : `You are already registered for this date for ${peopleText(refused.registration.people)}, and that stands: there are not enough places left for more.`
  return new HttpError(409, message, { people: message })
}

const mailKind = (registration: Registration, kind: RegistrationMailKind): MailKind =>
  kind === 'new' ? (registration.status === 'confirmed' ? 'confirmed' : 'waiting') : kind

// Cancelling ----------------------------------------------------------------------------------------------------

/**
 * Cancels a registration: by its cancel link (`token`), or by staff (`actor`, within `eventId`). The first on the
 * waiting list move up into the places freed and are e-mailed. A second cancel changes nothing.
 */
export async function cancel({
  runtime,
  registrationId,
  token,
  eventId,
  actor,
}: {
  runtime: Runtime
  registrationId: string
  token?: unknown
  eventId?: string
  actor?: Actor
}) {
  const { db, clock } = runtime
  if (!actor && !cancelTokenMatches(runtime.secret, registrationId, token)) {
    throw new HttpError(404, 'This cancel link is not valid')
  }
  const found = await getRegistration({ db, id: registrationId })
  const event = found ? await getEvent({ db, id: found.event_id }) : null
  const zone = await churchTimeZone({ db })
  const compose = event && runtime.mail ? await mailComposer(runtime, event, zone) : null
  const result = await cancelRegistration({
    db,
    id: registrationId,
    eventId,
    now: clock.now(),
    actor,
    mails:
      compose && event
        ? (moved) => {
            const occurrence = occurrenceOf(event, moved)
            return occurrence ? [compose(moved, occurrence, 'moved-up')] : []
          }
        : undefined,
  })
  if (result.cancelled && event?.capacity != null) await db.contentVersion.bump()
  if (result.movedUp.length > 0 && runtime.mail) runtime.mailer.wake()
  return { ...result, event }
}

/** A registration's date as an occurrence of its event (its length from the event's own). */
function occurrenceOf(event: EventRecord, registration: Registration): Occurrence | null {
  const start = parseLocalDateTime(registration.occurrence)
  const first = parseLocalDateTime(event.starts_at)
  if (!start || !first) return null
  const last = parseLocalDateTime(event.ends_at)
  const length = last && Temporal.PlainDateTime.compare(last, first) > 0 ? first.until(last) : null
  return { start, end: length ? start.add(length) : start }
}

/** What a registration's page says about it (the cancel page): its event and date in words. */
export async function describeRegistration({ db, registration }: { db: Db; registration: Registration }) {
  const event = await getEvent({ db, id: registration.event_id })
  const occurrence = event ? occurrenceOf(event, registration) : null
  return {
    eventTitle: event?.title ?? 'The event',
    eventPath: event ? pagePath('event', { id: event.id }) : pagePath('events'),
    when: event && occurrence ? occurrenceText(timingOf(event), occurrence) : registration.occurrence,
  }
}

// Staff's e-mail to everyone -----------------------------------------------------------------------------------

export const MAIL_SUBJECT_MAX = 200
export const MAIL_MESSAGE_MAX = 5000

/** Staff's e-mail to everyone confirmed for an event (or one date of it), through the outbox; answers how many. */
export async function emailRegistered({
  runtime,
  eventId,
  occurrence,
  subject,
  message,
  actor,
}: {
  runtime: Runtime
  eventId: string
  occurrence?: string
  subject: string
  message: string
  actor: Actor
}) {
  const { db } = runtime
  if (!runtime.mail) throw new HttpError(400, 'E-mail is off: set SMTP_URL and MAIL_FROM first')
  const fields: Record<string, string> = {}
  const cleanSubject = singleLine(subject.trim(), MAIL_SUBJECT_MAX)
  const text = message.trim()
  if (!cleanSubject) fields.subject = 'Subject is required'
  if (!text) fields.message = 'Message is required'
  else if (text.length > MAIL_MESSAGE_MAX)
    fields.message = `Message must be at most ${MAIL_MESSAGE_MAX} characters`
  if (Object.keys(fields).length > 0) throw new ValidationError(fields)
  const event = await getEvent({ db, id: eventId })
  if (!event) throw new NotFoundError('There is no such event')
  const people = await listRegisteredAddresses({ db, eventId, occurrence })
  if (people.length === 0) throw new HttpError(400, 'Nobody is registered yet')
  const info = await getChurchInfo({ db })
  const church = info?.name || FALLBACK_CHURCH_NAME
  const replyTo = churchReplyTo(info)
  await queueRegistrationMail({
    db,
    now: actor.at,
    actor,
    eventId,
    eventTitle: event.title,
    mails: people.map((person) => ({
      to: person.email,
      subject: cleanSubject,
      text: `${text}\n\n--\n${church}: you are registered for ${singleLine(event.title)}.`,
      replyTo,
    })),
  })
  runtime.mailer.wake()
  return people.length
}

// The e-mails -----------------------------------------------------------------------------------------------------

type MailKind = 'confirmed' | 'waiting' | 'moved-up' | 'updated'

/**
 * Makes a registration's e-mails for one event: sealed (they carry the cancel link's token), their links from the
 * site's address (held until one is known, decision 0018), with the date's `.ics` attached.
 */
async function mailComposer(runtime: Runtime, event: EventRecord, zone: string) {
  const [links, church, siteAddress] = await Promise.all([
    mailLinkOrigin(runtime.siteAddress),
    getChurchInfo({ db: runtime.db }),
    runtime.siteAddress.get(),
  ])
  const churchName = church?.name || FALLBACK_CHURCH_NAME
  const replyTo = churchReplyTo(church)
  return (registration: Registration, occurrence: Occurrence, kind: MailKind): OutgoingMail => {
    const when = occurrenceText(timingOf(event), occurrence)
    const cancelLink = cancelUrl(links.origin, runtime.secret, registration.id)
    const eventLink = `${links.origin}${pagePath('event', { id: event.id })}`
    const title = singleLine(event.title)
    const waiting = registration.status === 'waiting'
    const subject =
      kind === 'updated'
        ? `Your registration is changed: ${title}`
        : kind === 'waiting'
          ? `You are on the waiting list: ${title}`
          : `You are registered: ${title}`
    const people = peopleText(registration.people)
    const opening = {
      confirmed: `Thank you for registering for ${title}. Your place is confirmed.`,
      waiting: `${title} is full at the moment, so you are on the waiting list. If a place comes free, it is yours in turn and we will e-mail you.`,
      'moved-up': `Good news: a place has come free at ${title}, and it is yours. Your registration is now confirmed.`,
      updated: waiting
        ? `Your registration for ${title} is changed as below. The date is full at the moment, so you are still on the waiting list: if a place comes free, it is yours in turn and we will e-mail you.`
        : `Your registration for ${title} is changed as below, and your place is confirmed.`,
    }[kind]
    // Only a name that looks like one: anyone may type someone else's address, and these are then their words.
    const greeting = looksLikeName(registration.name) ? `Hello ${singleLine(registration.name)},` : 'Hello,'
    const details: Array<[string, string]> = [
      ['When', when],
      ...(event.location ? ([['Where', event.location]] as Array<[string, string]>) : []),
      ['For', people],
    ]
    const text = [
      greeting,
      '',
      opening,
      '',
      ...details.map(([label, value]) => `${label}: ${value}`),
      '',
      `About the event: ${eventLink}`,
      waiting
        ? 'The calendar file attached keeps the date in your calendar, in case a place comes free.'
        : 'The calendar file attached adds it to your calendar.',
      '',
      `Cannot come after all? Cancel your registration here, so that someone else can have the place:`,
      cancelLink,
      '',
      `-- ${churchName}`,
    ].join('\n')
    const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#111">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(opening)}</p>
<table style="border-collapse:collapse">${details
      .map(
        ([label, value]) =>
          `<tr><th style="text-align:left;padding:2px 12px 2px 0;color:#555;font-weight:600">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>
<p><a href="${escapeHtml(eventLink)}">About the event</a></p>
<p>Cannot come after all? <a href="${escapeHtml(cancelLink)}">Cancel your registration</a>, so that someone else can have the place.</p>
<p style="color:#555">${escapeHtml(churchName)}</p>
</body></html>`
    const single: EventRecord = {
      ...event,
      starts_at: formatLocalDateTime(occurrence.start),
      ends_at: event.ends_at ? formatLocalDateTime(occurrence.end) : null,
      recurrence: null,
      exdates: [],
    }
    const ics = calendarIcs(
      [single],
      { origin: siteAddress ?? links.origin, siteAddress, churchName, zone },
      {
        uidSuffix: event.recurrence ? `-${registration.occurrence.replace(/[-:]/g, '')}` : '',
        sentAt: runtime.clock.now(),
      },
    )
    return {
      to: registration.email,
      subject,
      text,
      html,
      replyTo,
      refId: registration.id,
      sitePlaceholder: links.placeholder,
      sealWith: runtime.mailSealer,
      attachments: [
        {
          filename: `${
            event.title
              .replace(/[^\w-]+/g, '-')
              .replace(/^-|-$/g, '')
              .toLowerCase() || 'event'
          }.ics`,
          // An event to add, as the file's METHOD says (RFC 6047 wants it on the part too).
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: ics,
        },
      ],
    }
  }
}

/**
 * Answers to a registration's e-mails ("we'll be late") go to the church's address from Church Info, not to the
 * site's sender; none when it has no address.
 */
function churchReplyTo(church: { name: string | null; email: string | null } | null) {
  return church?.email ? { name: church.name || FALLBACK_CHURCH_NAME, address: church.email } : null
}

function escapeHtml(text: string) {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  )
}

// The admin screen's action ------------------------------------------------------------------------------------

const ADMIN_TOASTS = {
  add: { ok: 'Registration added', failed: 'Failed to add the registration' },
  cancel: { ok: 'Registration cancelled', failed: 'Failed to cancel the registration' },
  email: { ok: 'E-mail queued', failed: 'Failed to send the e-mail' },
} as const

/**
 * The registrations screen's action for one event. Intents: `add` (someone by hand: no limits, the same e-mail),
 * `cancel` (`id`; the waiting list moves up) and `email` (everyone confirmed, or those of one `occurrence`).
 */
export async function registrationsAction({
  runtime,
  eventId,
  form,
  actor,
}: {
  runtime: Runtime & Pick<AppRuntime, 'logger'>
  eventId: string
  form: FormData
  actor: Actor
}) {
  const text = (name: string) => String(form.get(name) ?? '')
  switch (text('intent')) {
    case 'add': {
      const { status, updated } = await signUp({
        runtime,
        eventId,
        clientIp: 'staff',
        actor,
        data: Object.fromEntries(['name', 'email', 'people', 'note', 'occurrence'].map((f) => [f, text(f)])),
      })
      if (updated) return 'This address was already registered for the date: its registration is changed'
      return status === 'confirmed' ? 'Registration added' : 'Added to the waiting list: the date is full'
    }
    case 'cancel': {
      const { registration, cancelled, movedUp } = await cancel({
        runtime,
        registrationId: text('id'),
        eventId,
        actor,
      })
      if (!registration) throw new HttpError(404, 'This registration no longer exists')
      if (!cancelled) return 'This registration was already cancelled'
      return movedUp.length > 0
        ? `Registration cancelled; ${movedUp.length === 1 ? '1 person' : `${movedUp.length} people`} moved up from the waiting list`
        : ADMIN_TOASTS.cancel.ok
    }
    case 'email': {
      const count = await emailRegistered({
        runtime,
        eventId,
        occurrence: text('occurrence') || undefined,
        subject: text('subject'),
        message: text('message'),
        actor,
      })
      return `E-mail queued for ${count === 1 ? '1 person' : `${count} people`}`
    }
    default:
      throw new HttpError(400, 'Unknown action')
  }
}

export function registrationsActionFailedToast(intent: string) {
  return (ADMIN_TOASTS as Record<string, { failed: string }>)[intent]?.failed ?? 'Failed to save'
}

/** The labels of a registration list's dates ('Friday 12 February 2027, 6:00 PM – …'), by stored occurrence. */
export function dateLabels(event: EventRecord, occurrences: readonly string[]) {
  return Object.fromEntries(
    [...new Set(occurrences)].map((occurrence) => {
      const found = occurrenceOf(event, { occurrence } as Registration)
      return [occurrence, found ? occurrenceText(timingOf(event), found) : occurrence]
    }),
  )
}

const CSV_COLUMNS = ['id', 'status', 'occurrence', 'created_at', 'name', 'email', 'people', 'note'] as const

/**
 * An event's registrations as CSV, like the messages' (UTF-8 with a byte order mark, cells a spreadsheet cannot
 * run as formulas), streamed: all of them, or those of a status and search.
 */
export function registrationsCsv(filters: {
  db: Db
  eventId: string
  status?: RegistrationStatus
  q?: string
}) {
  return csvStream(CSV_COLUMNS, exportRegistrations(filters))
}
