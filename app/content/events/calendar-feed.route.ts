import type { Route } from './+types/calendar-feed.route.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import { getChurchInfo } from '#app/content/church-info/model.server.ts'
import { calendarHeaders, calendarIcs } from './calendar.server.ts'
import { feedEvents } from './events.server.ts'
import { FALLBACK_CHURCH_NAME } from '#app/lib/church-text.ts'

/**
 * `/calendar.ics`: the church's events as an iCalendar feed people subscribe to (webcal://): each upcoming
 * one-time event and each repeating one with its rule and skipped dates, in the church's time zone.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, clock } = context.get(runtimeContext)
  const [{ zone, events }, info] = await Promise.all([feedEvents({ db, clock }), getChurchInfo({ db })])
  const ics = calendarIcs(events, {
    origin: context.get(requestContext).origin,
    siteAddress: await context.get(runtimeContext).siteAddress.get(),
    churchName: info?.name || FALLBACK_CHURCH_NAME,
    zone,
  })
  return new Response(ics, { headers: calendarHeaders() })
}
