import type { Kysely } from 'kysely'
import { Temporal } from 'temporal-polyfill'

import { dateText, timeText, timingFromText } from '#app/content/events/dates.ts'
import { DEFAULT_TIME_ZONE } from '#app/lib/time-zone.ts'

interface StoredEvent {
  id: string
  date: string | null
  time: string | null
  is_regular: number | boolean
  created_at: string
}

/**
 * Events get real dates: `starts_at`/`ends_at` (local date-times in the church's zone), `all_day`, a
 * `recurrence` rule, skip dates (`exdates`), a map position and a `sequence` calendar clients read; church info gets the
 * church's time zone. Dates typed as plain text ('Sunday 20 December 2026' and '6:00 PM', 'Every Friday') are
 * read into them; the rest stay as typed and the dashboard lists them as needing a date. Services and
 * ministries get a position staff can change, numbered in the order they were added.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('church_info')
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo(DEFAULT_TIME_ZONE))
    .execute()
  await db.schema.alterTable('events').addColumn('starts_at', 'text').execute()
  await db.schema.alterTable('events').addColumn('ends_at', 'text').execute()
  await db.schema
    .alterTable('events')
    .addColumn('all_day', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('events').addColumn('recurrence', 'text').execute()
  await db.schema
    .alterTable('events')
    .addColumn('exdates', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute()
  await db.schema
    .alterTable('events')
    .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('events').addColumn('latitude', 'double precision').execute()
  await db.schema.alterTable('events').addColumn('longitude', 'double precision').execute()
  await db.schema.createIndex('events_starts_at_idx').on('events').column('starts_at').execute()

  const events: StoredEvent[] = await db
    .selectFrom('events')
    .select(['id', 'date', 'time', 'is_regular', 'created_at'])
    .execute()
  for (const event of events) {
    // A repeating event starts on its rule's first date on or after the day it was added.
    const added = Temporal.Instant.from(event.created_at).toZonedDateTimeISO(DEFAULT_TIME_ZONE).toPlainDate()
    const timing = timingFromText(
      { date: event.date, time: event.time, is_regular: Boolean(Number(event.is_regular)) },
      added,
    )
    if (!timing) continue
    const full = { ...timing, exdates: [] }
    await db
      .updateTable('events')
      .set({
        starts_at: timing.starts_at,
        ends_at: timing.ends_at,
        all_day: timing.all_day ? 1 : 0,
        recurrence: timing.recurrence,
        date: dateText(full),
        time: timeText(full),
      })
      .where('id', '=', event.id)
      .execute()
  }

  for (const table of ['services', 'ministries']) {
    await db.schema
      .alterTable(table)
      .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    const rows: Array<{ id: string }> = await db
      .selectFrom(table)
      .select('id')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute()
    for (const [index, row] of rows.entries()) {
      await db
        .updateTable(table)
        .set({ order: index + 1 })
        .where('id', '=', row.id)
        .execute()
    }
    await db.schema.createIndex(`${table}_order_idx`).on(table).column('order').execute()
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  for (const table of ['services', 'ministries']) {
    await db.schema.dropIndex(`${table}_order_idx`).execute()
    await db.schema.alterTable(table).dropColumn('order').execute()
  }
  await db.schema.dropIndex('events_starts_at_idx').execute()
  for (const column of [
    'starts_at',
    'ends_at',
    'all_day',
    'recurrence',
    'exdates',
    'sequence',
    'latitude',
    'longitude',
  ]) {
    await db.schema.alterTable('events').dropColumn(column).execute()
  }
  await db.schema.alterTable('church_info').dropColumn('timezone').execute()
}
