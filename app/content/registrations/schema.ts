import { z } from 'zod'

import { ContactMessageSchema } from '#app/content/messages/schema.ts'
import { optionalText, requiredText } from '#app/schemas/fields.ts'

/** The most people one sign-up brings (a family); more is a group booking, arranged with the office. */
export const REGISTRATION_PEOPLE_MAX = 10
export const REGISTRATION_NOTE_MAX_LENGTH = 1000

/**
 * A registration's state: confirmed (it holds places), waiting (on the waiting list, first come first served),
 * cancelled (by the person's link or by staff), spam (judged so by the contact form's defences: holds nothing).
 */
export const REGISTRATION_STATUSES = ['confirmed', 'waiting', 'cancelled', 'spam'] as const
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number]

const peopleMessage = `Number of people must be a whole number from 1 to ${REGISTRATION_PEOPLE_MAX}`

/** What a visitor (or staff adding one by hand) gives: the same fields from the event's form and the API. */
export const RegistrationSchema = z.object({
  name: requiredText('Name', 200),
  email: ContactMessageSchema.shape.email,
  people: z
    .union([z.number(), z.string()], { error: peopleMessage })
    .nullish()
    .transform((value, ctx) => {
      const text = value === null || value === undefined ? '1' : String(value).trim() || '1'
      const people = /^\d{1,2}$/.test(text) ? Number(text) : Number.NaN
      if (!(people >= 1 && people <= REGISTRATION_PEOPLE_MAX)) {
        ctx.addIssue({ code: 'custom', message: peopleMessage })
        return z.NEVER
      }
      return people
    }),
  note: optionalText('Note', REGISTRATION_NOTE_MAX_LENGTH),
  /**
   * The date chosen, as the local start the form offers (`2027-02-12T18:00`); a one-time event's only date when
   * left out. Checked against the event's own dates by the service.
   */
  occurrence: z
    .string({ error: 'Choose one of the dates offered' })
    .trim()
    .max(40, 'Choose one of the dates offered')
    .nullish()
    .transform((value) => value || null),
})

export type RegistrationInput = z.output<typeof RegistrationSchema>

export interface Registration {
  id: string
  event_id: string
  occurrence: string
  ends_on: string
  name: string
  email: string
  people: number
  note: string | null
  status: RegistrationStatus
  spam_reason: string | null
  created_at: string
  updated_at: string
}
