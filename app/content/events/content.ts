import { CalendarDays } from 'lucide-react'

import { EventSchema } from './schema.ts'
import { declareTable, defineContent } from '../declare.ts'

/** Events with real dates, one-time or repeating: their pages, the calendar feed and each event's `.ics`. */
export const events = defineContent({
  name: 'events',
  tables: {
    events: declareTable({
      schema: EventSchema,
      kind: 'list',
      order: 'created',
      sort: [{ column: 'starts_at', direction: 'asc' }],
      translate: ['title', 'description', 'date', 'time', 'location'],
      richText: ['description'],
      booleans: ['is_regular', 'all_day', 'registration'],
      json: ['exdates'],
      versioned: true,
      public: true,
    }),
  },
  admin: {
    path: 'events',
    file: 'content/events/admin.tsx',
    label: 'Events',
    icon: CalendarDays,
    area: 'content',
    // An event's sign-ups (app/content/registrations/), reached from its row.
    more: [
      { path: 'events/:id/registrations', file: 'content/registrations/admin.tsx' },
      { path: 'events/:id/registrations/export', file: 'content/registrations/export.route.ts' },
    ],
  },
  pages: {
    events: {
      path: 'events',
      file: 'content/events/events-page.tsx',
      nav: 'Events',
      meta: {
        title: 'Events',
        description:
          'Upcoming events and regular gatherings at {church}: conferences, family days, youth nights and more.',
        shows: ['events'],
      },
    },
    event: { path: 'events/:id', file: 'content/events/event-page.tsx' },
  },
  feeds: {
    // The feed people subscribe to; it changes with the events (and with the day, as every entry does).
    calendar: {
      path: 'calendar.ics',
      file: 'content/events/calendar-feed.route.ts',
      cache: { contentType: 'text/calendar' },
      inEachLanguage: true,
    },
    // One event's file ("Add to calendar"): a download.
    'event-calendar': {
      path: 'events/:id/calendar.ics',
      file: 'content/events/event-calendar.route.ts',
      cache: 'download',
      inEachLanguage: true,
    },
  },
})
