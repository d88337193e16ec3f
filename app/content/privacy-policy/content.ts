import { defineContent } from '../declare.ts'

/** What the site stores on a visitor's device, and how to change it. */
export const privacyPolicy = defineContent({
  name: 'privacy-policy',
  pages: {
    'privacy-policy': {
      path: 'privacy-policy',
      file: 'content/privacy-policy/page.tsx',
      meta: {
        title: 'Privacy Policy',
        description: 'How the {church} website uses cookies, and how you can manage them.',
        shows: [],
      },
    },
  },
})
