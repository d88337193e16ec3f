import type { Route } from './+types/live-calendar.route.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import { getChurchInfo } from '#app/content/church-info/model.server.ts'
import { calendarHeaders, calendarIcs } from '#app/dates/calendar.server.ts'
import { FALLBACK_CHURCH_NAME } from '#app/lib/church-text.ts'
import { feedLanguage } from '#app/server/page-language.server.ts'
import { LIVE_PAGE, liveNow, serviceCalendarEntry } from './live.server.ts'
import { getService } from './model.server.ts'

/**
 * `/live/calendar.ics` (issue 47): the next streamed service as a file to open in a calendar app ("Add to calendar"
 * on the live page), with its repeat rule and skip dates, leading back to the live page; 404 when nothing is
 * streamed. Under another language's prefix (`/ml/live/calendar.ics`) its words are in that language.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, clock, siteAddress } = context.get(runtimeContext)
  const language = await feedLanguage({ db, lang: params.lang })
  const live = await liveNow({ db, clock })
  const service = live && (await getService({ db, id: live.answer.occurrence.service.id, locale: language }))
  if (!live || !service?.starts_at) {
    throw new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' },
    })
  }
  const info = await getChurchInfo({ db, locale: language })
  const ics = calendarIcs(
    [serviceCalendarEntry(service)],
    {
      origin: context.get(requestContext).origin,
      siteAddress: await siteAddress.get(),
      churchName: info?.name || FALLBACK_CHURCH_NAME,
      zone: live.zone,
      language,
    },
    { name: service.name, page: LIVE_PAGE },
  )
  return new Response(ics, { headers: calendarHeaders('live-service.ics') })
}
