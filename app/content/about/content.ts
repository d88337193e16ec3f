import { BookOpen } from 'lucide-react'

import { AboutUsSchema } from './schema.ts'
import { declareTable, defineContent } from '../declare.ts'

/** The church's story, mission, vision and values: the About page, with the leadership team and directions. */
export const about = defineContent({
  name: 'about',
  tables: {
    about_us: declareTable({
      schema: AboutUsSchema,
      kind: 'single',
      translate: ['mission', 'vision', 'values', 'history'],
      richText: ['mission', 'vision', 'values', 'history'],
      public: true,
    }),
  },
  admin: {
    path: 'about',
    file: 'content/about/admin.tsx',
    label: 'About Us',
    icon: BookOpen,
    area: 'content',
  },
  pages: {
    about: {
      path: 'about',
      file: 'content/about/page.tsx',
      nav: 'About',
      footerLabel: 'About Us',
      meta: {
        title: 'About Us',
        description:
          'The story of {church}, our mission, vision and values, the leadership team and how to find us.',
        shows: ['about_us', 'leadership_team', 'getting_here'],
      },
    },
  },
})
