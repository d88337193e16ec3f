import type { Db } from '#app/db/database.server.ts'
import type { Clock } from '#app/lib/clock.ts'
import type { Locale } from '#app/models/locale.server.ts'
import { type ContentTableName, PAGE_ROUTES_BY_KEY, type PageKey } from '#app/content/registry.ts'

/**
 * What a page of one record (an event's, a sermon's) tells the site about its records: which have a page now, for
 * the sitemap, and what a record's share card shows. A kind says it in its `record-pages.server.ts`
 * (`RECORD_PAGES`, by page key); the sitemap and the share images loop over them (app/server/public-site.server.ts).
 */
export interface RecordPage {
  /** The table of the records. */
  table: ContentTableName
  /** Every record that has a page now, with the dates its page's `lastmod` is the newest of. */
  sitemap(args: {
    db: Db
    clock: Clock
    changed: Readonly<Record<ContentTableName, string | null>>
  }): Promise<Array<{ id: string; dates: Array<string | null> }>>
  /**
   * The record behind a share card (`/og/<page's path with the id>.jpg`), read in the card's language, and its
   * picture; null: no card.
   */
  card?(args: { db: Db; id: string; locale: Locale }): Promise<{
    record: { title: string }
    image: string | null
  } | null>
}

export type RecordPages = Partial<Record<PageKey, RecordPage>>

// Every kind's record pages, found by their file's name as the migrations are: a new kind's is one new file.
const modules = import.meta.glob<{ RECORD_PAGES: RecordPages }>('../content/*/record-pages.server.ts', {
  eager: true,
})

/** The pages of one record each, by page key, with the address they answer (`events/:id`). */
export const RECORD_PAGES: ReadonlyArray<{ key: PageKey; path: string; page: RecordPage }> = Object.values(
  modules,
).flatMap((module) =>
  (Object.entries(module.RECORD_PAGES) as Array<[PageKey, RecordPage]>).map(([key, page]) => {
    // Said at once rather than never listed: a hook for a page no kind declares.
    if (!Object.hasOwn(PAGE_ROUTES_BY_KEY, key))
      throw new Error(`Record pages of "${key}", which no kind declares`)
    return { key, path: PAGE_ROUTES_BY_KEY[key].path, page }
  }),
)

/** The record page a share card's key names (`events/<id>` → the event page and the id), or null. */
export function recordOfShareKey(key: string) {
  for (const entry of RECORD_PAGES) {
    if (!entry.page.card) continue
    const [before, after] = entry.path.split(':id')
    if (after !== '' || !key.startsWith(before)) continue
    const id = key.slice(before.length)
    if (/^[\w-]+$/.test(id)) return { ...entry, card: entry.page.card, id }
  }
  return null
}
