import type { GalleryCategory } from './schema.ts'

// Spelled out rather than imported: the schema module brings zod into the browser bundle of every page.
const CATEGORIES = [
  'worship',
  'prayer',
  'youth',
  'children',
  'events',
] as const satisfies readonly GalleryCategory[]

/** The gallery's filter tabs (docs/specification.md §2), 'all' first. */
export const GALLERY_TABS: ReadonlyArray<{ value: GalleryCategory | 'all'; label: string }> = [
  { value: 'all', label: 'All Photos' },
  ...CATEGORIES.map((category) => ({ value: category, label: categoryLabel(category) })),
]

export function categoryLabel(category: string) {
  return category.charAt(0).toUpperCase() + category.slice(1)
}
