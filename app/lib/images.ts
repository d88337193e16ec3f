/** What an `<img>` needs to load the right size without shifting the layout. */
export interface ImageSource {
  src: string
  width: number
  height: number
  /** `url 480w, url 960w…` from the upload's variants (or a bundled picture's sizes); absent for outside images. */
  srcSet?: string
}

/** Pictures bundled in public/images, shown when content has no image of its own. */
export const FALLBACK_IMAGES = {
  logo: {
    src: '/images/default-logo.png',
    width: 256,
    height: 256,
    srcSet: '/images/default-logo-96.png 96w, /images/default-logo.png 256w',
  },
  event: { src: '/images/default-event.webp', width: 1200, height: 800 },
  ministry: { src: '/images/default-event.webp', width: 1200, height: 800 },
  person: { src: '/images/person-fallback.webp', width: 400, height: 400 },
  about: { src: '/images/default-about.webp', width: 1200, height: 800 },
} satisfies Record<string, ImageSource>
