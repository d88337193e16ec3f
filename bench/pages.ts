import { SITE_PAGES } from '#app/content/registry.ts'

/** Every public page of the site (app/content/registry.ts), as the benchmarks visit them. */
export const PUBLIC_PAGES = Object.values(SITE_PAGES).map((page) => page.path)
