import { expect, test } from 'vitest'

import { GALLERY_CATEGORIES, GalleryImageSchema } from './schema.ts'

test('a gallery image needs a title, one of the five categories and an uploaded image', () => {
  const result = GalleryImageSchema.safeParse({})
  expect(Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]))).toEqual({
    title: 'Title is required',
    category: 'Category is required',
    image_url: 'Please upload an image',
    image_alt: 'Image description is required',
  })
})

test('gallery categories are exactly worship, prayer, youth, children and events', () => {
  expect(GALLERY_CATEGORIES).toEqual(['worship', 'prayer', 'youth', 'children', 'events'])
  for (const category of GALLERY_CATEGORIES) {
    expect(
      GalleryImageSchema.safeParse({
        title: 't',
        category,
        image_url: '/media/a.webp',
        image_alt: 'A choir singing',
      }).success,
    ).toBe(true)
  }
  for (const category of ['sports', 'Youth', 'all', '']) {
    expect(
      GalleryImageSchema.safeParse({
        title: 't',
        category,
        image_url: '/media/a.webp',
        image_alt: 'A choir singing',
      }).success,
    ).toBe(false)
  }
})
