import { z } from 'zod'

/** How long contact messages are kept unless staff delete them sooner (GDPR: not for ever). */
export const RETENTION_MONTHS_DEFAULT = 24
export const RETENTION_MONTHS_MAX = 120
/** Messages in Spam are deleted after this many days, whatever the retention setting. */
export const SPAM_RETENTION_DAYS = 30
export const NOTIFY_RECIPIENTS_MAX = 20

const email = z.email('Enter a valid email address').max(254, 'Email must be at most 254 characters')

/**
 * The staff addresses every new message is sent to. A form sends them as text, one per line (or separated by
 * commas); the API as a list.
 */
export const NotificationSettingsSchema = z.object({
  recipients: z
    .union([z.string(), z.array(z.string())], { error: 'Recipients must be a list of email addresses' })
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(/[\n,;]/)).map((line) => line.trim()).filter(Boolean),
    )
    .pipe(
      z
        .array(email, { error: 'Recipients must be a list of email addresses' })
        .max(NOTIFY_RECIPIENTS_MAX, `At most ${NOTIFY_RECIPIENTS_MAX} recipients`),
    )
    .transform((list) => [...new Map(list.map((address) => [address.toLowerCase(), address])).values()]),
})

export const RetentionSettingsSchema = z.object({
  retention_months: z.coerce
    .number({ error: 'Enter a number of months' })
    .int('Enter a whole number of months')
    .min(1, 'Keep messages for at least 1 month')
    .max(RETENTION_MONTHS_MAX, `Keep messages for at most ${RETENTION_MONTHS_MAX} months`),
})
