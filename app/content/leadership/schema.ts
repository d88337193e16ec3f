import { z } from 'zod'

import {
  optionalImageUrl,
  optionalText,
  orderField,
  requiredText,
  RICH_TEXT_MAX_LENGTH,
  optionalImageAlt,
} from '#app/schemas/fields.ts'

export const LeadershipMemberSchema = z.object({
  name: requiredText('Name'),
  role: requiredText('Role'),
  bio: optionalText('Bio', RICH_TEXT_MAX_LENGTH),
  image_url: optionalImageUrl(),
  image_alt: optionalImageAlt(),
  order: orderField.optional(),
})
