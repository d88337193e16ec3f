import { BookOpen } from 'lucide-react'

import { AboutUsSchema } from './schema.ts'
import { declareTable, defineContent, singleScreen } from '../declare.ts'

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
    label: 'About Us',
    icon: BookOpen,
    area: 'content',
    screen: singleScreen('about_us', {
      title: 'About Us',
      description: 'The story, mission, vision and values on the About page.',
      formTitle: 'About Us Content',
      toasts: {
        saved: 'About Us content updated successfully',
        failed: 'Failed to update About Us content',
      },
      fields: [
        { kind: 'rich-text', name: 'history', label: 'History', hint: 'Shown as “Our Story”.' },
        { kind: 'image', name: 'image_url', label: 'Image', hint: 'Shown beside the story.' },
        { kind: 'rich-text', name: 'mission', label: 'Mission' },
        { kind: 'rich-text', name: 'vision', label: 'Vision' },
        { kind: 'rich-text', name: 'values', label: 'Values' },
      ],
      view: (pagePath) => pagePath('about'),
    }),
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
