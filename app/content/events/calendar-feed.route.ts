import type { Route } from './+types/calendar-feed.route.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import { getChurchInfo } from '#app/content/church-info/model.server.ts'
import { calendarHeaders, calendarIcs } from '#app/dates/calendar.server.ts'
import { feedEvents } from './events.server.ts'
import { FALLBACK_CHURCH_NAME } from '#app/lib/church-text.ts'
import { feedLanguage } from '#app/server/page-language.server.ts'

/**
 * `/calendar.ics`: the church's events as an iCalendar feed people subscribe to (webcal://): each upcoming
 * one-time event and each repeating one with its rule and skipped dates, in the church's time zone. Under another
 * language's prefix (`/ml/calendar.ics`) the same events with their words in it, field by field, the main
 * language's where a field has no translation (issue 28).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, clock } = context.get(runtimeContext)
  const language = await feedLanguage({ db, lang: params.lang })
  const [{ zone, events }, church] = await Promise.all([
    feedEvents({ db, clock, locale: language }),
    getChurchInfo({ db, locale: language }),
  ])
  const ics = calendarIcs(events, {
    origin: context.get(requestContext).origin,
    siteAddress: await context.get(runtimeContext).siteAddress.get(),
    churchName: church?.name || FALLBACK_CHURCH_NAME,
    zone,
    language,
  })
  return new Response(ics, { headers: calendarHeaders() })
}
