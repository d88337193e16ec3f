import { z } from 'zod'

import {
  optionalText,
  orderField,
  requiredImageUrl,
  requiredText,
  requiredImageAlt,
} from '#app/schemas/fields.ts'

export const CarouselSlideSchema = z.object({
  title: requiredText('Title'),
  subtitle: optionalText('Subtitle', 500),
  image_url: requiredImageUrl(),
  image_alt: requiredImageAlt(),
  order: orderField.optional(),
})
