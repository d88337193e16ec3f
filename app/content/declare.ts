import type { LucideIcon } from 'lucide-react'
import type { z } from 'zod'

import type { AdminArea } from '#app/lib/admin-areas.ts'
import type { AdminField, ItemSummary } from '#app/lib/admin-fields.ts'

/**
 * How a kind of content declares itself (docs/content-types.md): its tables, its admin screen, its public pages and
 * feeds. Each kind's folder has a `content.ts` made with `defineContent`; app/content/registry.ts lists them, and
 * everything that lists tables, screens or pages (routes, navigations, activity labels, sitemap, page-cache rules,
 * backups, benchmarks and the browser tests' page walk) is worked out from that list.
 */

type Field<S extends z.ZodObject> = keyof z.output<S> & string

/**
 * What the rest of the code needs to know of a table, said once. The database row type (db/types.ts), the models
 * (models/content-models.server.ts), the REST API (routes/api/table*.ts), the page cache's rules (host/app.ts),
 * backups (app/models/backup-tables.server.ts) and the test factories are worked out from these declarations.
 */
export interface TableDeclaration<S extends z.ZodObject = z.ZodObject> {
  /** Validates every write, from forms and the API alike. */
  schema: S
  /**
   * `list`: many records at `/api/<table>` and `/api/<table>/:id`; `single`: one record at `/api/<table>` (GET,
   * PUT); `inbox`: the visitors' messages, with a model and routes of their own.
   */
  kind: 'list' | 'single' | 'inbox'
  /** How a list is ordered: by the position staff give it (`order`, reorderable), or oldest first. */
  order?: 'position' | 'created'
  /**
   * Columns a list is sorted by before that (empty values last): events by their start, gallery images newest
   * first.
   */
  sort?: ReadonlyArray<{ column: Field<S> | 'created_at'; direction: 'asc' | 'desc' }>
  /** Keeps a `sequence` column, raised by every change (calendar clients read it to replace their copy). */
  versioned?: boolean
  /**
   * The fields a visitor reads, which may have a translation in each of the site's other languages (issue 28):
   * kept per record in `translations`, validated by the field's own schema (rich text sanitised alike).
   */
  translate?: readonly Field<S>[]
  /**
   * A single record's fields that a write leaving them out keeps as they are (church info's `languages`: a form
   * or client that does not know of them never resets them). Every other field is replaced by the write.
   */
  keepWhenAbsent?: readonly Field<S>[]
  /**
   * A valid record, as the API takes it: the API's general round-trip tests store it (tests/factories.ts), so a
   * plain kind needs no factory of its own.
   */
  example?: z.input<S>
  /** Fields holding the rich-text editor's HTML: sanitised on every write. */
  richText: readonly Field<S>[]
  /** Booleans, stored as 0/1 so both databases read and write them alike. */
  booleans?: readonly Field<S>[]
  /** Lists, stored as JSON text. */
  json?: readonly Field<S>[]
  /**
   * Public content: anyone may read it through the API, its reads are kept in the page cache, and every write
   * empties that cache. Not public: only administrators read it, and nothing of it is cached.
   */
  public: boolean
  /**
   * Which records a public read may see (`{ status: 'published' }`): the API answers anyone but signed-in staff
   * with only these, and pages list them only. Staff and the admin's screens see every record.
   */
  publicWhere?: Readonly<Partial<Record<Field<S>, string>>>
  /**
   * Fields naming a record of another table (`{ series_id: { table: 'sermon_series', missing: '…' } }`): a write
   * naming one that does not exist is refused with the `missing` field message.
   */
  references?: Readonly<Partial<Record<Field<S>, { table: string; missing: string }>>>
  /**
   * Columns the server works out on every write and never takes from input (a sermon's `guid`, made once; its
   * scripture's OSIS ranges): given the validated fields and, on an update, the stored record. It may throw a
   * ValidationError with field messages. Its columns are stored beside the schema's and sent with the record.
   */
  computed?(
    data: z.output<S>,
    stored: Readonly<Record<string, unknown>> | null,
    lookup: ComputeLookup,
  ): object | Promise<object>
}

/** What a declaration's `computed` may look up while working out its columns. */
export interface ComputeLookup {
  /** What was read from an audio file uploaded here, by its address (`/media/…`); null when none was. */
  audioFile(url: string): Promise<{ bytes: number; duration_seconds: number; type: string } | null>
  /** The size of a picture uploaded here, by its address (`/media/…`); null when none was. */
  picture(url: string): Promise<{ width: number; height: number } | null>
}

