import type { Actor } from '#app/models/activity.server.ts'
import { HttpError, NotFoundError, ValidationError } from '#app/lib/errors.ts'
import { singleLine } from '#app/lib/mail-address.ts'
import { getChurchInfo } from '#app/content/church-info/model.server.ts'
import { getEvent } from '#app/content/events/model.server.ts'
import { churchReplyTo, everyoneFooter, type RegistrationRuntime } from './mails.server.ts'
import { listRegisteredAddresses, queueRegistrationMail } from './model.server.ts'

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
  runtime: RegistrationRuntime
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
  const [info, footer] = await Promise.all([getChurchInfo({ db }), everyoneFooter(runtime, event)])
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
      // The message as staff wrote it; its last line in the person's language.
      text: `${text}\n\n--\n${footer(person.language)}`,
      replyTo,
    })),
  })
  runtime.mailer.wake()
  return people.length
}
