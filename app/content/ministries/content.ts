import { HandHeart } from 'lucide-react'

import { MinistrySchema } from './schema.ts'
import { declareTable, defineContent } from '../declare.ts'

/** The ministries, in the order staff give them: the Ministries page and the home page. */
export const ministries = defineContent({
  name: 'ministries',
  tables: {
    ministries: declareTable({
      schema: MinistrySchema,
      kind: 'list',
      order: 'position',
      // `activities` is a list: its translation is kept as text, one activity per line.
      translate: ['name', 'description', 'activities', 'image_alt'],
      richText: ['description'],
      json: ['activities'],
      public: true,
    }),
  },
  admin: {
    path: 'ministries',
    file: 'content/ministries/admin.tsx',
    label: 'Ministries',
    icon: HandHeart,
    area: 'content',
  },
  pages: {
    ministries: {
      path: 'ministries',
      file: 'content/ministries/page.tsx',
      nav: 'Ministries',
      meta: {
        title: 'Ministries',
        description:
          "The ministries of {church}: children, youth, worship, prayer, women's fellowship and outreach. Find your place to serve.",
        shows: ['ministries'],
      },
    },
  },
})
