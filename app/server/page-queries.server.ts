import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'

import { CACHE_RULES, type PageKey } from '#app/content/registry.ts'
import { GALLERY_TABS } from '#app/content/gallery/categories.ts'
import { type ArchiveFacts, archiveFacts, archiveQuery } from '#app/content/sermons/sermons.server.ts'
import type { Db } from '#app/db/database.server.ts'
import { readSiteLanguages, requestedLanguage, unknownLanguage } from '#app/models/translations.server.ts'
import { errorResponse } from './api.server.ts'

/** What the query rules know of the content, read once per content version. */
interface Known {
  version: number
  languages: readonly string[]
  archive: ArchiveFacts
}

/**
 * A page's own rule for the query parameters it reads (its `query` in the registry): the values it knows, as its
 * links spell them, and whether any value given was unknown. Undefined while it needs `known` and has none.
 */
type PageRule = (
  given: URLSearchParams,
  known: Known | undefined,
) => { query: URLSearchParams; unknown: boolean } | undefined

const PAGE_RULES: Partial<Record<PageKey, { reads: readonly string[]; rule: PageRule }>> = {
  gallery: {
    reads: ['category'],
    rule: (given) => {
      const category = given.get('category')
      // `all` is the tab the plain address shows.
      const known = !category || GALLERY_TABS.some((tab) => tab.value === category)
      return {
        query: new URLSearchParams(category && category !== 'all' && known ? { category } : {}),
        unknown: !known,
      }
    },
  },
  sermons: {
    reads: ['series', 'speaker', 'book', 'page'],
    rule: (given, known) => known && archiveQuery(given, known.archive),
  },
}

// A page that reads a parameter no rule knows would keep an entry per value, or lose its filter: said at once.
for (const { key, reads } of CACHE_RULES.queries) {
  if (PAGE_RULES[key]?.reads.join() !== reads.join()) {
    throw new Error(
      `Page "${key}" reads ${reads.join(', ')}: the page cache's rule for it must read the same`,
    )
  }
}

/**
 * The page cache's query rules (`address` and `ready` in host/page-cache.ts): a parameter is kept only where its
 * page reads it, and only with a value that page knows.
 *
 * - A page's own parameters (the registry's `query`: the gallery's tab, the sermon archive's filters and page): an
 *   unknown value (a series that does not exist, a page past the last) sends a document to the address without it
 *   (`302`; the last page for a page past it), and is dropped from a `.data` request.
 * - An API read of a public table: its `lang`, when the site has that language (the main one is the records as
 *   stored, as without it); any other is refused with the API's own `400`, made without a render.
 * - A `.data` request: React Router's `_routes`, less the routes that do not match its path (all of them or none:
 *   the parameter is dropped), and a bare `index`.
 */
export function createPageQueries({
  db,
  routes,
  apiRead,
}: {
  db: Db
  /** The build's routes (the `_routes` of a `.data` request name them). */
  routes: ServerBuild['routes']
  /** The paths of the API's reads of public tables. */
  apiRead: RegExp
}) {
  const tree = routeTree(routes)
  let known: Known | undefined
  let reading: Promise<void> | undefined

  const current = () => (known?.version === db.contentVersion.current() ? known : undefined)

  async function read() {
    const version = db.contentVersion.current()
    const [languages, archive] = await Promise.all([readSiteLanguages({ db }), archiveFacts({ db })])
    known = { version, languages, archive }
  }

  async function ready() {
    // Again if the content changed while it was read.
    while (!current()) {
      reading ??= read().finally(() => (reading = undefined))
      await reading
    }
  }

  function address(path: string, given: URLSearchParams) {
    if (apiRead.test(path)) {
      const lang = given.get('lang')
      if (lang === null) return { query: '' }
      const languages = current()?.languages
      if (!languages) return undefined
      const language = requestedLanguage(lang, languages)
      if (!language) return { answer: () => errorResponse(unknownLanguage(languages)) }
      return { query: language === languages[0] ? '' : new URLSearchParams({ lang: language }).toString() }
    }
    const data = path.endsWith('.data')
    const query = new URLSearchParams()
    const page = CACHE_RULES.queries.find((candidate) => candidate.pattern.test(path))
    if (page && page.reads.some((name) => given.has(name))) {
      const kept = PAGE_RULES[page.key]!.rule(given, current())
      if (!kept) return undefined
      if (kept.unknown && !data) {
        const text = kept.query.toString()
        return { redirect: text ? `${path}?${text}` : path }
      }
      for (const [name, value] of kept.query) query.append(name, value)
    }
    if (data) {
      const routeIds = given.get('_routes')
      if (routeIds !== null) {
        const matched = matchedRouteIds(tree, path)
        const asked = new Set(routeIds.split(','))
        const wanted = matched.filter((id) => asked.has(id))
        if (wanted.length > 0 && wanted.length < matched.length) query.set('_routes', wanted.join(','))
      }
      if (given.getAll('index').includes('')) query.set('index', '')
    }
    return { query: query.toString() }
  }

  return { address, ready }
}

/** The build's routes as React Router matches them. */
function routeTree(routes: ServerBuild['routes']) {
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes).flatMap((route) =>
      route && route.parentId === parentId
        ? [
            route.index
              ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
              : {
                  id: route.id,
                  path: route.path,
                  caseSensitive: route.caseSensitive,
                  children: children(route.id),
                },
          ]
        : [],
    )
  return children(undefined)
}

/** The ids of the routes a `.data` request's page matches (`/_root.data` is `/`'s, `/events.data` is `/events`'). */
function matchedRouteIds(tree: RouteObject[], path: string) {
  const page = path.replace(/\.data$/, '').replace(/\/_root$/, '/')
  return (matchRoutes(tree, page) ?? []).map((match) => match.route.id!)
}
