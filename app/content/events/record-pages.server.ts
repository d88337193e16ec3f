import { upcomingEvents } from './events.server.ts'
import { getEvent } from './model.server.ts'
import type { RecordPages } from '#app/server/record-pages.server.ts'

/** An event's page: in the sitemap while /events lists it (to come, or repeating), with a share card of its own. */
export const RECORD_PAGES: RecordPages = {
  event: {
    table: 'events',
    async sitemap({ db, clock }) {
      // What /events lists: a repeating series that has ended (its COUNT reached, its UNTIL passed) left it.
      const { oneTime, repeating } = await upcomingEvents({ db, clock })
      return [...oneTime, ...repeating].map(({ event }) => ({ id: event.id, dates: [event.updated_at] }))
    },
    async card({ db, id, locale }) {
      const event = await getEvent({ db, id, locale })
      return event ? { record: event, image: event.image_url } : null
    },
  },
}
