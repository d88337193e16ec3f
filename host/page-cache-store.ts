import type { Entry } from '#host/page-cache-answers.ts'

interface EntryStoreOptions {
  /** Whether an entry may still be served (made under the current content version, before its `until`). */
  fresh: (entry: Entry) => boolean
  /** Whether keys begin with the origin the page was made for (host/page-cache.ts, `originOf`). */
  perOrigin: boolean
  maxEntries: number
  maxQueryEntries: number
  maxEntriesPerPage: number
}

/**
 * The page cache's entries by key, and what makes room for new ones: the oldest entry past `maxEntries`, the least
 * recently used with a query string or another origin past `maxQueryEntries`, and the least recently used of one
 * page's filters past `maxEntriesPerPage`.
 */
export function createEntryStore({
  fresh,
  perOrigin,
  maxEntries,
  maxQueryEntries,
  maxEntriesPerPage,
}: EntryStoreOptions) {
  const entries = new Map<string, Entry>()
  /** The keys of `entries` that have a query string or another origin, least recently used first. */
  const queryKeys = new Set<string>()
  /** For each page (origin and path), the keys of its entries that have a query string, least recently used first. */
  const pageKeys = new Map<string, Set<string>>()
  /** The origin of the first page stored: made-up Host headers can never push its pages out. */
  let firstOrigin: string | undefined

  function isBounded(key: string) {
    if (key.includes('?')) return true
    if (!perOrigin) return false
    const origin = key.slice(0, key.indexOf('/', key.indexOf('//') + 2))
    firstOrigin ??= origin
    return origin !== firstOrigin
  }

  function store(key: string, entry: Entry) {
    forget(key)
    if (isBounded(key)) {
      if (queryKeys.size >= maxQueryEntries) forget(queryKeys.values().next().value!)
      queryKeys.add(key)
    }
    const page = pageOf(key)
    if (page !== null) {
      const keys = pageKeys.get(page) ?? new Set<string>()
      if (keys.size >= maxEntriesPerPage) forget(keys.values().next().value!)
      pageKeys.set(page, keys.add(key))
    }
    if (entries.size >= maxEntries) forget(entries.keys().next().value!)
    entries.set(key, entry)
  }

  function forget(key: string) {
    entries.delete(key)
    queryKeys.delete(key)
    const page = pageOf(key)
    const keys = page === null ? undefined : pageKeys.get(page)
    if (keys?.delete(key) && keys.size === 0) pageKeys.delete(page!)
  }

  /** The fresh entry kept under `key`, now the most recently used of its page's and of the bounded ones. */
  function lookup(key: string) {
    const entry = entries.get(key)
    if (entry === undefined || !fresh(entry)) return undefined
    if (queryKeys.delete(key)) queryKeys.add(key)
    const keys = pageKeys.get(pageOf(key) ?? '')
    if (keys?.delete(key)) keys.add(key)
    return entry
  }

  /**
   * Puts `next` in the place of `entry` (a better compressed copy), keeping its place among the others; does
   * nothing if `entry` has been replaced or dropped meanwhile.
   */
  function replace(key: string, entry: Entry, next: () => Entry) {
    if (entries.get(key) === entry) entries.set(key, next())
  }

  return { store, lookup, replace, holds: (key: string, entry: Entry) => entries.get(key) === entry }
}

/** The page a key with a query string belongs to (its key less the query), or null. */
function pageOf(key: string) {
  const start = key.indexOf('?')
  return start === -1 ? null : key.slice(0, start)
}
