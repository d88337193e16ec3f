import { Music } from 'lucide-react'

import { ServiceSchema } from './schema.ts'
import { declareTable, defineContent } from '../declare.ts'

/** Service times: the Services page and the home page's week. */
export const services = defineContent({
  name: 'services',
  tables: {
    services: declareTable({
      schema: ServiceSchema,
      kind: 'list',
      order: 'position',
      translate: ['name', 'description', 'day', 'time', 'location'],
      richText: ['description'],
      booleans: ['streamed'],
      json: ['exdates'],
      public: true,
      references: {
        speaker_id: { table: 'speakers', missing: 'There is no such speaker (it may have been deleted)' },
      },
    }),
  },
  admin: {
    path: 'services',
    file: 'content/services/admin.tsx',
    label: 'Services',
    icon: Music,
    area: 'content',
  },
  pages: {
    services: {
      path: 'services',
      file: 'content/services/page.tsx',
      nav: 'Services',
      meta: {
        title: 'Services',
        description:
          'Service times at {church}: Sunday worship, Bible study and prayer meetings, special services, and how to find us.',
        shows: ['services'],
      },
    },
    // The Sunday stream (issue 47): its state changes with the clock, and the page says until when it holds.
    live: {
      path: 'live',
      file: 'content/services/live-page.tsx',
      nav: 'Live',
      meta: {
        title: 'Watch Live',
        description:
          'Services at {church} streamed live on YouTube: when the next one starts, and the stream while it is on.',
        shows: ['services'],
        when: 'streamed',
      },
    },
  },
  feeds: {
    // The next streamed service as a file ("Add to calendar" on the live page): a download.
    'live-calendar': {
      path: 'live/calendar.ics',
      file: 'content/services/live-calendar.route.ts',
      cache: 'download',
      inEachLanguage: true,
    },
  },
  api: [{ path: 'live', file: 'content/services/live-api.route.ts' }],
})
