import type { Route } from './+types/event-calendar.route.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import { getChurchInfo } from '#app/content/church-info/model.server.ts'
import { getEvent } from './model.server.ts'
import { calendarHeaders, calendarIcs } from '#app/dates/calendar.server.ts'
import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import { FALLBACK_CHURCH_NAME } from '#app/lib/church-text.ts'
import { feedLanguage } from '#app/server/page-language.server.ts'
import { hasWorkableDates } from '#app/dates/timing.ts'

/**
 * `/events/<id>/calendar.ics`: one event as a file to open in a calendar app ("Add to calendar"); none for an
 * undated event, or one whose repeat rule cannot be worked out (its page offers no file either). Under another
 * language's prefix (`/ml/events/<id>/calendar.ics`) its words are in that language where translated.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext)
  const language = await feedLanguage({ db, lang: params.lang })
  // The event in the file's language, and as stored: its main-language title names the file.
  const [event, stored, zone] = await Promise.all([
    getEvent({ db, id: params.id, locale: language }),
    getEvent({ db, id: params.id }),
    churchTimeZone({ db }),
  ])
  if (!event?.starts_at || !stored || !hasWorkableDates(event, zone)) {
    throw new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' },
    })
  }
  const info = await getChurchInfo({ db, locale: language })
  const ics = calendarIcs(
    [event],
    {
      origin: context.get(requestContext).origin,
      siteAddress: await context.get(runtimeContext).siteAddress.get(),
      churchName: info?.name || FALLBACK_CHURCH_NAME,
      zone,
      language,
    },
    { name: event.title },
  )
  // Named from the main language's title: a file name of Latin letters survives every download and mail client.
  const filename = `${
    stored.title
      .replace(/[^\w-]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'event'
  }.ics`
  return new Response(ics, { headers: calendarHeaders(filename) })
}
