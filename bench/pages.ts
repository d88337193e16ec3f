import { SITE_PAGES } from '#app/content/registry.ts'

/** Every public page of the site (app/content/registry.ts), as the benchmarks visit them. */
export const PUBLIC_PAGES = Object.values(SITE_PAGES).map((page) => page.path)

/**
 * The same pages in the demo's second language (issue 28: `/ml` pages within the same budgets). The demo content
 * speaks English and Malayalam; a site with one language has none of these.
 */
export const SECOND_LANGUAGE_PAGES = PUBLIC_PAGES.map((page) => (page === '/' ? '/ml' : `/ml${page}`))

/**
 * A record of the demo's, found in the running site through its API: the address of its page.
 * (Records get new ids with every seeding.)
 */
export function demoRecord(
  table: string,
  pick: (record: Record<string, unknown>) => boolean,
  page: (id: string) => string,
) {
  return async (baseUrl: string) => {
    const records = (await (await fetch(new URL(`/api/${table}`, baseUrl))).json()) as Array<
      Record<string, unknown>
    >
    const found = records.find(pick)
    if (!found) throw new Error(`The demo content has no such ${table} record`)
    return page(String(found.id))
  }
}

/** Pages of one record each (issue 30): a sermon's page with its player, an event's with its sign-up form. */
export const RECORD_PAGES: Record<string, (baseUrl: string) => Promise<string>> = {
  sermon: demoRecord(
    'sermons',
    (sermon) => Boolean(sermon.audio_url),
    (id) => `/sermons/${id}`,
  ),
  event: demoRecord(
    'events',
    (event) => event.registration === true,
    (id) => `/events/${id}`,
  ),
}
