import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely'

/**
 * Sermons (issue 27), the series they belong to and the people who preach them. A sermon's series and speaker are
 * optional and let go of it when deleted (it stays in the archive, without them). Its `guid` is made once and
 * never changed (podcast apps know an episode by it); `scripture_osis` and `scripture_books` are what the server
 * read from `scripture` as staff typed it; the audio's size and length are read from the file, never typed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await table(db, 'sermon_series')
    .addColumn('title', 'text', notNull)
    .addColumn('description', 'text')
    .addColumn('image_url', 'text')
    .addColumn('image_alt', 'text')
    .$call(timestamps)
    .execute()

  await table(db, 'speakers')
    .addColumn('name', 'text', notNull)
    .addColumn('role', 'text')
    .addColumn('image_url', 'text')
    .addColumn('image_alt', 'text')
    .addColumn('bio', 'text')
    .$call(timestamps)
    .execute()

  await table(db, 'sermons')
    .addColumn('title', 'text', notNull)
    // YYYY-MM-DD: sorts as text in both databases.
    .addColumn('preached_on', 'text', notNull)
    .addColumn('series_id', 'text', (c) => c.references('sermon_series.id').onDelete('set null'))
    .addColumn('speaker_id', 'text', (c) => c.references('speakers.id').onDelete('set null'))
    .addColumn('scripture', 'text')
    .addColumn('scripture_osis', 'text')
    .addColumn('scripture_books', 'text')
    .addColumn('summary', 'text')
    .addColumn('audio_url', 'text')
    .addColumn('audio_bytes', 'integer')
    .addColumn('audio_duration_seconds', 'integer')
    .addColumn('video_url', 'text')
    .addColumn('notes_url', 'text')
    .addColumn('transcript_url', 'text')
    .addColumn('image_url', 'text')
    .addColumn('image_alt', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('draft').check(sql.raw(`"status" in ('draft', 'published')`)),
    )
    .addColumn('guid', 'text', (c) => c.notNull().unique())
    .$call(timestamps)
    .execute()

  // The archive: published, newest first, by series or speaker.
  await db.schema
    .createIndex('sermons_status_preached_on_idx')
    .on('sermons')
    .columns(['status', 'preached_on'])
    .execute()
  await db.schema.createIndex('sermons_series_id_idx').on('sermons').column('series_id').execute()
  await db.schema.createIndex('sermons_speaker_id_idx').on('sermons').column('speaker_id').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  for (const name of ['sermons', 'speakers', 'sermon_series']) await db.schema.dropTable(name).execute()
}

const notNull = (column: ColumnDefinitionBuilder) => column.notNull()

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function table(db: Kysely<any>, name: string) {
  return db.schema.createTable(name).addColumn('id', 'text', (c) => c.primaryKey())
}

function timestamps(builder: CreateTableBuilder<string>) {
  return builder.addColumn('created_at', 'text', notNull).addColumn('updated_at', 'text', notNull)
}
