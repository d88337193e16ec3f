import { z } from 'zod'

/**
 * Ireland's Charitable Donation Scheme (issue 49, decision 0038): a donor's gifts to the church in a tax year that
 * total at least €250 let the church reclaim the tax on them, grossed up at 31 %: 31/69 of the gifts.
 */
export const TAX_THRESHOLD_CENTS = 25_000

/** The tax the church reclaims on a donor's year of gifts: `round(total × 31/69)` in cents (never exactly half). */
export function reclaimCents(totalCents: number) {
  return Math.round((totalCents * 31) / 69)
}

export const CERTIFICATE_TYPES = ['CHY3', 'CHY4'] as const
export type CertificateType = (typeof CERTIFICATE_TYPES)[number]

/** The last tax year a certificate covers: a CHY3 its first and the four after, a CHY4 its one year. */
export function lastYearOf(type: CertificateType, firstYear: number) {
  return type === 'CHY3' ? firstYear + 4 : firstYear
}

/** A PPSN as people write it (`1234567 t`, `1234567-FA`) → `1234567T`, `1234567FA`. */
export function normalisePpsn(text: string) {
  return text.replace(/[\s-]+/g, '').toUpperCase()
}

const LETTERS = 'WABCDEFGHIJKLMNOPQRSTUV'

/**
 * Whether a normalised PPSN is well formed: seven digits, a check letter, and perhaps a second letter (A, B or H
 * in the numbers issued since 2013; W in older ones). The check letter is Revenue's weighted sum modulo 23:
 * digits × 8…2, the second letter's place in the alphabet × 9 (W counts 0), 0 → W, 1 → A … 22 → V.
 */
export function ppsnChecks(ppsn: string) {
  const match = /^(\d{7})([A-W])([A-IW]?)$/.exec(ppsn)
  if (!match) return false
  const [, digits, check, second] = match
  let sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (8 - index), 0)
  if (second && second !== 'W') sum += (second.charCodeAt(0) - 64) * 9
  return LETTERS[sum % 23] === check
}

/** What the screens and the API show of a PPSN: its last three characters (`•••••67A`). */
export function maskPpsn(hint: string) {
  return `•••••${hint}`
}

const PPSN_MESSAGE = 'Enter the donor’s PPSN: seven digits and one or two letters, such as 1234567T'

const year = (label: string) =>
  z
    .union([z.number(), z.string()], { error: `${label} must be a year such as 2026` })
    .transform((value) => (typeof value === 'string' ? Number(value.trim()) : value))
    .pipe(
      z
        .number({ error: `${label} must be a year such as 2026` })
        .int(`${label} must be a year such as 2026`)
        .min(2000, `${label} must be a year such as 2026`)
        .max(9999, `${label} must be a year such as 2026`),
    )

/**
 * A certificate as the treasurer enters it (`POST /api/giving/certificates` and the Tax year screen). Messages
 * never repeat what was typed: a PPSN reaches no answer, log or screen but the claim's CSV.
 */
export const CertificateSchema = z.object({
  donor_id: z
    .string({ error: 'Choose the donor' })
    .trim()
    .min(1, 'Choose the donor')
    .max(100, 'Choose the donor'),
  type: z.enum(CERTIFICATE_TYPES, { error: 'The certificate is a CHY3 or a CHY4' }),
  first_year: year('The first year'),
  ppsn: z
    .string({ error: PPSN_MESSAGE })
    .max(40, PPSN_MESSAGE)
    .transform(normalisePpsn)
    .refine(ppsnChecks, { message: PPSN_MESSAGE }),
  associated: z
    .union([z.boolean(), z.string()], { error: 'associated must be true or false' })
    .nullish()
    .transform((value) =>
      typeof value === 'string'
        ? ['on', 'true', '1', 'yes'].includes(value.trim().toLowerCase())
        : Boolean(value),
    ),
})

export type CertificateInput = z.output<typeof CertificateSchema>