type Order = NonNullable<TableDeclaration['order']>

/**
 * Keeps a table declaration's own kind, order, versioning and computed columns as types, which the record types are
 * worked out from.
 */
export function declareTable<
  S extends z.ZodObject,
  const K extends TableDeclaration['kind'],
  const O extends Order = 'created',
  const V extends boolean = false,
  C extends object = object,
>(
  declaration: TableDeclaration<S> & {
    kind: K
    order?: O
    versioned?: V
    computed?(
      data: z.output<S>,
      stored: Readonly<Record<string, unknown>> | null,
      lookup: ComputeLookup,
    ): C | Promise<C>
  },
) {
  return declaration as TableDeclaration<S> & { kind: K; order: O; versioned: V; computedColumns?: C }
}

/** A route module and the address it answers, as React Router writes addresses (`events/:id`, no leading `/`). */
export interface RouteFile {
  path: string
  /** The module, from app/ (`content/events/admin.tsx`). */
  file: string
}

/** What a list screen's toasts say after each write (app/server/admin-actions.server.ts `crudAction`). */
export interface CrudToasts {
  created: string
  updated: string
  deleted: string
  saveFailed: string
  deleteFailed: string
  reordered?: string
  reorderFailed?: string
}

/** A public page's address by its key (the registry's `pagePath`), given to a screen's `view`. */
export type PagePathOf = (key: string, params?: Readonly<Record<string, string>>) => string

/** Links to a kind's neighbouring screens beside a screen's heading (Sermons, Series, Speakers). */
export interface ScreenTabs {
  /** The navigation's accessible name. */
  label: string
  links: ReadonlyArray<{ to: string; label: string }>
}

/** The words at the top of a screen made from its declaration, and its form's fields. */
interface ScreenWords {
  /** Its heading, and its document title ('Carousel · Admin CMS'). */
  title: string
  description: string
  /**
   * The form's fields, in order: label, hint, control. `required` is left out: it is read from the table's schema
   * (a field whose schema refuses a missing value), so the form and the server cannot disagree.
   */
  fields: readonly AdminField[]
  tabs?: ScreenTabs
}

/**
 * A plain list/edit screen (`CrudScreen`) said as data: one generic route (app/routes/admin/content-screen.tsx)
 * serves every such screen, its loader and action made from the table's model. `R` is the table's record.
 */
export interface ListScreen<R = never> extends ScreenWords {
  kind: 'list'
  /** The table it edits. */
  table: string
  /** The singular name on buttons and headings: 'Slide' gives 'Add Slide' and 'Edit Slide'. */
  noun: string
  listHeading: string
  emptyText: string
  toasts: CrudToasts
  /** How a record shows in the list: its title, facts, excerpt, picture. */
  describe(record: R): ItemSummary
  /** The public page showing a saved record, offered with the toast. */
  view?(record: R, pagePath: PagePathOf): string
}

/** A single record's form (`SingleRecordForm`) said as data (About Us). */
export interface SingleScreen extends ScreenWords {
  kind: 'single'
  table: string
  /** The form card's heading. */
  formTitle: string
  toasts: { saved: string; failed: string }
  /** The public page showing the record, offered with the toast. */
  view?(pagePath: PagePathOf): string
}

export type PlainScreen = ListScreen<never> | SingleScreen

/** A record of a table as a screen's `describe` and `view` read it: its schema's fields and its id. */
type ScreenRecord<S extends z.ZodObject> = z.output<S> & { id: string }

/**
 * A list screen of one table, its records typed by the table's schema: `listScreen('ministries', MinistrySchema,
 * {…})`.
 */
export function listScreen<S extends z.ZodObject>(
  table: string,
  _schema: S,
  screen: Omit<ListScreen<ScreenRecord<S>>, 'kind' | 'table'>,
): PlainScreen {
  return { kind: 'list', table, ...screen } as unknown as PlainScreen
}

/** A single record's screen: `singleScreen('about_us', {…})`. */
export function singleScreen(table: string, screen: Omit<SingleScreen, 'kind' | 'table'>): SingleScreen {
  return { kind: 'single', table, ...screen }
}

