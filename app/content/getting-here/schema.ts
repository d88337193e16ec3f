import { z } from 'zod'

import { orderField, requiredText, RICH_TEXT_MAX_LENGTH } from '#app/schemas/fields.ts'

export const GettingHereSchema = z.object({
  transport_type: requiredText('Transport type', 100),
  title: requiredText('Title'),
  description: requiredText('Description', RICH_TEXT_MAX_LENGTH),
  order: orderField.optional(),
})
