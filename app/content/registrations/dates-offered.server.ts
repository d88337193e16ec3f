import { Temporal } from 'temporal-polyfill'

import type { Db } from '#app/db/database.server.ts'
import type { Clock } from '#app/lib/clock.ts'
import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import { type EventRecord, getEvent } from '#app/content/events/model.server.ts'
import { pagePath } from '#app/content/registry.ts'
import {
  formatLocalDateTime,
  type Occurrence,
  parseLocalDateTime,
  todayIn,
  upcomingOccurrences,
} from '#app/dates/engine.ts'
import { occurrenceText } from '#app/dates/text.ts'
import { dateWords } from '#app/dates/words.ts'
import { hasWorkableDates, timingOf } from '#app/dates/timing.ts'
import { languagePath, SOURCE_LANGUAGE } from '#app/lib/languages.ts'
import { placesTaken } from './model.server.ts'
import { placesLeft, registrationClosed } from './rules.ts'
import type { Registration } from './schema.ts'

/** A page's or an e-mail's language, and the site's (the main one first). */
type PageLanguageScope = { language: string; languages: readonly string[] }

/** How many dates of a repeating event the form offers. */
export const DATES_OFFERED = 12
/** How far a posted date is looked for among a repeating event's next dates. */
export const DATES_ACCEPTED = 60

/** A date of an event that takes sign-ups, with its places. */
export interface RegistrationDate {
  /** The local start, as the form sends it back and registrations store it. */
  occurrence: string
  /** Its last day (YYYY-MM-DD). */
  endsOn: string
  label: string
  /** Places left; null without a limit. */
  left: number | null
  waiting: number
}

/** The church's local time now (the injected clock). */
function localNow(zone: string, now: Date) {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone).toPlainDateTime()
}

/** The dates of `event` still open for sign-ups at `now`, soonest first, at most `limit`. */
export function openDates(event: EventRecord, zone: string, now: Date, limit: number) {
  if (!event.registration || !event.starts_at || !hasWorkableDates(event, zone)) return []
  const today = todayIn(zone, now)
  const local = localNow(zone, now)
  const closesAt = parseLocalDateTime(event.registration_closes_at)
  let occurrences: Occurrence[]
  try {
    occurrences = upcomingOccurrences(timingOf(event), zone, today, event.recurrence ? limit : 1)
  } catch {
    // A rule the dates cannot be worked out from offers no date (the dashboard names it).
    return []
  }
  return occurrences.filter(
    (occurrence) => !registrationClosed({ now: local, occurrence: occurrence.start, closesAt }),
  )
}

export const dateOf = (event: EventRecord, occurrence: Occurrence, language = SOURCE_LANGUAGE) => ({
  occurrence: formatLocalDateTime(occurrence.start),
  endsOn: occurrence.end.toPlainDate().toString(),
  label: dateWords(language).occurrenceText(timingOf(event), occurrence),
})

/** What the event's page offers: its open dates with the places left on each (none when closed or off). */
export async function registrationDates({
  db,
  clock,
  event,
  language,
}: {
  db: Db
  clock: Clock
  event: EventRecord
  /** The language of the page that offers them (their labels). */
  language?: string
}): Promise<RegistrationDate[]> {
  const zone = await churchTimeZone({ db })
  const dates = openDates(event, zone, clock.now(), DATES_OFFERED).map((occurrence) =>
    dateOf(event, occurrence, language),
  )
  const counts = await placesTaken({
    db,
    eventId: event.id,
    occurrences: dates.map((date) => date.occurrence),
  })
  return dates.map((date) => {
    const { taken, waiting } = counts.get(date.occurrence)!
    return { ...date, left: placesLeft(event.capacity, taken), waiting }
  })
}

/** A registration's date as an occurrence of its event (its length from the event's own). */
export function occurrenceOf(event: EventRecord, registration: Registration): Occurrence | null {
  const start = parseLocalDateTime(registration.occurrence)
  const first = parseLocalDateTime(event.starts_at)
  if (!start || !first) return null
  const last = parseLocalDateTime(event.ends_at)
  const length = last && Temporal.PlainDateTime.compare(last, first) > 0 ? first.until(last) : null
  return { start, end: length ? start.add(length) : start }
}

/**
 * What a registration's page says about it (the cancel page): its event and date in words, in the page's language
 * (`scope`), its link to that language's event page.
 */
export async function describeRegistration({
  db,
  registration,
  scope,
}: {
  db: Db
  registration: Registration
  scope: PageLanguageScope
}) {
  const event = await getEvent({ db, id: registration.event_id, locale: scope })
  const occurrence = event ? occurrenceOf(event, registration) : null
  const link = (path: string) => languagePath(path, scope.language, scope.languages)
  return {
    eventTitle: event?.title ?? 'The event',
    eventPath: link(event ? pagePath('event', { id: event.id }) : pagePath('events')),
    when:
      event && occurrence
        ? dateWords(scope.language).occurrenceText(timingOf(event), occurrence)
        : registration.occurrence,
  }
}

/** The labels of a registration list's dates ('Friday 12 February 2027, 6:00 PM – …'), by stored occurrence. */
export function dateLabels(event: EventRecord, occurrences: readonly string[]) {
  return Object.fromEntries(
    [...new Set(occurrences)].map((occurrence) => {
      const found = occurrenceOf(event, { occurrence } as Registration)
      return [occurrence, found ? occurrenceText(timingOf(event), found) : occurrence]
    }),
  )
}