/**
 * A screen of the admin, at `/admin/<path>`: either its own route module (`file`: the rich screens, events'
 * schedule, sermons' audio) or a plain screen said as data (`screen`), served by the generic one.
 */
export type ScreenRoute = { path: string } & (
  | { file: string; screen?: never }
  | { screen: PlainScreen; file?: never }
)

/** A kind of content's screen in the admin, at `/admin/<path>`, in the top bar in the registry's order. */
export type AdminScreen = ScreenRoute & {
  label: string
  icon: LucideIcon
  area: AdminArea
  /**
   * Further addresses under the screen (the messages' CSV: `messages/export`); `edits` names the table such a
   * screen edits (the sermons' series), where links to a record lead. The kind's other tables are edited here.
   */
  more?: ReadonlyArray<
    ScreenRoute & {
      edits?: string
      /** A screen of its own in the top bar (the giving's Gifts beside its Funds), for the people of `area`. */
      section?: { label: string; icon: LucideIcon; area: AdminArea }
    }
  >
}

/** What search engines, share previews and the sitemap are told of a public page. */
export interface PageMeta {
  /** The page's name in its title ('Events | IPC Cork') and on its share image; the home page has none. */
  title: string
  /** Its meta description; `{church}` becomes the church's name. */
  description: string
  /**
   * The tables it shows besides the church info every page shows: its sitemap `lastmod` is theirs (checked against
   * the registry's tables when the registry loads).
   */
  shows: readonly string[]
  /**
   * A page there only at times: `streamed` while a service is streamed on YouTube (the live page). Out of the
   * sitemap otherwise, and answered 404.
   */
  when?: 'streamed'
}

/** A page of the public site, inside its header and footer. */
export interface PublicPage extends RouteFile {
  /**
   * A page of its own for search engines: in the sitemap, with a share image at `/og/<key>.jpg` (its key in
   * `pages`). Pages with an `:id` (an event's) make their meta from their record instead.
   */
  meta?: PageMeta
  /** Its label in the public navigation (header, menu and footer), in the registry's order. */
  nav?: string
  /**
   * Linked in the navigation only while this holds (`giving`: the giving page while giving is on, by Stripe or by
   * bank transfer); unlike `meta.when`, the page itself is always there.
   */
  navWhen?: 'giving'
  /** Its label in the footer's Quick Links when that differs ('About Us'). */
  footerLabel?: string
  /**
   * `fresh`: rendered for every request (the contact page carries the time it was made, signed, for its spam
   * check). By default a page is kept in the page cache until the content changes.
   */
  cache?: 'fresh'
  /** The query parameters the page reads (the gallery's `category`): kept in its cache key; any other is dropped. */
  query?: readonly string[]
  /**
   * Takes posts from other sites: a mail program's one-click unsubscribe (RFC 8058) comes with no cookie and
   * perhaps another site's Origin. The token in its address is what it acts on, so the cross-site check
   * (host/app.ts) lets these through.
   */
  oneClick?: true
}

/** A file the site serves outside its pages: a feed people subscribe to, or a download. */
export interface Feed extends RouteFile {
  /**
   * The answer's content type when it is kept in the page cache like a page (the calendar feed); `download` for an
   * answer made for each request (an event's `.ics`, which carries Content-Disposition).
   */
  cache: { contentType: string } | 'download'
  /**
   * Served in each of the site's other languages too, under its prefix (`/ml/calendar.ics`), as the pages are
   * (issue 28): its route reads `params.lang` (feedLanguage in app/server/page-language.server.ts).
   */
  inEachLanguage?: true
}

export interface ContentType {
  /** The folder's name, for messages and errors. */
  name: string
  tables?: Record<string, TableDeclaration>
  admin?: AdminScreen
  /**
   * The activity log's name for each table's entries when it is not the admin screen's label (a kind with several
   * tables: 'Sermon series').
   */
  activity?: Readonly<Record<string, string>>
  /** Public pages, by key. */
  pages?: Readonly<Record<string, PublicPage>>
  /** Feeds and downloads, outside the pages' layout, by key. */
  feeds?: Readonly<Record<string, Feed>>
  /** Routes of its own under `/api/` (the inbox's), before the tables' general ones. */
  api?: readonly RouteFile[]
}

/** Keeps a declaration's literal types (table names, page keys) for the registry to work out its types from. */
export function defineContent<const C extends ContentType>(content: C): C {
  return content
}
