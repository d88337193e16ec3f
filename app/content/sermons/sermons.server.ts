import type { Db } from '#app/db/database.server.ts'
import type { Locale } from '#app/models/locale.server.ts'
import { isBookCode, scriptureShown } from './books.ts'
import { preachedOnText, type SermonCardData } from './sermon-text.ts'
import {
  listPublishedSermonFacets,
  listSermonSeries,
  listSpeakers,
  type SermonRecord,
} from './model.server.ts'

/** Sermons on a page of the archive (/sermons). */
export const SERMONS_PER_PAGE = 12

/** The series and speakers, by id, as the public pages name them (in the page's language). */
export async function sermonNames({ db, locale }: { db: Db; locale: Locale }) {
  const [series, speakers] = await Promise.all([
    listSermonSeries({ db, locale }),
    listSpeakers({ db, locale }),
  ])
  const { language, languages } = locale
  return {
    language,
    main: languages[0] ?? language,
    series,
    speakers,
    seriesById: new Map(series.map((item) => [item.id, item])),
    speakersById: new Map(speakers.map((item) => [item.id, item])),
  }
}

/** A sermon as a list shows it. */
export function sermonCard(
  sermon: SermonRecord,
  names: Awaited<ReturnType<typeof sermonNames>>,
): SermonCardData {
  const series = sermon.series_id ? names.seriesById.get(sermon.series_id) : undefined
  const speaker = sermon.speaker_id ? names.speakersById.get(sermon.speaker_id) : undefined
  return {
    id: sermon.id,
    title: sermon.title,
    date: preachedOnText(sermon.preached_on, names.language),
    speaker: speaker?.name ?? null,
    series: series ? { id: series.id, title: series.title } : null,
    // (A list shows only what the parser read: typed text it could not read stays on the sermon's page.)
    ...scriptureShown({ scripture_osis: sermon.scripture_osis }, names.language, names.main),
  }
}

/** What the archive's address may name, read once per content version by the page cache (archiveQuery). */
export async function archiveFacts({ db }: { db: Db }) {
  const [series, speakers, sermons] = await Promise.all([
    listSermonSeries({ db }),
    listSpeakers({ db }),
    listPublishedSermonFacets({ db }),
  ])
  return {
    series: new Set(series.map((item) => item.id)),
    speakers: new Set(speakers.map((item) => item.id)),
    sermons,
  }
}

export type ArchiveFacts = Awaited<ReturnType<typeof archiveFacts>>

/**
 * The archive's query (`series`, `speaker`, `book`, `page`) as its own links spell it, with the values the page
 * knows: the loader's rules (a series or speaker that exists, a book's code, a page from 1 to the last of what the
 * filters leave). `unknown` when a value names nothing, or a page past the last (the last is then kept instead);
 * an empty value is no filter, as the filter form sends it.
 */
export function archiveQuery(given: URLSearchParams, facts: ArchiveFacts) {
  const query = new URLSearchParams()
  let unknown = false
  const pick = (name: string, known: (value: string) => boolean) => {
    const value = given.get(name)
    if (!value) return null
    if (known(value)) {
      query.set(name, value)
      return value
    }
    unknown = true
    return null
  }
  const series = pick('series', (value) => facts.series.has(value))
  const speaker = pick('speaker', (value) => facts.speakers.has(value))
  const book = pick('book', isBookCode)
  const asked = given.get('page')
  if (asked) {
    const page = Number.parseInt(asked, 10)
    const total = facts.sermons.filter(
      (sermon) =>
        (!series || sermon.seriesId === series) &&
        (!speaker || sermon.speakerId === speaker) &&
        (!book || sermon.books.includes(book)),
    ).length
    const last = Math.max(1, Math.ceil(total / SERMONS_PER_PAGE))
    if (!(page >= 1) || page > last) unknown = true
    const kept = page >= 1 ? Math.min(page, last) : 1
    if (kept > 1) query.set('page', String(kept))
  }
  return { query, unknown }
}
