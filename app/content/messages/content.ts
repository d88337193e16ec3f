import { Mail } from 'lucide-react'

import { ContactMessageSchema } from './schema.ts'
import { declareTable, defineContent } from '../declare.ts'

/** The contact page's form and the visitors' messages: the admin's inbox, its CSV and its API. */
export const messages = defineContent({
  name: 'messages',
  tables: {
    contact_messages: declareTable({
      schema: ContactMessageSchema,
      kind: 'inbox',
      richText: [],
      public: false,
    }),
  },
  admin: {
    path: 'messages',
    file: 'content/messages/admin.tsx',
    label: 'Messages',
    icon: Mail,
    area: 'messages',
    more: [{ path: 'messages/export', file: 'content/messages/export.route.ts' }],
  },
  pages: {
    contact: {
      path: 'contact',
      file: 'content/messages/contact-page.tsx',
      nav: 'Contact',
      // It carries the time it was rendered, signed (the form's spam check): a cached copy would hand every visitor
      // an old time.
      cache: 'fresh',
      meta: {
        title: 'Contact',
        description:
          'Get in touch with {church}: send us a message, find our address, phone, email, office hours and directions.',
        shows: [],
      },
    },
  },
  api: [
    { path: 'contact_messages', file: 'content/messages/api.route.ts' },
    { path: 'contact_messages/:id', file: 'content/messages/api.$id.route.ts' },
  ],
})
