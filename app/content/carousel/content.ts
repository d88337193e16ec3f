import { GalleryHorizontalEnd } from 'lucide-react'

import { CarouselSlideSchema } from './schema.ts'
import { declareTable, defineContent, listScreen } from '../declare.ts'
import { imageAltField } from '#app/lib/admin-fields.ts'

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
    label: 'Carousel',
    icon: GalleryHorizontalEnd,
    area: 'content',
    screen: listScreen('carousel_slides', CarouselSlideSchema, {
      title: 'Carousel',
      description: 'The slides at the top of the home page, shown in this order.',
      noun: 'Slide',
      listHeading: 'Current Slides',
      emptyText: 'No slides added yet',
      toasts: {
        created: 'Slide added successfully',
        updated: 'Slide updated successfully',
        deleted: 'Slide deleted successfully',
        saveFailed: 'Failed to save slide',
        deleteFailed: 'Failed to delete slide',
        reordered: 'Slide order updated',
        reorderFailed: 'Failed to update slide order',
      },
      fields: [
        { kind: 'text', name: 'title', label: 'Title', placeholder: 'Welcome Home' },
        { kind: 'text', name: 'subtitle', label: 'Subtitle', placeholder: 'A warm welcome for everyone' },
        { kind: 'image', name: 'image_url', label: 'Image', hint: 'A wide photo looks best.' },
        imageAltField(),
      ],
      describe: (slide) => ({ title: slide.title, meta: [slide.subtitle], image: { url: slide.image_url } }),
      view: () => '/',
    }),
  },
})
