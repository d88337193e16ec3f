import { type Kysely, sql } from 'kysely'

import { type Db, inTransaction } from '#app/db/database.server.ts'
import { HttpError, ValidationError } from '#app/lib/errors.ts'
import { newId } from '#app/lib/ids.server.ts'
import { parseInput } from '#app/schemas/fields.ts'
import {
  type ContentRecord,
  type ContentRow,
  type ContentTableName,
  type ListTableName,
  type RecordFields,
  type TableDeclaration,
  TABLES,
} from '#app/content/registry.ts'

import { type Actor, recordActivity } from './activity.server.ts'
import { getAudioFile } from './audio-files.server.ts'
import { answerIn, type InLocale, type Locale } from './locale.server.ts'
import { getMediaByUrls } from './media.server.ts'
import { sanitizeRichText } from './rich-text.server.ts'
import { mergeTranslations, parseTranslations, readSiteLanguages } from './translations.server.ts'

/**
 * The columns the shared queries below touch, which every content table has (`order` only where the table is
 * ordered by position). Kysely's types cannot follow a generic table name through a query, so they see the
 * tables through this; a misspelt column still fails to compile, and each table's own columns pass through its
 * schema and declaration.
 */
type SharedColumns = RecordFields & { order: number }
type SharedDatabase = Record<string, SharedColumns>
const shared = (db: Db) => db.kysely as unknown as Kysely<SharedDatabase>

/** The conversions between a table's records and its rows, as its declaration says. */
export function rowConversions<T extends ContentTableName>(table: T) {
  const declaration: TableDeclaration = TABLES[table]
  const { booleans = [], json = [] } = declaration
  return {
    toRecord(row: ContentRow<T>): ContentRecord<T> {
      const record: Record<string, unknown> = { ...row, translations: parseTranslations(row.translations) }
      for (const field of booleans) record[field] = Boolean(record[field])
      for (const field of json) record[field] = parseJsonList(record[field])
      return record as ContentRecord<T>
    },
    /** A validated record as a row: rich text sanitised (a required one left empty is refused). */
    toRow(data: object): Record<string, unknown> {
      const row: Record<string, unknown> = { ...data }
      for (const field of booleans) row[field] = row[field] ? 1 : 0
      for (const field of json) row[field] = JSON.stringify(row[field] ?? [])
      sanitizeRichText(declaration.schema, row, declaration.richText)
      return row
    },
  }
}

/** What staff call an item in the activity log: its title, or its name (services, leaders, ministries). */
export function itemTitle(row: object): string | null {
  const { title, name } = row as { title?: unknown; name?: unknown }
  if (typeof title === 'string' && title.trim()) return title
  if (typeof name === 'string' && name.trim()) return name
  return null
}

function parseJsonList(value: unknown): string[] {
  try {
    const list: unknown = JSON.parse(String(value))
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : []
  } catch {
    return []
  }
}

/**
 * Whom a read is for: `public` sees only the records its table's `publicWhere` lets the public see (a sermon that
 * is published), `staff` every record.
 */
export interface ReadScope {
  publicOnly?: boolean
}

/** What every operation of a list table's model works from: its declaration, its scope and its writes' rows. */
function tableContext<T extends ListTableName>(tableName: T) {
  const declaration: TableDeclaration = TABLES[tableName]
  const { schema, order, sort = [], versioned = false, publicWhere = {}, references = {} } = declaration
  const table: string = tableName
  const ordered = order === 'position'
  const { toRecord, toRow } = rowConversions(tableName)
  type Item = ContentRecord<T>
  const asRecord = (row: SharedColumns) => toRecord(row as unknown as ContentRow<T>)
  const publicRule = Object.entries(publicWhere as Record<string, string>)

  /** Narrows a query to what the public may see, when the read is for the public. */
  function scoped<Q extends { where: (...args: never[]) => unknown }>(
    query: Q,
    { publicOnly }: ReadScope,
  ): Q {
    let scopedQuery = query as unknown as {
      where: (ref: unknown, op: '=', value: string) => typeof scopedQuery
    }
    if (publicOnly)
      for (const [column, value] of publicRule) scopedQuery = scopedQuery.where(sql.ref(column), '=', value)
    return scopedQuery as unknown as Q
  }

  /** Refuses a write whose references name a record that does not exist, each with its field message. */
  async function checkReferences(db: Db, data: Record<string, unknown>) {
    const problems: Record<string, string> = {}
    for (const [field, reference] of Object.entries(references)) {
      const id = data[field]
      if (id === null || id === undefined || !reference) continue
      const found = await shared(db)
        .selectFrom(reference.table)
        .select('id')
        .where('id', '=', String(id))
        .executeTakeFirst()
      if (!found) problems[field] = reference.missing
    }
    if (Object.keys(problems).length > 0) throw new ValidationError(problems)
  }

  /**
   * A validated write as its row: the schema's fields, the columns the declaration works out, and the record's
   * translations with the write's merged in (`translations` is the write's, not the stored record's).
   */
  async function writeRow(db: Db, input: unknown, stored: Item | null, translations: unknown) {
    const data = parseInput(schema, input) as Record<string, unknown>
    await checkReferences(db, data)
    const lookup = {
      audioFile: (url: string) => getAudioFile({ db, url }),
      picture: async (url: string) => (await getMediaByUrls({ db, urls: [url] }))[0] ?? null,
    }
    const computed = declaration.computed ? await declaration.computed(data, stored, lookup) : {}
    const merged = mergeTranslations({
      declaration,
      input: translations,
      stored: stored?.translations ?? {},
      languages: translations === undefined ? [] : await readSiteLanguages({ db }),
    })
    return { ...toRow(data), ...computed, translations: JSON.stringify(merged) }
  }

  /**
   * Each write below takes the `actor` who makes it (the signed-in person of the request) and logs itself in the
   * activity log in its own transaction; without one (the seed, the operator's scripts) nothing is logged.
   */
  const log = (
    db: Db,
    actor: Actor | undefined,
    action: 'created' | 'changed' | 'deleted' | 'reordered',
    item?: { id: string; title: string | null },
  ) =>
    actor
      ? recordActivity({
          db,
          actor,
          action,
          section: tableName,
          itemId: item?.id,
          itemTitle: item?.title,
        })
      : undefined

  return {
    tableName,
    table,
    declaration,
    versioned,
    sort,
    ordered,
    toRow,
    asRecord,
    scoped,
    writeRow,
    log,
  }
}

