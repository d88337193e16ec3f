import { listModels } from '#app/models/content-models.server.ts'
import { rowConversions } from '#app/models/content-model.server.ts'
import type { Db } from '#app/db/database.server.ts'
import type { ContentRecord } from '#app/content/registry.ts'

const sermons = listModels.sermons
const series = listModels.sermon_series
const speakers = listModels.speakers
const { toRecord } = rowConversions('sermons')

export type SermonRecord = ContentRecord<'sermons'>
export type SermonSeriesRecord = ContentRecord<'sermon_series'>
export type SpeakerRecord = ContentRecord<'speakers'>

export const listSermons = sermons.list
export const getSermon = sermons.get
export const createSermon = sermons.create
export const updateSermon = sermons.update
export const deleteSermon = sermons.delete

export const listSermonSeries = series.list
export const getSermonSeries = series.get
export const createSermonSeries = series.create
export const updateSermonSeries = series.update
export const deleteSermonSeries = series.delete

export const listSpeakers = speakers.list
export const getSpeaker = speakers.get
export const createSpeaker = speakers.create
export const updateSpeaker = speakers.update
export const deleteSpeaker = speakers.delete

/** What the archive may be narrowed to: a series, a speaker, a book of the Bible (its OSIS code). */
export interface SermonFilter {
  seriesId?: string | null
  speakerId?: string | null
  book?: string | null
}

function published(db: Db, { seriesId, speakerId, book }: SermonFilter) {
  let query = db.kysely.selectFrom('sermons').where('status', '=', 'published')
  if (seriesId) query = query.where('series_id', '=', seriesId)
  if (speakerId) query = query.where('speaker_id', '=', speakerId)
  // Book codes are letters and digits only (checked by the page), spaced in the column: ` John Rom `.
  if (book) query = query.where('scripture_books', 'like', `% ${book} %`)
  return query
}

/** One page of the published sermons, newest first (by the day preached), and how many there are in all. */
export async function listPublishedSermons({
  db,
  limit,
  offset = 0,
  ...filter
}: { db: Db; limit: number; offset?: number } & SermonFilter) {
  const [rows, count] = await Promise.all([
    published(db, filter)
      .selectAll()
      .orderBy('preached_on', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute(),
    published(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst(),
  ])
  return { sermons: rows.map(toRecord), total: Number(count?.count ?? 0) }
}

/** The books the published sermons' scripture touches, each once (the archive's book filter offers these). */
export async function listPublishedSermonBooks({ db }: { db: Db }) {
  const rows = await db.kysely
    .selectFrom('sermons')
    .select('scripture_books')
    .distinct()
    .where('status', '=', 'published')
    .where('scripture_books', 'is not', null)
    .execute()
  return new Set(rows.flatMap((row) => (row.scripture_books ?? '').trim().split(' ').filter(Boolean)))
}
