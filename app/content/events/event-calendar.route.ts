import type { Route } from './+types/event-calendar.route.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import { getChurchInfo } from '#app/content/church-info/model.server.ts'
import { getEvent } from './model.server.ts'
import { calendarHeaders, calendarIcs } from './calendar.server.ts'
import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import { FALLBACK_CHURCH_NAME } from '#app/lib/church-text.ts'
import { feedLanguage, inLanguage } from '#app/server/page-language.server.ts'
import { hasWorkableDates } from './events.server.ts'

/**
 * `/events/<id>/calendar.ics`: one event as a file to open in a calendar app ("Add to calendar"); none for an
 * undated event, or one whose repeat rule cannot be worked out (its page offers no file either). Under another
 * language's prefix (`/ml/events/<id>/calendar.ics`) its words are in that language where translated.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext)
  const language = await feedLanguage({ db, lang: params.lang })
  const [event, zone] = await Promise.all([getEvent({ db, id: params.id }), churchTimeZone({ db })])
  if (!event?.starts_at || !hasWorkableDates(event, zone)) {
    throw new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' },
    })
  }
  const info = await getChurchInfo({ db })
  const shown = inLanguage(language, 'events', [event])[0]!
  const ics = calendarIcs(
    [shown],
    {
      origin: context.get(requestContext).origin,
      siteAddress: await context.get(runtimeContext).siteAddress.get(),
      churchName: (info && inLanguage(language, 'church_info', [info])[0]!.name) || FALLBACK_CHURCH_NAME,
      zone,
      language,
    },
    { name: shown.title },
  )
  // Named from the main language's title: a file name of Latin letters survives every download and mail client.
  const filename = `${
    event.title
      .replace(/[^\w-]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'event'
  }.ics`
  return new Response(ics, { headers: calendarHeaders(filename) })
}
