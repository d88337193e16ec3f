import { Church } from 'lucide-react'

import { ChurchInfoSchema } from './schema.ts'
import { declareTable, defineContent } from '../declare.ts'

/** The church's name, words, address, times and links: every page shows them in its header and footer. */
export const churchInfo = defineContent({
  name: 'church-info',
  tables: {
    church_info: declareTable({
      schema: ChurchInfoSchema,
      kind: 'single',
      translate: [
        'subtitle',
        'description',
        'tagline',
        'address',
        'office_hours',
        'public_transport',
        'parking',
      ],
      richText: ['description'],
      json: ['languages'],
      // Clients that know nothing of the weekly news leave its day and hour as they are.
      keepWhenAbsent: ['languages', 'digest_day', 'digest_hour'],
      public: true,
    }),
  },
  admin: {
    path: 'church-info',
    file: 'content/church-info/admin.tsx',
    label: 'Church Info',
    icon: Church,
    area: 'content',
  },
})
