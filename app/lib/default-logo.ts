/**
 * The bundled default logo (a flame over a cross in a blue disc), as SVG: public/images/default-logo*.png and the
 * favicon are drawn from it (scripts/make-default-images.ts), and so are share images and app icons of a church
 * without a logo of its own.
 */
export const defaultLogoSvg = (
  size: number,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1f4e79"/><stop offset="1" stop-color="#2f7fb8"/></linearGradient></defs>
  <circle cx="32" cy="32" r="31" fill="url(#g)"/>
  <path d="M32 10c3 5 7 8 7 14a7 7 0 0 1-14 0c0-6 4-9 7-14z" fill="#f5c451"/>
  <rect x="29.5" y="30" width="5" height="24" rx="1.5" fill="#fff"/>
  <rect x="21" y="37" width="22" height="5" rx="1.5" fill="#fff"/>
</svg>`
