/** Every public page of the site, as the benchmarks visit them. */
export const PUBLIC_PAGES = [
  '/',
  '/about',
  '/services',
  '/events',
  '/ministries',
  '/gallery',
  '/contact',
  '/privacy-policy',
]
