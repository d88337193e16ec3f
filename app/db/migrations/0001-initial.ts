import { type Kysely, sql } from 'kysely'

// Plain schema-builder code so the same migration runs on SQLite and PostgreSQL.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('church_info')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('address', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('whatsapp_number', 'text')
    .addColumn('logo_url', 'text')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('about_us')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('mission', 'text', (c) => c.notNull())
    .addColumn('vision', 'text', (c) => c.notNull())
    .addColumn('values', 'text', (c) => c.notNull())
    .addColumn('history', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('carousel_slides')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text')
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('order', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('services')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
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
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('date', 'text')
    .addColumn('time', 'text')
    .addColumn('location', 'text')
    .addColumn('image_url', 'text')
    .addColumn('is_regular', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('ministries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('image_url', 'text')
    .addColumn('activities', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('gallery_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) =>
      c.notNull().check(sqlIn('category', ['worship', 'prayer', 'youth', 'children', 'events'])),
    )
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('leadership_team')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('bio', 'text')
    .addColumn('image_url', 'text')
    .addColumn('order', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('getting_here')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('transport_type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('order', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('subject', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('secure_url', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text')
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('variants', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
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

function sqlIn(column: string, values: string[]) {
  // Column and values are constants of this file, never user input.
  return sql.raw(`"${column}" in (${values.map((value) => `'${value}'`).join(', ')})`)
}
