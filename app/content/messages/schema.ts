import { z } from 'zod'

import { optionalText, requiredText } from '#app/schemas/fields.ts'

export const CONTACT_MESSAGE_MAX_LENGTH = 10_000

/** A message's state in the inbox: new until opened, then read; replied, archived, or put in Spam. */
export const MESSAGE_STATUSES = ['new', 'read', 'replied', 'archived', 'spam'] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]
/** The inbox proper: what is neither archived nor spam. */
export const INBOX_STATUSES: readonly MessageStatus[] = ['new', 'read', 'replied']

export const MessageStatusSchema = z.object({
  status: z.enum(MESSAGE_STATUSES, {
    error: `Status must be one of ${MESSAGE_STATUSES.join(', ')}`,
  }),
})

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
export type ContactMessage = ContactMessageData & {
  id: string
  created_at: string
  status: MessageStatus
  /** Why it was put in Spam; null otherwise. */
  spam_reason: string | null
}
