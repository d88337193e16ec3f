import type { RouterContextProvider } from 'react-router'

import { inPageLanguage, pageLanguage } from '#app/server/page-language.server.ts'
import type { Db } from '#app/db/database.server.ts'
import { scriptureShown } from '#app/content/sermons/books.ts'
import { getSermonSeries, getSpeaker, listPublishedSermons } from '#app/content/sermons/model.server.ts'
import { preachedOnText } from '#app/content/sermons/sermon-text.ts'

/** What the latest sermon's button says: what there is to do with it. */
type SermonAction = 'listenOrWatch' | 'listen' | 'watch' | 'readMore'

/** The newest published sermon, as the home page's band shows it (null when there is none yet). */
export async function latestSermon(db: Db, context: Readonly<RouterContextProvider>) {
  const {
    sermons: [stored],
  } = await listPublishedSermons({ db, limit: 1 })
  if (!stored) return null
  // In the page's language, field by field (issue 28).
  const { language, languages } = pageLanguage(context)
  const sermon = inPageLanguage(context, 'sermons', [stored])[0]!
  const [storedSeries, storedSpeaker] = await Promise.all([
    sermon.series_id ? getSermonSeries({ db, id: sermon.series_id }) : null,
    sermon.speaker_id ? getSpeaker({ db, id: sermon.speaker_id }) : null,
  ])
  const series = storedSeries && inPageLanguage(context, 'sermon_series', [storedSeries])[0]!
  const speaker = storedSpeaker && inPageLanguage(context, 'speakers', [storedSpeaker])[0]!
  const listen = Boolean(sermon.audio_url)
  const watch = Boolean(sermon.video_url)
  return {
    id: sermon.id,
    title: sermon.title,
    date: preachedOnText(sermon.preached_on, language),
    speaker: speaker?.name ?? null,
    series: series ? { id: series.id, title: series.title } : null,
    ...scriptureShown(sermon, language, languages[0] ?? language),
    action: (listen && watch
      ? 'listenOrWatch'
      : listen
        ? 'listen'
        : watch
          ? 'watch'
          : 'readMore') as SermonAction,
    photo: sermon.image_url ?? series?.image_url ?? null,
  }
}
