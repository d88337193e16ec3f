import { z } from 'zod'

import { optionalText, requiredText } from './fields.ts'

export const CONTACT_MESSAGE_MAX_LENGTH = 10_000
/** Name of the hidden field that people never fill in and spam robots do. */
export const HONEYPOT_FIELD = 'website'

export const ContactMessageSchema = z.object({
  first_name: requiredText('First name', 100),
  last_name: requiredText('Last name', 100),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Enter a valid email address')),
  phone: optionalText('Phone', 40),
  subject: optionalText('Subject', 200),
  message: requiredText('Message', CONTACT_MESSAGE_MAX_LENGTH),
})

export type ContactMessageData = z.output<typeof ContactMessageSchema>
export type ContactMessage = ContactMessageData & { id: string; created_at: string }