type TableContext<T extends ListTableName> = ReturnType<typeof tableContext<T>>

/** The reads of a list table: its records in their order, how many there are, and one by its id. */
function readOperations<T extends ListTableName>({
  tableName,
  table,
  sort,
  ordered,
  asRecord,
  scoped,
}: TableContext<T>) {
  type Item = ContentRecord<T>
  async function list<L extends Locale | undefined = undefined>({
    db,
    limit,
    locale,
    ...scope
  }: { db: Db; limit?: number; locale?: L } & ReadScope): Promise<Array<InLocale<Item, L>>> {
    let query = scoped(shared(db).selectFrom(table).selectAll(), scope)
    for (const { column, direction } of sort) {
      // Empty values last, in both dialects (SQLite puts NULL first when ascending, PostgreSQL last).
      query = query.orderBy(sql`${sql.ref(column)} is null`).orderBy(sql.ref(column), direction)
    }
    if (ordered) query = query.orderBy('order', 'asc')
    query = query.orderBy('created_at', 'asc').orderBy('id', 'asc')
    if (limit !== undefined) query = query.limit(limit)
    return answerIn(tableName, (await query.execute()).map(asRecord), locale as L)
  }

  async function count({ db, ...scope }: { db: Db } & ReadScope): Promise<number> {
    const row = await scoped(
      shared(db)
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count')),
      scope,
    ).executeTakeFirst()
    return Number(row?.count ?? 0)
  }

  async function get<L extends Locale | undefined = undefined>({
    db,
    id,
    locale,
    ...scope
  }: { db: Db; id: string; locale?: L } & ReadScope): Promise<InLocale<Item, L> | null> {
    const row = await scoped(
      shared(db).selectFrom(table).selectAll().where('id', '=', id),
      scope,
    ).executeTakeFirst()
    return row ? answerIn(tableName, [asRecord(row)], locale as L)[0]! : null
  }

  return { list, count, get }
}

type ReadOperations<T extends ListTableName> = ReturnType<typeof readOperations<T>>

