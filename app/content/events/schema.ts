import { z } from 'zod'

import {
  booleanField,
  coordinate,
  optionalImageUrl,
  optionalText,
  requiredText,
  RICH_TEXT_MAX_LENGTH,
} from '#app/schemas/fields.ts'
import {
  type EventTiming,
  firstOccurrenceStart,
  LOCAL_DATE,
  normaliseRecurrence,
  parseLocalDate,
  parseLocalDateTime,
  timingProblems,
} from '#app/dates/engine.ts'
import { dateText, timeText } from '#app/dates/text.ts'
import { timingFromText } from '#app/dates/timing-from-text.ts'

export const EXDATES_MAX_COUNT = 200
export const RECURRENCE_MAX_LENGTH = 300
/** The most places an event may offer: more than any church hall holds, small enough to count quickly. */
export const CAPACITY_MAX = 100_000

/** A local date-time `YYYY-MM-DDTHH:MM` (a form's `2026-12-20T18:00:00` is cut to the minute). */
export function localDateTime(label: string) {
  const message = `${label} must be a date and time such as 2026-12-20T18:00`
  return z
    .string({ error: message })
    .trim()
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null
      const text = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00(\.0+)?$/.test(value) ? value.slice(0, 16) : value
      if (!parseLocalDateTime(text)) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return text
    })
}

/** How many people an event has room for: a whole number, or empty for no limit. */
const capacityField = z
  .union([z.number(), z.string()], { error: `Places must be a whole number from 1 to ${CAPACITY_MAX}` })
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return null
    const text = typeof value === 'number' ? String(value) : value.trim()
    if (text === '') return null
    const places = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN
    if (!(places >= 1 && places <= CAPACITY_MAX)) {
      ctx.addIssue({ code: 'custom', message: `Places must be a whole number from 1 to ${CAPACITY_MAX}` })
      return z.NEVER
    }
    return places
  })

/** Skip dates: a JSON list, or text with dates separated by commas, spaces or lines. Sorted, without repeats. */
export const exdatesField = z
  .union([z.array(z.string({ error: 'Each skip date must be text' })), z.string()])
  .nullish()
  .transform((value, ctx) => {
    const items =
      value === null || value === undefined ? [] : Array.isArray(value) ? value : value.split(/[\s,;]+/)
    const dates = items.map((item) => item.trim()).filter(Boolean)
    const bad = dates.find((date) => !LOCAL_DATE.test(date) || !parseLocalDate(date))
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `Skip dates must be dates such as 2026-12-27 (not “${bad.slice(0, 40)}”)`,
      })
      return z.NEVER
    }
    if (dates.length > EXDATES_MAX_COUNT) {
      ctx.addIssue({ code: 'custom', message: `At most ${EXDATES_MAX_COUNT} skip dates` })
      return z.NEVER
    }
    return [...new Set(dates)].sort()
  })

export const recurrenceField = z
  .string({ error: 'The repeat rule must be text such as FREQ=WEEKLY;BYDAY=SU' })
  .max(RECURRENCE_MAX_LENGTH, `The repeat rule must be at most ${RECURRENCE_MAX_LENGTH} characters`)
  .nullish()
  .transform((value) => (value && value.trim() ? normaliseRecurrence(value) : null))

export const EventSchema = z
  .object({
    title: requiredText('Title'),
    description: optionalText('Description', RICH_TEXT_MAX_LENGTH),
    /** When it starts, local to the church's time zone; the first date of a repeating event. */
    starts_at: localDateTime('Start'),
    ends_at: localDateTime('End'),
    all_day: booleanField,
    /** An RFC 5545 RRULE without DTSTART (`FREQ=WEEKLY;BYDAY=SU`), or null for a one-time event. */
    recurrence: recurrenceField,
    exdates: exdatesField,
    /** Display text: worked out from the fields above when the event has a date; as typed when it has none. */
    date: optionalText('Date', 100),
    time: optionalText('Time', 100),
    location: optionalText('Location', 500),
    /** Where it is, for the map on its page (empty: the location's text only). */
    latitude: coordinate(-90, 90),
    longitude: coordinate(-180, 180),
    image_url: optionalImageUrl(),
    /** Whether it repeats: worked out from `recurrence` when the event has a date. */
    is_regular: booleanField,
    /** Whether visitors sign up on its page ('Register Now'); off, its button reads 'Learn More'. */
    registration: booleanField,
    /** Places for each date (a repeating event's are per date); null: no limit. */
    capacity: capacityField,
    /** When sign-ups close, local to the church; null: at the start of each date. */
    registration_closes_at: localDateTime('Registrations close'),
  })
  .superRefine(
    (event, ctx) => {
      if (typeof event.starts_at === 'string' || typeof event.ends_at === 'string' || event.recurrence) {
        const timing = timingOf(event)
        for (const [field, message] of Object.entries(timingProblems(timing))) {
          ctx.addIssue({ code: 'custom', path: [field], message })
        }
      }
    },
    // Only once the dates themselves were read; a bad date is reported alone, not again as a bad rule.
    {
      when: (payload) =>
        !payload.issues.some((issue) =>
          ['starts_at', 'ends_at', 'exdates'].includes(String(issue.path?.[0])),
        ),
    },
  )
  .superRefine((event, ctx) => {
    // A sign-up is for a date: an event known only by text the site cannot read has none to offer.
    const readable =
      event.starts_at ||
      (!event.recurrence &&
        !event.is_regular &&
        event.date &&
        timingFromText({ date: event.date, time: event.time, is_regular: false }))
    if (event.registration && !readable) {
      ctx.addIssue({
        code: 'custom',
        path: ['registration'],
        message: 'Give the event a date before it takes registrations',
      })
    }
  })
  .overwrite((event) => completeEvent(event))

export type EventData = z.output<typeof EventSchema>

function timingOf(event: Partial<EventData>): EventTiming {
  return {
    starts_at: event.starts_at ?? null,
    ends_at: event.ends_at ?? null,
    all_day: Boolean(event.all_day),
    recurrence: event.recurrence ?? null,
    exdates: event.exdates ?? [],
  }
}

/**
 * The fields worked out from the others: an event sent with only the old free text ('Sunday 20 December 2026',
 * '6:00 PM') gets real dates when the text is plain; a dated one gets its `date` and `time` text, `is_regular`
 * from its rule, an all-day start at midnight, and a repeating one starts on its rule's first date.
 */
export function completeEvent(event: EventData): EventData {
  let timing = timingOf(event)
  // Only a one-time event's text with its own year is read: a rule needs the day it starts, which staff give.
  if (!timing.starts_at && !timing.recurrence && event.date && !event.is_regular) {
    const parsed = timingFromText({ date: event.date, time: event.time, is_regular: false })
    if (parsed) timing = { ...parsed, exdates: timing.exdates }
  }
  if (!timing.starts_at) return event
  if (timing.all_day) {
    timing.starts_at = `${timing.starts_at.slice(0, 10)}T00:00`
    if (timing.ends_at) timing.ends_at = `${timing.ends_at.slice(0, 10)}T00:00`
  }
  const first = firstOccurrenceStart(timing)
  if (first) {
    const shift = parseLocalDateTime(timing.starts_at)!.until(parseLocalDateTime(first)!)
    if (timing.ends_at)
      timing.ends_at = parseLocalDateTime(timing.ends_at)!.add(shift).toString({ smallestUnit: 'minute' })
    timing.starts_at = first
  }
  return {
    ...event,
    ...timing,
    exdates: [...timing.exdates],
    date: dateText(timing),
    time: timeText(timing),
    is_regular: timing.recurrence !== null,
  }
}
