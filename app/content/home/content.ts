import { defineContent } from '../declare.ts'

/** The home page: a little of everything, with the slideshow first. */
export const home = defineContent({
  name: 'home',
  pages: {
    home: {
      path: '',
      file: 'content/home/page.tsx',
      nav: 'Home',
      meta: {
        title: '',
        description:
          'Welcome to {church}: Sunday worship, events, ministries and a warm welcome for everyone who comes.',
        shows: [
          'carousel_slides',
          'services',
          'events',
          'sermons',
          'sermon_series',
          'speakers',
          'ministries',
          'gallery_images',
          'leadership_team',
        ],
      },
    },
  },
})
