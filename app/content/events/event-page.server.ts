import { type RouterContextProvider } from 'react-router'

import { pageLanguage, pageLinkTo } from '#app/server/page-language.server.ts'
import { dateWords } from '#app/dates/words.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import { eventFacts, eventPath } from './seo.ts'
import { parseLocalDate } from '#app/dates/engine.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import { sanitizeHtml } from '#app/lib/sanitize-html.server.ts'
import { summarise } from '#app/lib/church-text.ts'
import { getEvent } from './model.server.ts'
import { googleCalendarUrl } from '#app/dates/calendar.server.ts'
import { hasEnded, nextDateOf, ruleText, undatedStillShown, zonedIso } from './events.server.ts'
import { churchToday } from '#app/content/church-info/model.server.ts'
import { timingOf } from '#app/dates/timing.ts'
import { loadImageSources } from '#app/server/image-sources.server.ts'
import { feedPath } from '#app/content/registry.ts'

/**
 * An event's page as its loader hands it over (`page`): the event in the page's language, its dates in words, its
 * ways to a calendar and a map; and the `event` itself, in the page's language, for its sign-up.
 */
export async function eventPageData({
  id,
  context,
}: {
  id: string
  context: Readonly<RouterContextProvider>
}) {
  const runtime = context.get(runtimeContext)
  const { db, clock } = runtime
  const { origin } = context.get(requestContext)
  const linkTo = pageLinkTo(context)
  // In the page's language, field by field, its dates in its words (issue 28).
  const locale = pageLanguage(context)
  const event = await getEvent({ db, id, locale })
  const { language } = locale
  const words = dateWords(language)
  // An event whose date the site cannot read leaves the public pages UNDATED_SHOWN_DAYS after it was added.
  if (!event || (event.starts_at === null && !undatedStillShown(event, clock.now()))) {
    throw new Response('Not found', { status: 404 })
  }
  const { zone, today } = await churchToday({ db, clock })
  const timing = timingOf(event)
  // A rule that cannot be worked out (stored before rules were bounded) is shown by its text, without dates.
  const { next, problem } = nextDateOf(event, zone, today)
  const image = (await loadImageSources({ db, urls: [event.image_url] }))(event.image_url)
  const dated = event.starts_at !== null
  const ended = dated && problem === null && (event.recurrence ? next === null : hasEnded(event, today))
  const skipped = event.exdates
    .filter((date) => date >= today.toString())
    .map((date) => words.shortDate(parseLocalDate(date)!))
  const page = {
    event: {
      id: event.id,
      title: event.title,
      description: sanitizeHtml(event.description),
      summary: summarise(htmlToText(event.description ?? '')),
      location: event.location,
      latitude: event.latitude,
      longitude: event.longitude,
      is_regular: event.is_regular,
      image,
      photo: event.image_url,
    },
    // When, in words: the next (or only) date, and a repeating event's rule.
    when: next
      ? words.occurrenceText(timing, next)
      : dated
        ? null
        : [event.date, event.time].filter(Boolean).join(', '),
    rule: event.recurrence ? ruleText(event, language) : null,
    skipped,
    ended,
    lastDate: ended && !event.recurrence ? event.date : null,
    addToCalendar:
      dated && !ended && problem === null
        ? {
            // Both in the page's language (issue 28): the file's words, and the page the details lead back to.
            ics: linkTo(feedPath('event-calendar', { id: event.id })),
            google: googleCalendarUrl(event, zone, `${origin}${linkTo(eventPath(event.id))}`),
          }
        : null,
    untranslated: event.untranslated,
    directions: event.location
      ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
          event.latitude !== null && event.longitude !== null
            ? `${event.latitude},${event.longitude}`
            : event.location,
        )}`
      : null,
    structured:
      next && !ended
        ? [
            eventFacts(event, {
              startDate: zonedIso(next.start, zone, event.all_day),
              endDate: next.end.equals(next.start) ? null : zonedIso(next.end, zone, event.all_day),
            }),
          ]
        : [],
  }
  return { event, page }
}
