import { z } from 'zod'

import { requiredImageUrl, requiredText, requiredImageAlt } from '#app/schemas/fields.ts'

export const GALLERY_CATEGORIES = ['worship', 'prayer', 'youth', 'children', 'events'] as const
export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number]

export const GalleryImageSchema = z.object({
  title: requiredText('Title'),
  category: z.enum(GALLERY_CATEGORIES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? 'Category is required'
        : 'Category must be one of worship, prayer, youth, children, events',
  }),
  image_url: requiredImageUrl(),
  image_alt: requiredImageAlt(),
})
