import type { z } from 'zod'

import type { Translations } from '#app/lib/languages.ts'

import { about } from './about/content.ts'
import { carousel } from './carousel/content.ts'
import { churchInfo } from './church-info/content.ts'
import type {
  AdminScreen,
  ContentType,
  Feed,
  PageMeta,
  PlainScreen,
  PublicPage,
  RouteFile,
  TableDeclaration,
} from './declare.ts'

export type { TableDeclaration }
import { events } from './events/content.ts'
import { gallery } from './gallery/content.ts'
import { gettingHere } from './getting-here/content.ts'
import { giving } from './giving/content.ts'
import { home } from './home/content.ts'
import { leadership } from './leadership/content.ts'
import { messages } from './messages/content.ts'
import { ministries } from './ministries/content.ts'
import { news } from './news/content.ts'
import { privacyPolicy } from './privacy-policy/content.ts'
import { registrations } from './registrations/content.ts'
import { services } from './services/content.ts'
import { sermons } from './sermons/content.ts'

/**
 * Every kind of content, one line each (docs/content-types.md). Their order is the public navigation's and the
 * admin's top bar's. Everything that lists tables, screens or pages is worked out from this list: the routes
 * (app/routes.ts), the API, the navigations, the activity log's words, the sitemap and share images, the page
 * cache's rules (host/app.ts), backups, the benchmarks' and the browser tests' page walks.
 */
export const CONTENT_TYPES = [
  home,
  churchInfo,
  about,
  leadership,
  gettingHere,
  services,
  events,
  registrations,
  sermons,
  ministries,
  gallery,
  carousel,
  giving,
  messages,
  news,
  privacyPolicy,
] as const satisfies readonly ContentType[]

type Kind = (typeof CONTENT_TYPES)[number]
type Merged<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void ? I : never
type TablesOf<C> = C extends { tables: infer T } ? T : never
type PagesOf<C> = C extends { pages: infer P } ? P : never
type FeedsOf<C> = C extends { feeds: infer F } ? F : never

/** Every table, by name, as its kind declared it. */
export type Tables = Merged<TablesOf<Kind>>
export const TABLES = Object.assign(
  {},
  ...CONTENT_TYPES.map((kind: ContentType) => kind.tables ?? {}),
) as Tables

export type TableName = keyof Tables
type TablesOfKind<K extends TableDeclaration['kind']> = {
  [T in TableName]: Tables[T]['kind'] extends K ? T : never
}[TableName]
/** The tables of many records, each with a model made from its declaration. */
export type ListTableName = TablesOfKind<'list'>
/** The tables holding one record (church info, about us). */
export type SingleTableName = TablesOfKind<'single'>
export type ContentTableName = ListTableName | SingleTableName

const names = <K extends TableDeclaration['kind']>(kind: K) =>
  (Object.keys(TABLES) as TableName[]).filter((name) => TABLES[name].kind === kind) as TablesOfKind<K>[]

export const LIST_TABLES = names('list')
export const SINGLE_TABLES = names('single')
export const PUBLIC_TABLES = (Object.keys(TABLES) as TableName[]).filter((name) => TABLES[name].public)

export function isListTable(name: string | undefined): name is ListTableName {
  return name !== undefined && Object.hasOwn(TABLES, name) && TABLES[name as TableName].kind === 'list'
}

export function isSingleTable(name: string | undefined): name is SingleTableName {
  return name !== undefined && Object.hasOwn(TABLES, name) && TABLES[name as TableName].kind === 'single'
}

/** A stored column's value: booleans as 0/1, lists as JSON text, everything else as the schema gives it. */
type Column<V> = V extends boolean ? number : V extends readonly unknown[] ? string : V
/** The fields every stored content record has besides its schema's. */
export interface RecordFields {
  id: string
  created_at: string
  updated_at: string
}
type Ordered<T extends ContentTableName> = Tables[T] extends { order: 'position' }
  ? { order: number }
  : unknown
type Versioned<T extends ContentTableName> = Tables[T] extends { versioned: true }
  ? { sequence: number }
  : unknown

/** The columns a table's declaration works out itself (`computed`), never taken from input. */
type Computed<T extends ContentTableName> = Tables[T] extends { computedColumns?: infer C } ? C : unknown

