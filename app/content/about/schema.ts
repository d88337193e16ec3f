import { z } from 'zod'

import { optionalImageUrl, requiredText, RICH_TEXT_MAX_LENGTH } from '#app/schemas/fields.ts'

export const AboutUsSchema = z.object({
  mission: requiredText('Mission', RICH_TEXT_MAX_LENGTH),
  vision: requiredText('Vision', RICH_TEXT_MAX_LENGTH),
  values: requiredText('Values', RICH_TEXT_MAX_LENGTH),
  history: requiredText('History', RICH_TEXT_MAX_LENGTH),
  image_url: optionalImageUrl(),
})
