import type { Kysely, Selectable } from 'kysely'
import type { z } from 'zod'

import type { Db } from '#app/db/database.server.ts'
import type { ContentTable, Database } from '#app/db/types.ts'
import { ValidationError } from '#app/lib/errors.ts'
import { newId, nowIso } from '#app/lib/ids.server.ts'
import { fieldErrors } from '#app/schemas/fields.ts'

import { sanitizeRichText } from './rich-text.server.ts'

type Row<T extends ContentTable> = Selectable<Database[T]>

interface ContentModelConfig<T extends ContentTable, S extends z.ZodObject, R> {
  table: T
  schema: S
  /** Fields holding HTML from the rich-text editor; sanitised on every write. */
  richText: ReadonlyArray<keyof z.output<S> & string>
  /** Tables with a user-controlled position (`order` column). */
  ordered: boolean
  toRecord: (row: Row<T>) => R
  toRow: (data: z.output<S>) => Record<string, unknown>
}

/** Validates input with the entity's schema; throws a ValidationError with one message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (!result.success) throw new ValidationError(fieldErrors(result.error))
  return result.data
}

/** The list/get/create/update/delete (and reorder) operations shared by the content tables. */
export function contentModel<T extends ContentTable, S extends z.ZodObject, R extends { id: string }>(
  config: ContentModelConfig<T, S, R>,
) {
  const { schema, ordered } = config
  // A plain string: Kysely's types cannot follow a generic table name through a query.
  const table: string = config.table
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const k = (db: Db) => db.kysely as unknown as Kysely<any>

  function clean(data: z.output<S>) {
    const row = { ...config.toRow(data) }
    sanitizeRichText(schema, row, config.richText)
    return row
  }

  async function list({ db, limit }: { db: Db; limit?: number }): Promise<R[]> {
    let query = k(db).selectFrom(table).selectAll()
    query = ordered
      ? query.orderBy('order', 'asc').orderBy('created_at', 'asc')
      : query.orderBy('created_at', 'asc')
    query = query.orderBy('id', 'asc')
    if (limit !== undefined) query = query.limit(limit)
    const rows = (await query.execute()) as Row<T>[]
    return rows.map(config.toRecord)
  }

  async function count({ db }: { db: Db }): Promise<number> {
    const row = await k(db)
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst()
    return Number(row?.count ?? 0)
  }

  async function get({ db, id }: { db: Db; id: string }): Promise<R | null> {
    const row = (await k(db).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as
      | Row<T>
      | undefined
    return row ? config.toRecord(row) : null
  }

  async function create({ db, data }: { db: Db; data: unknown }): Promise<R> {
    const parsed = parseInput(schema, data)
    const now = nowIso()
    const id = newId()
    const row: Record<string, unknown> = { ...clean(parsed), id, created_at: now, updated_at: now }
    await k(db)
      .transaction()
      .execute(async (trx) => {
        if (ordered && (row.order === undefined || row.order === null)) {
          // New items go last (spec §4: order = list length + 1 when the list is numbered 1..n).
          const max = await trx
            .selectFrom(table)
            .select((eb) => eb.fn.max('order').as('max'))
            .executeTakeFirst()
          row.order = Number(max?.max ?? 0) + 1
        }
        await trx.insertInto(table).values(row).execute()
      })
    await db.contentVersion.bump()
    return (await get({ db, id }))!
  }

  /** Applies a partial change: the stored record merged with `data` must pass the full schema. */
  async function update({ db, id, data }: { db: Db; id: string; data: unknown }): Promise<R | null> {
    const existing = (await k(db).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as
      | Row<T>
      | undefined
    if (!existing) return null
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw new ValidationError({ form: 'Expected an object of fields' })
    }
    const merged = { ...toInput(config.toRecord(existing)), ...data }
    const parsed = parseInput(schema, merged)
    const row: Record<string, unknown> = { ...clean(parsed), updated_at: nowIso() }
    if (ordered && (row.order === undefined || row.order === null)) delete row.order
    await k(db).updateTable(table).set(row).where('id', '=', id).execute()
    await db.contentVersion.bump()
    return get({ db, id })
  }

  async function remove({ db, id }: { db: Db; id: string }): Promise<boolean> {
    const result = await k(db).deleteFrom(table).where('id', '=', id).executeTakeFirst()
    const deleted = Number(result.numDeletedRows) > 0
    if (deleted) await db.contentVersion.bump()
    return deleted
  }

  /** Numbers the items 1..n in the given order, in one transaction; `ids` must name every item once. */
  async function reorder({ db, ids }: { db: Db; ids: unknown }): Promise<R[]> {
    if (!ordered) throw new Error(`${table} has no order`)
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
      throw new ValidationError({ ids: 'ids must be a list of item ids' })
    }
    if (new Set(ids).size !== ids.length) throw new ValidationError({ ids: 'ids must not repeat an item' })
    await k(db)
      .transaction()
      .execute(async (trx) => {
        const existing = (await trx.selectFrom(table).select('id').execute()) as { id: string }[]
        const known = new Set(existing.map((row) => row.id))
        if (ids.length !== known.size || !ids.every((id) => known.has(id))) {
          // Said for staff: the usual cause is a list changed in another tab, and the screen then reloads it.
          throw new ValidationError({
            ids: 'The list was changed elsewhere (in another tab, or by someone else). It has been refreshed: please try again.',
          })
        }
        const now = nowIso()
        for (const [index, id] of ids.entries()) {
          await trx
            .updateTable(table)
            .set({ order: index + 1, updated_at: now })
            .where('id', '=', id)
            .execute()
        }
      })
    await db.contentVersion.bump()
    return list({ db })
  }

  return { list, count, get, create, update, delete: remove, reorder }
}

/** Strips the bookkeeping fields so a stored record can be merged with a partial change and re-validated. */
function toInput(record: Record<string, unknown>) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { id, created_at, updated_at, ...rest } = record
  return rest
}
