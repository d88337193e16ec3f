import { RegistrationSchema } from './schema.ts'
import { declareTable, defineContent } from '../declare.ts'

/**
 * Visitors' sign-ups for an event's dates (issue 29; a kind of its own since issue 46): the form on an event's
 * page, the e-mails with their cancel link, the API's routes. Staff's screen is an event's (`events/:id/registrations`,
 * declared with the events' screen, which links to it).
 */
export const registrations = defineContent({
  name: 'registrations',
  tables: {
    // Personal data: their own model, screen and API routes, like the contact messages.
    registrations: declareTable({
      schema: RegistrationSchema,
      kind: 'inbox',
      richText: [],
      public: false,
    }),
  },
  activity: { registrations: 'Registrations' },
  pages: {
    // The link in a registration's e-mail: asks before it cancels (mail scanners open links), made per request.
    'registration-cancel': {
      path: 'registrations/:id/cancel',
      file: 'content/registrations/cancel-page.tsx',
      cache: 'fresh',
    },
  },
  api: [
    { path: 'events/:id/registrations', file: 'content/registrations/api.route.ts' },
    {
      path: 'events/:id/registrations/:registrationId',
      file: 'content/registrations/api.$registrationId.route.ts',
    },
  ],
})
