import { SITE_PAGES } from '#app/content/registry.ts'

/** Every public page of the site (app/content/registry.ts), as the benchmarks visit them. */
export const PUBLIC_PAGES = Object.values(SITE_PAGES).map((page) => page.path)

/**
 * The same pages in the demo's second language (issue 28: `/ml` pages within the same budgets). The demo content
 * speaks English and Malayalam; a site with one language has none of these.
 */
export const SECOND_LANGUAGE_PAGES = PUBLIC_PAGES.map((page) => (page === '/' ? '/ml' : `/ml${page}`))
