import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely'

// Plain schema-builder code so the same migration runs on SQLite and PostgreSQL.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await table(db, 'church_info')
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('address', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('whatsapp_number', 'text')
    .addColumn('logo_url', 'text')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .$call(timestamps)
    .execute()

  await table(db, 'about_us')
    .addColumn('mission', 'text', notNull)
    .addColumn('vision', 'text', notNull)
    .addColumn('values', 'text', notNull)
    .addColumn('history', 'text', notNull)
    .addColumn('image_url', 'text')
    .$call(timestamps)
    .execute()

  await table(db, 'carousel_slides')
    .addColumn('title', 'text', notNull)
    .addColumn('subtitle', 'text')
    .addColumn('image_url', 'text', notNull)
    .addColumn('order', 'integer', notNull)
    .$call(timestamps)
    .execute()

  await table(db, 'services')
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('day', 'text')
    .addColumn('time', 'text')
    .addColumn('type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('regular')
        .check(sqlIn('type', ['regular', 'special'])),
    )
    .addColumn('location', 'text')
    .$call(timestamps)
    .execute()

  await table(db, 'events')
    .addColumn('title', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('date', 'text')
    .addColumn('time', 'text')
    .addColumn('location', 'text')
    .addColumn('image_url', 'text')
    .addColumn('is_regular', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(timestamps)
    .execute()

  await table(db, 'ministries')
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('image_url', 'text')
    .addColumn('activities', 'text', (c) => c.notNull().defaultTo('[]'))
    .$call(timestamps)
    .execute()

  await table(db, 'gallery_images')
    .addColumn('title', 'text', notNull)
    .addColumn('category', 'text', (c) =>
      c.notNull().check(sqlIn('category', ['worship', 'prayer', 'youth', 'children', 'events'])),
    )
    .addColumn('image_url', 'text', notNull)
    .$call(timestamps)
    .execute()

  await table(db, 'leadership_team')
    .addColumn('name', 'text', notNull)
    .addColumn('role', 'text', notNull)
    .addColumn('bio', 'text')
    .addColumn('image_url', 'text')
    .addColumn('order', 'integer', notNull)
    .$call(timestamps)
    .execute()

  await table(db, 'getting_here')
    .addColumn('transport_type', 'text', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('order', 'integer', notNull)
    .$call(timestamps)
    .execute()

  await table(db, 'contact_messages')
    .addColumn('first_name', 'text', notNull)
    .addColumn('last_name', 'text', notNull)
    .addColumn('email', 'text', notNull)
    .addColumn('phone', 'text')
    .addColumn('subject', 'text')
    .addColumn('message', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute()

  await table(db, 'media')
    .addColumn('secure_url', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text')
    .addColumn('format', 'text', notNull)
    .addColumn('width', 'integer', notNull)
    .addColumn('height', 'integer', notNull)
    .addColumn('bytes', 'integer', notNull)
    .addColumn('variants', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute()

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', notNull)
    .addColumn('reset_at', 'bigint', notNull)
    .execute()

  for (const table of ['carousel_slides', 'leadership_team', 'getting_here']) {
    await db.schema.createIndex(`${table}_order_idx`).on(table).column('order').execute()
  }
  await db.schema
    .createIndex('contact_messages_created_at_idx')
    .on('contact_messages')
    .column('created_at')
    .execute()
  for (const table of ['services', 'events', 'ministries', 'gallery_images']) {
    await db.schema.createIndex(`${table}_created_at_idx`).on(table).column('created_at').execute()
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  for (const table of [
    'rate_limits',
    'media',
    'contact_messages',
    'getting_here',
    'leadership_team',
    'gallery_images',
    'ministries',
    'events',
    'services',
    'carousel_slides',
    'about_us',
    'church_info',
  ]) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}

const notNull = (column: ColumnDefinitionBuilder) => column.notNull()

/** A new table whose first column is its text id. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function table(db: Kysely<any>, name: string) {
  return db.schema.createTable(name).addColumn('id', 'text', (c) => c.primaryKey())
}

/** The creation and change times every content table ends with (ISO 8601 text). */
function timestamps(builder: CreateTableBuilder<string>) {
  return builder.addColumn('created_at', 'text', notNull).addColumn('updated_at', 'text', notNull)
}

function sqlIn(column: string, values: string[]) {
  // Column and values are constants of this file, never user input.
  return sql.raw(`"${column}" in (${values.map((value) => `'${value}'`).join(', ')})`)
}