/** The writes of a list table (create, update, delete), each logged and bumping the content version. */
function writeOperations<T extends ListTableName>(
  { table, versioned, ordered, writeRow, log }: TableContext<T>,
  { get }: ReadOperations<T>,
) {
  type Item = ContentRecord<T>
  async function create({ db, data, actor }: { db: Db; data: unknown; actor?: Actor }): Promise<Item> {
    const now = db.clock.now().toISOString()
    const id = newId()
    const row: Record<string, unknown> = {
      ...(await writeRow(db, data, null, translationsOf(data))),
      id,
      created_at: now,
      updated_at: now,
      ...(versioned ? { sequence: 0 } : {}),
    }
    await inTransaction(db, async (trxDb) => {
      const trx = shared(trxDb)
      if (ordered && (row.order === undefined || row.order === null)) {
        // New items go last (docs/specification.md §4: order = list length + 1, the list numbered 1..n).
        const max = await trx
          .selectFrom(table)
          .select((eb) => eb.fn.max('order').as('max'))
          .executeTakeFirst()
        row.order = Number(max?.max ?? 0) + 1
      }
      await trx
        .insertInto(table)
        .values(row as unknown as SharedColumns)
        .execute()
      await log(trxDb, actor, 'created', { id, title: itemTitle(row) })
    })
    await db.contentVersion.bump()
    return (await get({ db, id }))!
  }

  /** Applies a partial change: the stored record merged with `data` must pass the full schema. */
  async function update({
    db,
    id,
    data,
    actor,
  }: {
    db: Db
    id: string
    data: unknown
    actor?: Actor
  }): Promise<Item | null> {
    const existing = await get({ db, id })
    if (!existing) return null
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw new ValidationError({ form: 'Expected an object of fields' })
    }
    const row: Record<string, unknown> = {
      ...(await writeRow(db, { ...toInput(existing), ...data }, existing, translationsOf(data))),
      updated_at: db.clock.now().toISOString(),
    }
    if (versioned) row.sequence = Number((existing as { sequence?: number }).sequence ?? 0) + 1
    if (ordered && (row.order === undefined || row.order === null)) delete row.order
    await inTransaction(db, async (trxDb) => {
      const trx = shared(trxDb)
      await trx.updateTable(table).set(row).where('id', '=', id).execute()
      await log(trxDb, actor, 'changed', { id, title: itemTitle(row) })
    })
    await db.contentVersion.bump()
    return get({ db, id })
  }

  async function remove({ db, id, actor }: { db: Db; id: string; actor?: Actor }): Promise<boolean> {
    const deleted = await inTransaction(db, async (trxDb) => {
      const trx = shared(trxDb)
      const row = await trx.deleteFrom(table).where('id', '=', id).returningAll().executeTakeFirst()
      if (row) await log(trxDb, actor, 'deleted', { id, title: itemTitle(row) })
      return row !== undefined
    }).catch((error: unknown) => {
      // A record others still name (a fund its gifts name) stays: the database refuses, and the client is told.
      if (isForeignKeyViolation(error)) {
        throw new HttpError(409, 'Other records still refer to this one, so it cannot be deleted')
      }
      throw error
    })
    if (deleted) await db.contentVersion.bump()
    return deleted
  }

  return { create, update, remove }
}

/** The reorder of a list table ordered by position. */
function reorderOperation<T extends ListTableName>(
  { table, ordered, log }: TableContext<T>,
  { list }: ReadOperations<T>,
) {
  type Item = ContentRecord<T>
  /** Numbers the items 1..n in the given order, in one transaction; `ids` must name every item once. */
  async function reorder({ db, ids, actor }: { db: Db; ids: unknown; actor?: Actor }): Promise<Item[]> {
    if (!ordered) throw new Error(`${table} has no order`)
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
      throw new ValidationError({ ids: 'ids must be a list of item ids' })
    }
    if (new Set(ids).size !== ids.length) throw new ValidationError({ ids: 'ids must not repeat an item' })
    await inTransaction(db, async (trxDb) => {
      const trx = shared(trxDb)
      const existing = await trx.selectFrom(table).select('id').execute()
      const known = new Set(existing.map((row) => row.id))
      if (ids.length !== known.size || !ids.every((id) => known.has(id))) {
        // Said for staff: the usual cause is a list changed in another tab, and the screen then reloads it.
        throw new ValidationError({
          ids: 'The list was changed elsewhere (in another tab, or by someone else). It has been refreshed: please try again.',
        })
      }
      const now = db.clock.now().toISOString()
      for (const [index, id] of ids.entries()) {
        await trx
          .updateTable(table)
          .set({ order: index + 1, updated_at: now })
          .where('id', '=', id)
          .execute()
      }
      await log(trxDb, actor, 'reordered')
    })
    await db.contentVersion.bump()
    return list({ db })
  }

  return reorder
}

/** The list/count/get/create/update/delete (and reorder) operations of a list table, from its declaration. */
export function contentModel<T extends ListTableName>(tableName: T) {
  const context = tableContext(tableName)
  const reads = readOperations(context)
  const { create, update, remove } = writeOperations(context, reads)
  const reorder = reorderOperation(context, reads)
  return { ...reads, create, update, delete: remove, reorder: context.ordered ? reorder : undefined }
}

export type ContentModel<T extends ListTableName> = ReturnType<typeof contentModel<T>>

/**
 * Strips the bookkeeping fields (and the translations, merged on their own) so a stored record can be merged with
 * a partial change and re-validated.
 */
function toInput(record: object) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { id, created_at, updated_at, sequence, translations, ...rest } = record as RecordFields & {
    sequence?: number
    translations?: unknown
  }
  return rest
}

/** A write's `translations` (undefined when it has none: the stored ones stay). */
export function translationsOf(input: unknown): unknown {
  return typeof input === 'object' && input !== null && 'translations' in input
    ? (input as { translations: unknown }).translations
    : undefined
}

/** SQLite's and PostgreSQL's refusal to delete a row another row's foreign key names. */
function isForeignKeyViolation(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503'
}
