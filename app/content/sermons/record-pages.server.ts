import { getSermon, getSermonSeries, listSermons, listSermonSeries } from './model.server.ts'
import type { RecordPages } from '#app/server/record-pages.server.ts'

/** A published sermon's page and each series' page: in the sitemap; a sermon's with a share card of its own. */
export const RECORD_PAGES: RecordPages = {
  sermon: {
    table: 'sermons',
    async sitemap({ db }) {
      const sermons = await listSermons({ db, publicOnly: true })
      return sermons.map((sermon) => ({ id: sermon.id, dates: [sermon.updated_at] }))
    },
    async card({ db, id, locale }) {
      // A draft has no share image, as it has no page.
      const sermon = await getSermon({ db, id, publicOnly: true, locale })
      if (!sermon) return null
      const series = sermon.series_id ? await getSermonSeries({ db, id: sermon.series_id }) : null
      // The same picture as the page's (sermon-page.tsx): the sermon's own, else its series'.
      return { record: sermon, image: sermon.image_url ?? series?.image_url ?? null }
    },
  },
  'sermon-series': {
    table: 'sermon_series',
    async sitemap({ db, changed }) {
      // A series' page lists its sermons: it changes with them.
      const series = await listSermonSeries({ db })
      return series.map((item) => ({ id: item.id, dates: [item.updated_at, changed.sermons] }))
    },
  },
}
