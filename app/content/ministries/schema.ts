import { z } from 'zod'

import {
  optionalImageAlt,
  optionalImageUrl,
  optionalText,
  orderField,
  requiredText,
  RICH_TEXT_MAX_LENGTH,
} from '#app/schemas/fields.ts'

export const ACTIVITY_MAX_LENGTH = 200
export const ACTIVITIES_MAX_COUNT = 50

/** Activities come as a list or as text, one per line; blank lines are dropped (docs/specification.md §3). */
export const activitiesField = z
  .union([z.array(z.string({ error: 'Each activity must be text' })), z.string()])
  .nullish()
  .transform((value) => {
    const lines =
      value === null || value === undefined ? [] : Array.isArray(value) ? value : value.split(/\r?\n/)
    return lines.map((line) => line.trim()).filter(Boolean)
  })
  .pipe(
    z
      .array(
        z
          .string()
          .max(ACTIVITY_MAX_LENGTH, `Each activity must be at most ${ACTIVITY_MAX_LENGTH} characters`),
      )
      .max(ACTIVITIES_MAX_COUNT, `At most ${ACTIVITIES_MAX_COUNT} activities`),
  )

export const MinistrySchema = z.object({
  name: requiredText('Name'),
  description: optionalText('Description', RICH_TEXT_MAX_LENGTH),
  image_url: optionalImageUrl(),
  image_alt: optionalImageAlt(),
  activities: activitiesField,
  order: orderField.optional(),
})
