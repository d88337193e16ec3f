// Before any schema is built: zod must not probe `new Function` in a browser (our CSP forbids eval).
import '#app/lib/zod-jitless.ts'
import { z } from 'zod'

import { ValidationError } from '#app/lib/errors.ts'

export const SHORT_TEXT_MAX_LENGTH = 200
export const MEDIUM_TEXT_MAX_LENGTH = 2000
export const RICH_TEXT_MAX_LENGTH = 50_000
export const URL_MAX_LENGTH = 2000

/** A required single-line text: trimmed, not empty. */
export function requiredText(label: string, max = SHORT_TEXT_MAX_LENGTH) {
  return z
    .string({
      // Missing is "required"; something else sent in its place (a number, a list) is "must be text".
      error: (issue) => (issue.input == null ? `${label} is required` : `${label} must be text`),
    })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
}

/** An optional text: trimmed; empty, null or missing becomes null. */
export function optionalText(label: string, max = SHORT_TEXT_MAX_LENGTH) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null))
}

/** Our own picture addresses: an uploaded `/media/…` image or a bundled `/images/…` one. */
export const OWN_IMAGE_PATH = /^\/(media|images)\/[\w./-]+$/

/**
 * An image address: an uploaded `/media/…` path or a bundled `/images/…` path. Addresses on other hosts are
 * refused: a page showing one would send every visitor's address to that host (and the CSP blocks it).
 */
export function imageUrl(label = 'Image') {
  const message = `${label} must be an image uploaded to this site`
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(URL_MAX_LENGTH)
    .refine((value) => value === '' || OWN_IMAGE_PATH.test(value), { message })
    .refine((value) => !value.includes('..'), { message })
}

export const optionalImageUrl = (label = 'Image') =>
  imageUrl(label)
    .nullish()
    .transform((value) => (value ? value : null))

export const requiredImageUrl = (label = 'Image') =>
  z.string({ error: 'Please upload an image' }).trim().min(1, 'Please upload an image').pipe(imageUrl(label))

export const IMAGE_ALT_MAX_LENGTH = 300

/** A picture's description, its `alt` on the public site: required where the picture is the point. */
export const requiredImageAlt = () =>
  z
    .string({ error: 'Image description is required' })
    .trim()
    .min(1, 'Image description is required')
    .max(IMAGE_ALT_MAX_LENGTH, `Image description must be at most ${IMAGE_ALT_MAX_LENGTH} characters`)

export const optionalImageAlt = () => optionalText('Image description', IMAGE_ALT_MAX_LENGTH)

/**
 * A decimal coordinate: numbers pass, text is parsed; empty or unparsable becomes null
 * (docs/specification.md §5).
 */
export function coordinate(min: number, max: number) {
  // NOTE: .nullish() rather than z.undefined() in the union: only then may the key be left out (zod 4).
  return z
    .union([z.number(), z.string()])
    .nullish()
    .transform((value) => {
      if (value === null || value === undefined) return null
      const number = typeof value === 'number' ? value : parseDecimal(value)
      return Number.isFinite(number) && number >= min && number <= max ? number : null
    })
}

/**
 * A decimal typed by a person: '51.8969', '-8.4863' or, as many in Europe type it, '51,8969'. Anything else
 * ('51.8 N', '0x10', '1e3', '51,896,9') is unparsable, rather than read up to its first odd character.
 */
function parseDecimal(text: string) {
  const trimmed = text.trim()
  if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed)) return Number.NaN
  return Number(trimmed.replace(',', '.'))
}

/** A boolean from JSON (true/false) or from a form ('on', 'true', '1'). */
export const booleanField = z
  .union([z.boolean(), z.string(), z.number()])
  .nullish()
  .transform((value) => {
    if (typeof value === 'string') return ['on', 'true', '1', 'yes'].includes(value.trim().toLowerCase())
    return Boolean(value)
  })

export const orderField = z.coerce
  .number({ error: 'Order must be a whole number' })
  .int('Order must be a whole number')
  .min(1, 'Order must be 1 or more')
  .max(1_000_000)

/** Turns zod issues into the `{ field: message }` map the API and forms show (first message per field). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form'
    fields[key] ??= issue.message
  }
  return fields
}

/** Validates input with a schema; throws a ValidationError (a 400) with one message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (!result.success) throw new ValidationError(fieldErrors(result.error))
  return result.data
}

/** A record's id, or none: empty text (a form's "None") is none. */
export const optionalId = (label: string) =>
  z
    .string({ error: `${label} must be the id of one` })
    .trim()
    .max(100, `${label} must be the id of one`)
    .nullish()
    .transform((value) => (value ? value : null))
