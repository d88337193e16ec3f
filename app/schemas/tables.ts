import type { z } from 'zod'

import { AboutUsSchema } from './about-us.ts'
import { CarouselSlideSchema } from './carousel-slide.ts'
import { ChurchInfoSchema } from './church-info.ts'
import { ContactMessageSchema } from './contact-message.ts'
import { EventSchema } from './event.ts'
import { GalleryImageSchema } from './gallery-image.ts'
import { GettingHereSchema } from './getting-here.ts'
import { LeadershipMemberSchema } from './leadership-member.ts'
import { MinistrySchema } from './ministry.ts'
import { ServiceSchema } from './service.ts'

type Field<S extends z.ZodObject> = keyof z.output<S> & string

/**
 * What the rest of the code needs to know of a table, said once. The database row type (db/types.ts), the models
 * (models/content-models.server.ts), the REST API (routes/api/table*.ts), the page cache's rules (host/app.ts),
 * backups (scripts/backup-tables.ts) and the test factories are worked out from these declarations.
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
}

type Order = NonNullable<TableDeclaration['order']>

/** Keeps each declaration's own kind and order as types, which the types below are worked out from. */
function declare<
  S extends z.ZodObject,
  K extends TableDeclaration['kind'],
  O extends Order = 'created',
  V extends boolean = false,
>(declaration: TableDeclaration<S> & { kind: K; order?: O; versioned?: V }) {
  return declaration as TableDeclaration<S> & { kind: K; order: O; versioned: V }
}

export const TABLES = {
  church_info: declare({ schema: ChurchInfoSchema, kind: 'single', richText: ['description'], public: true }),
  about_us: declare({
    schema: AboutUsSchema,
    kind: 'single',
    richText: ['mission', 'vision', 'values', 'history'],
    public: true,
  }),
  services: declare({
    schema: ServiceSchema,
    kind: 'list',
    order: 'position',
    richText: ['description'],
    public: true,
  }),
  events: declare({
    schema: EventSchema,
    kind: 'list',
    order: 'created',
    sort: [{ column: 'starts_at', direction: 'asc' }],
    richText: ['description'],
    booleans: ['is_regular', 'all_day'],
    json: ['exdates'],
    versioned: true,
    public: true,
  }),
  ministries: declare({
    schema: MinistrySchema,
    kind: 'list',
    order: 'position',
    richText: ['description'],
    json: ['activities'],
    public: true,
  }),
  gallery_images: declare({
    schema: GalleryImageSchema,
    kind: 'list',
    order: 'created',
    sort: [{ column: 'created_at', direction: 'desc' }],
    richText: [],
    public: true,
  }),
  carousel_slides: declare({
    schema: CarouselSlideSchema,
    kind: 'list',
    order: 'position',
    richText: [],
    public: true,
  }),
  leadership_team: declare({
    schema: LeadershipMemberSchema,
    kind: 'list',
    order: 'position',
    richText: ['bio'],
    public: true,
  }),
  getting_here: declare({
    schema: GettingHereSchema,
    kind: 'list',
    order: 'position',
    richText: ['description'],
    public: true,
  }),
  contact_messages: declare({ schema: ContactMessageSchema, kind: 'inbox', richText: [], public: false }),
}

export type Tables = typeof TABLES
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

/** A content record as models answer it (and the API sends it): the schema's output and the stored fields. */
export type ContentRecord<T extends ContentTableName> = Omit<z.output<Tables[T]['schema']>, 'order'> &
  RecordFields &
  Ordered<T> &
  Versioned<T>

/** A content table's row in the database. */
export type ContentRow<T extends ContentTableName> = {
  [F in Exclude<keyof z.output<Tables[T]['schema']>, 'order'>]-?: Column<z.output<Tables[T]['schema']>[F]>
} & RecordFields &
  Ordered<T> &
  Versioned<T>
