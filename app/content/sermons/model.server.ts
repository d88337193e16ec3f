import { listModels } from '#app/models/content-models.server.ts'
import { rowConversions } from '#app/models/content-model.server.ts'
import { parseTranslations } from '#app/models/translations.server.ts'
import type { Db } from '#app/db/database.server.ts'
import type { ContentRecord } from '#app/content/registry.ts'
import { answerIn, inLocale, type Locale } from '#app/models/locale.server.ts'

const sermons = listModels.sermons
const series = listModels.sermon_series
const speakers = listModels.speakers
const { toRecord } = rowConversions('sermons')

export type SermonRecord = ContentRecord<'sermons'>
export type SermonSeriesRecord = ContentRecord<'sermon_series'>

export const listSermons = sermons.list
export const getSermon = sermons.get
export const createSermon = sermons.create
export const updateSermon = sermons.update
export const deleteSermon = sermons.delete

export const listSermonSeries = series.list
export const getSermonSeries = series.get

export const listSpeakers = speakers.list
export const getSpeaker = speakers.get
export const createSpeaker = speakers.create

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
export async function listPublishedSermons<L extends Locale | undefined = undefined>({
  db,
  limit,
  offset = 0,
  locale,
  ...filter
}: { db: Db; limit: number; offset?: number; locale?: L } & SermonFilter) {
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
  return { sermons: answerIn('sermons', rows.map(toRecord), locale as L), total: Number(count?.count ?? 0) }
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

/** Each published sermon's series, speaker and books: what the archive's filters can narrow it to. */
export async function listPublishedSermonFacets({ db }: { db: Db }) {
  const rows = await published(db, {}).select(['series_id', 'speaker_id', 'scripture_books']).execute()
  return rows.map((row) => ({
    seriesId: row.series_id,
    speakerId: row.speaker_id,
    books: (row.scripture_books ?? '').trim().split(' ').filter(Boolean),
  }))
}

/**
 * The published sermons with audio, newest first: a podcast feed's episodes (of one series, with `seriesId`), at
 * most `limit`.
 */
export async function listPodcastSermons({
  db,
  seriesId,
  limit,
  locale,
}: {
  db: Db
  seriesId?: string | null
  limit: number
  /** The feed's language (`/ml/sermons/feed.xml`): translations are read only for another than the main one. */
  locale?: Locale
}) {
  const translated = locale !== undefined && locale.language !== locale.languages[0]
  const rows = await published(db, { seriesId })
    .where('audio_url', 'is not', null)
    // What a feed says of each, and no more: a 500-episode feed reads half the text it would with every column.
    .select([
      'id',
      'title',
      'preached_on',
      'speaker_id',
      'summary',
      'audio_url',
      'audio_bytes',
      'audio_duration_seconds',
      'transcript_url',
      'guid',
      'created_at',
    ])
    .$if(translated, (query) => query.select('translations'))
    .orderBy('preached_on', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute()
  const episodes = rows.map(({ translations, ...row }) => ({
    ...row,
    translations: translated ? parseTranslations(translations) : {},
  }))
  return locale ? inLocale('sermons', episodes, locale) : episodes
}

// The YouTube import's memory of the videos it made drafts of (app/db/migrations/0016-youtube-imports.ts).

/** Of these video ids, the ones already made sermons. */
export async function importedVideoIds({ db, videoIds }: { db: Db; videoIds: readonly string[] }) {
  if (videoIds.length === 0) return new Set<string>()
  const rows = await db.kysely
    .selectFrom('youtube_imports')
    .select('video_id')
    .where('video_id', 'in', [...videoIds])
    .execute()
  return new Set(rows.map((row) => row.video_id))
}

/**
 * Claims a video for import: true for the one caller that recorded it first (another worker or instance running
 * the same check gets false, and makes no second sermon of it).
 */
export async function claimYoutubeVideo({ db, videoId, at }: { db: Db; videoId: string; at: Date }) {
  const result = await db.kysely
    .insertInto('youtube_imports')
    .values({ video_id: videoId, sermon_id: null, imported_at: at.toISOString() })
    .onConflict((oc) => oc.column('video_id').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

/** Records which sermon a claimed video became. */
export async function recordYoutubeSermon({
  db,
  videoId,
  sermonId,
}: {
  db: Db
  videoId: string
  sermonId: string
}) {
  await db.kysely
    .updateTable('youtube_imports')
    .set({ sermon_id: sermonId })
    .where('video_id', '=', videoId)
    .execute()
}

/** Lets go of a claimed video whose sermon could not be made: the next check tries it again. */
export async function releaseYoutubeVideo({ db, videoId }: { db: Db; videoId: string }) {
  await db.kysely
    .deleteFrom('youtube_imports')
    .where('video_id', '=', videoId)
    .where('sermon_id', 'is', null)
    .execute()
}
