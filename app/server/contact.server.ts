import { TooManyRequestsError } from '#app/lib/errors.ts'
import { parseInput } from '#app/models/content-model.server.ts'
import { createContactMessage } from '#app/models/contact-messages.server.ts'
import { consumeRateLimit } from '#app/models/rate-limits.server.ts'
import { ContactMessageSchema, HONEYPOT_FIELD } from '#app/schemas/contact-message.ts'
import type { AppRuntime } from '#app/runtime.server.ts'

export const CONTACT_WINDOW_MS = 10 * 60 * 1000

/**
 * A visitor's message, from the contact page or POST /api/contact_messages: validated, limited per IP
 * (CONTACT_RATE_LIMIT per 10 minutes; 429 past it) and stored. A filled-in honeypot field is answered like a
 * success and stored nowhere, so robots learn nothing.
 */
export async function submitContactMessage({
  runtime,
  clientIp,
  data,
}: {
  runtime: Pick<AppRuntime, 'db' | 'env' | 'clock'>
  clientIp: string
  data: Record<string, unknown>
}) {
  const honeypot = data[HONEYPOT_FIELD]
  if (typeof honeypot === 'string' && honeypot.trim() !== '') return
  const message = parseInput(ContactMessageSchema, data)
  const { allowed } = await consumeRateLimit(
    runtime.db,
    { key: `contact:${clientIp}`, limit: runtime.env.CONTACT_RATE_LIMIT, windowMs: CONTACT_WINDOW_MS },
    runtime.clock.now().getTime(),
  )
  if (!allowed) {
    throw new TooManyRequestsError(
      'Too many messages from your connection. Please try again in a few minutes.',
      CONTACT_WINDOW_MS / 1000,
    )
  }
  await createContactMessage({ db: runtime.db, data: message })
}
