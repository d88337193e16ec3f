import { GALLERY_CATEGORIES, type GalleryCategory } from '#app/schemas/gallery-image.ts'

/** The gallery's filter tabs (spec §2), 'all' first. */
export const GALLERY_TABS: ReadonlyArray<{ value: GalleryCategory | 'all'; label: string }> = [
  { value: 'all', label: 'All Photos' },
  ...GALLERY_CATEGORIES.map((category) => ({ value: category, label: categoryLabel(category) })),
]

export function categoryLabel(category: string) {
  return category.charAt(0).toUpperCase() + category.slice(1)
}
