import { Images } from 'lucide-react'

import { GalleryImageSchema } from './schema.ts'
import { declareTable, defineContent } from '../declare.ts'

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
    file: 'content/gallery/admin.tsx',
    label: 'Gallery',
    icon: Images,
    area: 'content',
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
