import type { Actor } from '#app/models/activity.server.ts'
import { HttpError, NotFoundError, ValidationError } from '#app/lib/errors.ts'
import { parseInput } from '#app/schemas/fields.ts'
import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import { formatLocalDateTime } from '#app/dates/engine.ts'
import { getEvent } from '#app/content/events/model.server.ts'
import { FORM_TOKEN_FIELD, honeypotFilled } from '#app/lib/visitor-post.ts'
import { judgeVisitorPost } from '#app/server/visitor-posts.server.ts'
import { DATES_ACCEPTED, dateOf, openDates } from './dates-offered.server.ts'
import { type MailKind, mailComposer, type RegistrationRuntime } from './mails.server.ts'
import { createRegistration, type RegistrationMailKind, type SignUpRefusal } from './sign-up-model.server.ts'
import { placeLimits } from './rules.ts'
import { type Registration, RegistrationSchema } from './schema.ts'
import { connectionKey } from './tokens.server.ts'

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
  language = null,
  actor,
}: {
  runtime: RegistrationRuntime
  eventId: string
  data: Record<string, unknown>
  clientIp: string
  fromForm?: boolean
  /** The language of the page signed up on: the e-mails' (null: the site's main language). */
  language?: string | null
  /** Staff adding someone by hand: no limits, no spam check. */
  actor?: Actor
}): Promise<SignUpResult> {
  const { db, clock } = runtime
  if (!actor && honeypotFilled(data)) {
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
    language: actor ? null : language,
    clock,
    actor,
    mails: runtime.mail
      ? (registration, kind, theirs) => [compose(registration, chosen, mailKind(registration, kind), theirs)]
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
