import { MapPin } from 'lucide-react'

import { GettingHereSchema } from './schema.ts'
import { declareTable, defineContent, listScreen } from '../declare.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'

/** Directions by bus, car or on foot, in the order staff give them: on the About page. */
export const gettingHere = defineContent({
  name: 'getting-here',
  tables: {
    getting_here: declareTable({
      schema: GettingHereSchema,
      kind: 'list',
      order: 'position',
      // `transport_type` picks the card's icon: it is not shown, and so not translated.
      translate: ['title', 'description'],
      richText: ['description'],
      public: true,
    }),
  },
  admin: {
    path: 'getting-here',
    label: 'Getting Here',
    icon: MapPin,
    area: 'content',
    screen: listScreen('getting_here', GettingHereSchema, {
      title: 'Getting Here',
      description: 'Directions by bus, train or car on the About page, shown in this order.',
      noun: 'Direction',
      listHeading: 'Directions',
      emptyText: 'No information added yet',
      toasts: {
        created: 'Information added successfully',
        updated: 'Information updated successfully',
        deleted: 'Information deleted successfully',
        saveFailed: 'Failed to save information',
        deleteFailed: 'Failed to delete information',
        reordered: 'Order updated successfully',
        reorderFailed: 'Failed to update order',
      },
      fields: [
        {
          kind: 'text',
          name: 'transport_type',
          label: 'Transport type',
          placeholder: 'Bus, train, car…',
          half: true,
        },
        { kind: 'text', name: 'title', label: 'Title', placeholder: 'By bus', half: true },
        { kind: 'rich-text', name: 'description', label: 'Description' },
      ],
      describe: (entry) => ({
        title: entry.title,
        badge: entry.transport_type,
        excerpt: htmlToText(entry.description),
      }),
      view: (_entry, pagePath) => `${pagePath('about')}#getting-here`,
    }),
  },
})
