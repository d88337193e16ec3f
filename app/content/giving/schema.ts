import { z } from 'zod'

import { booleanField, optionalText, orderField, requiredText } from '#app/schemas/fields.ts'

/** A fund a gift may be given to ("General", "Building fund"): offered on the giving page while `open`. */
export const FundSchema = z.object({
  name: requiredText('Name', 200),
  description: optionalText('Description', 1000),
  // A fund is open unless staff close it: a write that does not mention it opens (or keeps open) the fund.
  open: z
    .union([z.boolean(), z.string(), z.number()])
    .nullish()
    .transform((value) =>
      value === null || value === undefined || value === ''
        ? true
        : typeof value === 'string'
          ? ['on', 'true', '1', 'yes'].includes(value.trim().toLowerCase())
          : Boolean(value),
    ),
  order: orderField.optional(),
})

export const GIFT_FREQUENCIES = ['once', 'monthly'] as const
export type GiftFrequency = (typeof GIFT_FREQUENCIES)[number]

export const GIFT_STATUSES = ['processing', 'succeeded', 'failed', 'refunded', 'disputed'] as const
export type GiftStatus = (typeof GIFT_STATUSES)[number]

/** The smallest and largest gift the giving form takes, in euro (issue 49). */
export const GIFT_MIN_EUR = 1
export const GIFT_MAX_EUR = 10_000
/** The amounts offered as buttons, in euro; any other is typed. */
export const GIFT_PRESETS_EUR = [10, 25, 50, 100] as const

const AMOUNT_MESSAGE = `Amount must be between €${GIFT_MIN_EUR} and €${GIFT_MAX_EUR.toLocaleString('en-IE')}, in euro and cents`

/**
 * An amount in euro as a person types it (`25`, `25.5`, `25,50`, `€1,000`) → integer cents, or null when it is not
 * one. Never through floating point: `19.99 * 100` is 1998.9999999999998.
 */
export function euroToCents(text: string): number | null {
  let value = text.trim().replace(/^€\s*/, '').replace(/\s/g, '')
  // A comma before exactly two or one digits at the end is a decimal comma; other commas group thousands.
  if (/,\d{1,2}$/.test(value) && !value.includes('.')) value = value.replace(/,(\d{1,2})$/, '.$1')
  value = value.replace(/,(?=\d{3}(?:\D|$))/g, '')
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(value)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'))
}

/** What the giving form posts (`POST /give`): amount in euro, a fund's id, once or monthly, name and e-mail. */
export const GiveFormSchema = z.object({
  amount: z.string({ error: AMOUNT_MESSAGE }).transform((text, ctx) => {
    const cents = euroToCents(text)
    if (cents === null || cents < GIFT_MIN_EUR * 100 || cents > GIFT_MAX_EUR * 100) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGE })
      return z.NEVER
    }
    return cents
  }),
  fund: requiredText('Fund', 100),
  frequency: z.enum(GIFT_FREQUENCIES, { error: 'Frequency must be once or monthly' }),
  name: optionalText('Name', 200),
  email: z
    .string({ error: 'Email must be text' })
    .trim()
    .max(254, 'Email must be at most 254 characters')
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(z.email('Please enter a valid email address').nullable()),
  ie_taxpayer: booleanField,
})

/** What a treasurer may change of a gift (`PATCH /api/gifts/:id`): whether it bought a benefit (a meal, a place). */
export const GiftChangeSchema = z.strictObject(
  { benefit: z.boolean({ error: 'benefit must be true or false' }) },
  { error: 'Only benefit may be changed' },
)
