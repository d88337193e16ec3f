import type { Locale } from '#app/models/locale.server.ts'
import type { Db } from '#app/db/database.server.ts'
import { scriptureShown } from '#app/content/sermons/books.ts'
import { getSermonSeries, getSpeaker, listPublishedSermons } from '#app/content/sermons/model.server.ts'
import { preachedOnText } from '#app/content/sermons/sermon-text.ts'

/** What the latest sermon's button says: what there is to do with it. */
type SermonAction = 'listenOrWatch' | 'listen' | 'watch' | 'readMore'

/** The newest published sermon, as the home page's band shows it (null when there is none yet). */
export async function latestSermon({ db, locale }: { db: Db; locale: Locale }) {
  const {
    sermons: [sermon],
  } = await listPublishedSermons({ db, limit: 1, locale })
  if (!sermon) return null
  const { language, languages } = locale
  const [series, speaker] = await Promise.all([
    sermon.series_id ? getSermonSeries({ db, id: sermon.series_id, locale }) : null,
    sermon.speaker_id ? getSpeaker({ db, id: sermon.speaker_id, locale }) : null,
  ])
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