/** A content record as models answer it (and the API sends it): the schema's output and the stored fields. */
export type ContentRecord<T extends ContentTableName> = Omit<z.output<Tables[T]['schema']>, 'order'> &
  RecordFields &
  Ordered<T> &
  Versioned<T> &
  Computed<T> & {
    /** Its words in the site's other languages, per field (declaration's `translate`); `{}` when none. */
    translations: Translations
  }

type Stored<T extends ContentTableName> = Omit<z.output<Tables[T]['schema']>, 'order'> & Computed<T>

/** A content table's row in the database. */
export type ContentRow<T extends ContentTableName> = {
  [F in keyof Stored<T>]-?: Column<Stored<T>[F]>
} & RecordFields &
  Ordered<T> &
  Versioned<T> & {
    /** JSON: the record's translations (`'{}'` when none). */
    translations: string
  }

// Pages, feeds and screens ----------------------------------------------------------------------------------------

type Pages = Merged<PagesOf<Kind>>
/** The keys of the pages with meta of their own: each has a share image at `/og/<key>.jpg`. */
export type SitePageKey = {
  [K in keyof Pages]: Pages[K] extends { meta: PageMeta } ? K : never
}[keyof Pages] &
  string

/** A page of the site as search engines and share previews know it: its address and its meta. */
export interface SitePage extends PageMeta {
  /** Its address: `/`, `/events`. */
  path: string
  shows: readonly ContentTableName[]
}

/** A route's address as a visitor types it: `events/:id` → `/events/:id`. */
const address = (path: string) => `/${path}`

const ALL_PAGES: ReadonlyArray<[string, PublicPage]> = CONTENT_TYPES.flatMap((kind) =>
  Object.entries((kind as ContentType).pages ?? {}),
)

/** The public pages with meta of their own, by key: their titles, descriptions, share images and the sitemap. */
export const SITE_PAGES = Object.fromEntries(
  ALL_PAGES.filter(([, page]) => page.meta).map(([key, page]) => [
    key,
    { path: address(page.path), ...page.meta! },
  ]),
) as Record<SitePageKey, SitePage>

export function isSitePageKey(key: string): key is SitePageKey {
  return Object.hasOwn(SITE_PAGES, key)
}

/** Every page's key: `events`, `event`… */
export type PageKey = keyof Pages & string
type Feeds = Merged<FeedsOf<Kind>>
export type FeedKey = keyof Feeds & string

/** Every public page by its key. */
export const PAGE_ROUTES_BY_KEY = Object.fromEntries(ALL_PAGES) as Record<PageKey, PublicPage>
const FEEDS_BY_KEY = Object.fromEntries(
  CONTENT_TYPES.flatMap((kind) => Object.entries((kind as ContentType).feeds ?? {})),
) as Record<FeedKey, Feed>

/** A route's address with its parameters filled in: `events/:id` and `{ id }` → `/events/<id>`. */
function fill(path: string, params: Readonly<Record<string, string>>) {
  return address(path).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))
}

/** The address of a public page (`pagePath('event', { id })`): written nowhere else. */
export function pagePath(key: PageKey, params: Readonly<Record<string, string>> = {}) {
  return fill(PAGE_ROUTES_BY_KEY[key].path, params)
}

/** The address of a feed or download (`feedPath('event-calendar', { id })`). */
export function feedPath(key: FeedKey, params: Readonly<Record<string, string>> = {}) {
  return fill(FEEDS_BY_KEY[key].path, params)
}

/** The public navigation, in order (header, phone menu and the footer's Quick Links). */
export const NAV_LINKS: ReadonlyArray<{
  key: PageKey
  to: string
  label: string
  footerLabel: string
  /** A page there only at times, or linked only at times: linked only then (the public layout's `site.present`). */
  when?: 'streamed' | 'giving'
}> = ALL_PAGES.filter(([, page]) => page.nav).map(([key, page]) => ({
  key: key as PageKey,
  to: address(page.path),
  label: page.nav!,
  footerLabel: page.footerLabel ?? page.nav!,
  ...(page.meta?.when ? { when: page.meta.when } : page.navWhen ? { when: page.navWhen } : {}),
}))

/** Every public page, as React Router routes them inside the site's layout. */
export const PAGE_ROUTES: readonly PublicPage[] = ALL_PAGES.map(([, page]) => page)
/** The feeds and downloads, outside the pages' layout. */
export const FEED_ROUTES: readonly Feed[] = CONTENT_TYPES.flatMap((kind) =>
  Object.values((kind as ContentType).feeds ?? {}),
)
/** The content's own routes under `/api/`, before the tables' general ones. */
export const API_ROUTES: readonly RouteFile[] = CONTENT_TYPES.flatMap(
  (kind) => (kind as ContentType).api ?? [],
)

