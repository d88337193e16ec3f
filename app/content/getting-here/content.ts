import { MapPin } from 'lucide-react'

import { GettingHereSchema } from './schema.ts'
import { declareTable, defineContent } from '../declare.ts'

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
    file: 'content/getting-here/admin.tsx',
    label: 'Getting Here',
    icon: MapPin,
    area: 'content',
  },
})
