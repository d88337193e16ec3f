import { GalleryHorizontalEnd } from 'lucide-react'

import { CarouselSlideSchema } from './schema.ts'
import { declareTable, defineContent } from '../declare.ts'

/** The home page's slideshow, in the order staff give it. */
export const carousel = defineContent({
  name: 'carousel',
  tables: {
    carousel_slides: declareTable({
      schema: CarouselSlideSchema,
      kind: 'list',
      order: 'position',
      translate: ['title', 'subtitle', 'image_alt'],
      richText: [],
      public: true,
    }),
  },
  admin: {
    path: 'carousel',
    file: 'content/carousel/admin.tsx',
    label: 'Carousel',
    icon: GalleryHorizontalEnd,
    area: 'content',
  },
})
