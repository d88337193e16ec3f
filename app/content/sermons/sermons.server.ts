import type { RouterContextProvider } from 'react-router'

import type { Db } from '#app/db/database.server.ts'
import { inPageLanguage, pageLanguage } from '#app/server/page-language.server.ts'
import { scriptureShown } from './books.ts'
import { preachedOnText, type SermonCardData } from './sermon-text.ts'
import { listSermonSeries, listSpeakers, type SermonRecord } from './model.server.ts'

/** The series and speakers, by id, as the public pages name them (in the page's language, given its context). */
export async function sermonNames({ db, context }: { db: Db; context?: Readonly<RouterContextProvider> }) {
  const [storedSeries, storedSpeakers] = await Promise.all([listSermonSeries({ db }), listSpeakers({ db })])
  const series = context ? inPageLanguage(context, 'sermon_series', storedSeries) : storedSeries
  const speakers = context ? inPageLanguage(context, 'speakers', storedSpeakers) : storedSpeakers
  const { language, languages } = context ? pageLanguage(context) : { language: 'en', languages: ['en'] }
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
