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

export type CarouselSlideData = z.output<typeof CarouselSlideSchema>
export type CarouselSlide = Omit<CarouselSlideData, 'order'> & {
  id: string
  order: number
  created_at: string
  updated_at: string
}
