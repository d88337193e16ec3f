import type { z } from 'zod'

import { ValidationError } from '#app/lib/errors.ts'
import { sanitizeHtml } from '#app/lib/sanitize-html.server.ts'

/**
 * Sanitises a row's rich-text fields in place. A field left with no readable text (it held only a script, or an
 * empty paragraph) is stored as null, and when the schema requires that field the write is refused with the
 * schema's own message — as if it had been sent empty, which is what the visitor would see.
 */
export function sanitizeRichText(
  schema: z.ZodObject,
  row: Record<string, unknown>,
  fields: readonly string[],
) {
  const errors: Record<string, string> = {}
  for (const field of fields) {
    if (!(field in row)) continue
    const clean = sanitizeHtml(row[field] as string | null)
    row[field] = clean !== null && hasText(clean) ? clean : null
    if (row[field] !== null) continue
    const asEmpty = schema.shape[field]?.safeParse('')
    if (asEmpty && !asEmpty.success)
      errors[field] = asEmpty.error.issues[0]?.message ?? `${field} is required`
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
}

function hasText(html: string) {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
      .trim() !== ''
  )
}