/** The content's screens in the admin, in the top bar's order. */
export const CONTENT_SCREENS: readonly AdminScreen[] = CONTENT_TYPES.flatMap((kind) => {
  const admin = (kind as ContentType).admin
  return admin ? [admin] : []
})

/** The one route module that serves every screen said as data (a declaration's `screen`). */
const PLAIN_SCREEN_FILE = 'routes/admin/content-screen.tsx'

const EVERY_SCREEN = CONTENT_SCREENS.flatMap((screen) => [screen, ...(screen.more ?? [])])

/**
 * Every content screen as React Router routes it under `/admin/`: its own module, or the generic one (each such
 * route with an id of its own, as one module serves them all).
 */
export const SCREEN_ROUTES: ReadonlyArray<RouteFile & { id?: string }> = EVERY_SCREEN.map((screen) =>
  screen.screen
    ? { path: screen.path, file: PLAIN_SCREEN_FILE, id: `content-screen/${screen.path}` }
    : { path: screen.path, file: screen.file },
)

/** The screens said as data, by their address under `/admin/` (`sermons/series`). */
export const PLAIN_SCREENS: Readonly<Record<string, PlainScreen>> = Object.fromEntries(
  EVERY_SCREEN.flatMap((screen) => (screen.screen ? [[screen.path, screen.screen]] : [])),
)

/** The admin screen where each table's records are edited (`/admin/sermons/series`), for links to them. */
export const TABLE_SCREENS: Readonly<Record<string, string>> = Object.fromEntries(
  CONTENT_TYPES.flatMap((kind: ContentType) =>
    kind.admin
      ? Object.keys(kind.tables ?? {}).map((table) => [
          table,
          `/admin/${kind.admin!.more?.find((screen) => screen.edits === table)?.path ?? kind.admin!.path}`,
        ])
      : [],
  ),
)

/** The activity log's name for the entries of each table: its kind's own word, or its admin screen's label. */
export const TABLE_ACTIVITY_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  CONTENT_TYPES.flatMap((kind: ContentType) =>
    Object.keys(kind.tables ?? {}).map((table) => [
      table,
      kind.activity?.[table] ?? kind.admin?.label ?? table,
    ]),
  ),
)

/**
 * A route's address as a pattern over a request's path and its `.data` twin, in any language (`/ml/contact` is
 * made for each request as `/contact` is): `events/:id/calendar.ics`.
 */
const pattern = (path: string) =>
  new RegExp(
    `^(?:/[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*)?${address(path)
      .replace(/[.]/g, '\\.')
      .replace(/:[^/]+/g, '[^/]+')}(?:\\.data)?$`,
  )

/**
 * What the page cache needs to know of the public pages and feeds (host/app.ts): the addresses made for each
 * request, the pages that read query parameters, and the content types of the feeds it keeps.
 */
export const CACHE_RULES = {
  fresh: [
    ...PAGE_ROUTES.filter((page) => page.cache === 'fresh').map((page) => pattern(page.path)),
    ...FEED_ROUTES.filter((feed) => feed.cache === 'download').map((feed) => pattern(feed.path)),
  ],
  /** The pages that read query parameters (the gallery's `category`), by key, with the parameters each reads. */
  queries: ALL_PAGES.flatMap(([key, page]) =>
    page.query ? [{ key: key as PageKey, pattern: pattern(page.path), reads: page.query }] : [],
  ),
  feedTypes: FEED_ROUTES.flatMap((feed) => (feed.cache === 'download' ? [] : [feed.cache.contentType])),
}

/** The pages that take posts from other sites (one-click unsubscribe), in any language: host/app.ts lets them by. */
export const CROSS_SITE_POSTS: readonly RegExp[] = PAGE_ROUTES.filter((page) => page.oneClick).map((page) =>
  pattern(page.path),
)

// A page that names a table no kind declares would never change its sitemap date: said at once, not silently.
for (const [key, page] of Object.entries(SITE_PAGES)) {
  for (const table of page.shows) {
    if (!Object.hasOwn(TABLES, table))
      throw new Error(`Page "${key}" shows "${table}", which no content declares`)
  }
}
