import { Newspaper } from 'lucide-react'

import { SubscriberConsentSchema, SubscriberSchema } from './schema.ts'
import { declareTable, defineContent } from '../declare.ts'

/**
 * Weekly news by e-mail (issue 48): the sign-up page, the links of its e-mails (confirm, unsubscribe), the
 * subscribers and their consent record (personal data: administrators only, in backups).
 */
export const news = defineContent({
  name: 'news',
  tables: {
    subscribers: declareTable({ schema: SubscriberSchema, kind: 'inbox', richText: [], public: false }),
    subscriber_consents: declareTable({
      schema: SubscriberConsentSchema,
      kind: 'inbox',
      richText: [],
      public: false,
    }),
  },
  // Personal data: administrators', and editors' when Settings lets them (as for registrations).
  admin: {
    path: 'subscribers',
    file: 'content/news/admin.tsx',
    label: 'Subscribers',
    icon: Newspaper,
    area: 'subscribers',
    more: [{ path: 'subscribers/export', file: 'content/news/export.route.ts' }],
  },
  activity: { subscribers: 'Subscribers', subscriber_consents: 'Subscribers' },
  pages: {
    // It carries the time it was rendered, signed (the form's spam check), like the contact page.
    news: {
      path: 'news',
      file: 'content/news/news-page.tsx',
      cache: 'fresh',
      meta: {
        title: 'Weekly news',
        description:
          'The news of {church} by e-mail once a week: the coming week’s events and services and the newest sermon.',
        shows: [],
      },
    },
    // The links of the e-mails: opening one only asks (mail scanners open links); the button does it.
    'news-confirm': { path: 'news/confirm', file: 'content/news/confirm-page.tsx', cache: 'fresh' },
    'news-unsubscribe': {
      path: 'news/unsubscribe',
      file: 'content/news/unsubscribe-page.tsx',
      cache: 'fresh',
      // Mail programs post `List-Unsubscribe=One-Click` here from their own servers (RFC 8058).
      oneClick: true,
    },
  },
  api: [
    { path: 'subscribers', file: 'content/news/api.route.ts' },
    { path: 'subscribers/consents', file: 'content/news/consents-api.route.ts' },
    { path: 'subscribers/digests', file: 'content/news/digests-api.route.ts' },
    { path: 'subscribers/digest/:step', file: 'content/news/digest-api.route.ts' },
    { path: 'subscribers/:id', file: 'content/news/api.$id.route.ts' },
  ],
})
