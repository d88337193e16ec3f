import type { Db } from '#app/db/database.server.ts'
import { scriptureInWords } from './books.ts'
import { preachedOnText, type SermonCardData } from './sermon-text.ts'
import { listSermonSeries, listSpeakers, type SermonRecord } from './model.server.ts'

/** The series and speakers, by id, as the public pages name them. */
export async function sermonNames({ db }: { db: Db }) {
  const [series, speakers] = await Promise.all([listSermonSeries({ db }), listSpeakers({ db })])
  return {
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
    date: preachedOnText(sermon.preached_on),
    speaker: speaker?.name ?? null,
    series: series ? { id: series.id, title: series.title } : null,
    scripture: scriptureInWords(sermon.scripture_osis) || null,
  }
}
