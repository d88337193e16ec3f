import { Images } from 'lucide-react'

import { GALLERY_CATEGORIES, GalleryImageSchema } from './schema.ts'
import { declareTable, defineContent, listScreen } from '../declare.ts'
import { imageAltField } from '#app/lib/admin-fields.ts'

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/** Photos by category, newest first: the Gallery page (a tab per category) and the home page. */
export const gallery = defineContent({
  name: 'gallery',
  tables: {
    gallery_images: declareTable({
      schema: GalleryImageSchema,
      kind: 'list',
      order: 'created',
      sort: [{ column: 'created_at', direction: 'desc' }],
      translate: ['title', 'image_alt'],
      richText: [],
      public: true,
    }),
  },
  admin: {
    path: 'gallery',
    label: 'Gallery',
    icon: Images,
    area: 'content',
    screen: listScreen('gallery_images', GalleryImageSchema, {
      title: 'Gallery',
      description: 'Photos of church life, filed by category on the Gallery page.',
      noun: 'Image',
      listHeading: 'Current Images',
      emptyText: 'No images added yet',
      toasts: {
        created: 'Image added successfully',
        updated: 'Image updated successfully',
        deleted: 'Image deleted successfully',
        saveFailed: 'Failed to save image',
        deleteFailed: 'Failed to delete image',
      },
      fields: [
        { kind: 'text', name: 'title', label: 'Title', placeholder: 'Easter Sunday' },
        {
          kind: 'select',
          name: 'category',
          label: 'Category',
          options: [
            { value: '', label: 'Choose a category' },
            ...GALLERY_CATEGORIES.map((category) => ({ value: category, label: capitalize(category) })),
          ],
        },
        { kind: 'image', name: 'image_url', label: 'Image' },
        imageAltField(),
      ],
      describe: (image) => ({
        title: image.title,
        badge: capitalize(image.category),
        image: { url: image.image_url },
      }),
      view: (_image, pagePath) => pagePath('gallery'),
    }),
  },
  pages: {
    gallery: {
      path: 'gallery',
      file: 'content/gallery/page.tsx',
      nav: 'Gallery',
      query: ['category'],
      meta: {
        title: 'Gallery',
        description: 'Photos from worship, prayer, youth, children and events at {church}.',
        shows: ['gallery_images'],
      },
    },
  },
})
