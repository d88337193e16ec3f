import { htmlToText } from '#app/lib/html-to-text.ts'
import { languagePath } from '#app/lib/languages.ts'
import { pageLanguageTag, publicLayoutData, shareCard } from '#app/lib/page-meta.ts'
import { absoluteUrl, eventJsonLd, shareImagePath } from '#app/lib/seo.ts'
import { pagePath } from '#app/content/registry.ts'

/** What a page's loader hands its meta of one event, for the Event structured data. */
export interface EventFactsData {
  id: string
  name: string
  description: string | null
  /** ISO 8601 with the offset in the church's zone ('2027-03-28T10:30:00+01:00'), or a date for all day. */
  startDate: string
  endDate: string | null
  photo: string | null
  venue: string | null
  latitude: number | null
  longitude: number | null
}

/** An event's own page ('/events/<id>') and its share image key ('events/<id>'). */
export const eventPath = (id: string) => pagePath('event', { id })
export const eventShareKey = (id: string) => `events/${id}`

export function eventFacts(
  event: {
    id: string
    title: string
    description: string | null
    image_url: string | null
    location: string | null
    latitude: number | null
    longitude: number | null
  },
  dates: { startDate: string; endDate: string | null },
): EventFactsData {
  return {
    id: event.id,
    name: event.title,
    description: event.description ? htmlToText(event.description).slice(0, 500) || null : null,
    ...dates,
    photo: event.image_url,
    venue: event.location,
    latitude: event.latitude,
    longitude: event.longitude,
  }
}

/**
 * The Event blocks of `events`, with the church (from the public layout's data) as their place and organiser, in
 * the page's language: its words (the loader gives them translated), its addresses and `inLanguage`.
 */
export function eventsJsonLd(
  matches: Parameters<typeof publicLayoutData>[0],
  events: readonly EventFactsData[],
) {
  const data = publicLayoutData(matches)
  if (!data) return []
  const { church, site } = data
  return events.map((event) =>
    eventJsonLd({
      origin: site.origin,
      path: languagePath(eventPath(event.id), site.language, site.languages),
      inLanguage: pageLanguageTag(site),
      home: languagePath('/', site.language, site.languages),
      name: event.name,
      description: event.description,
      startDate: event.startDate,
      endDate: event.endDate,
      images: [
        absoluteUrl(
          site.origin,
          shareImagePath(eventShareKey(event.id), shareCard(data, event.name, event.photo)),
        ),
      ],
      church,
      venue: event.venue,
      latitude: event.latitude,
      longitude: event.longitude,
    }),
  )
}
