import { z } from 'zod'

import {
  booleanField,
  optionalId,
  optionalText,
  orderField,
  requiredText,
  RICH_TEXT_MAX_LENGTH,
} from '#app/schemas/fields.ts'
import {
  type EventTiming,
  firstOccurrenceStart,
  parseLocalDateTime,
  timingProblems,
} from '#app/dates/engine.ts'
import { formatDate, ruleInWords, timeText } from '#app/dates/text.ts'
import { exdatesField, localDateTime, recurrenceField } from '#app/content/events/schema.ts'

export const SERVICE_TYPES = ['regular', 'special'] as const

/**
 * A service: its words, and (issue 47) its real schedule — the first time it takes place (`starts_at`, local to the
 * church's zone), when that time ends, a repeat rule and skip dates as events have — from which its `day` and
 * `time` texts are written ('Every Sunday', '10:30 AM'). A service without a schedule keeps its texts as typed.
 */
export const ServiceSchema = z
  .object({
    name: requiredText('Name'),
    description: optionalText('Description', RICH_TEXT_MAX_LENGTH),
    day: optionalText('Day', 100),
    time: optionalText('Time', 100),
    type: z
      .enum(SERVICE_TYPES, { error: 'Type must be regular or special' })
      .nullish()
      .transform((value) => value ?? 'regular'),
    location: optionalText('Location', 500),
    order: orderField.optional(),
    /** The first time it takes place (`2026-12-06T10:30`), local to the church's time zone. */
    starts_at: localDateTime('Start'),
    /** When that first time ends; later times last as long. */
    ends_at: localDateTime('End'),
    /** An RFC 5545 RRULE without DTSTART (`FREQ=WEEKLY;BYDAY=SU`), or null for a service held once. */
    recurrence: recurrenceField,
    exdates: exdatesField,
    /** Streamed live on the church's YouTube channel: the live page follows its times. */
    streamed: booleanField,
    /** Who usually preaches: the draft sermon made from its stream's recording names them. */
    speaker_id: optionalId('Speaker'),
  })
  .superRefine(
    (service, ctx) => {
      if (service.starts_at || service.ends_at || service.recurrence) {
        for (const [field, message] of Object.entries(timingProblems(serviceTiming(service)))) {
          ctx.addIssue({ code: 'custom', path: [field], message })
        }
      }
      if (service.streamed && !service.starts_at) {
        ctx.addIssue({
          code: 'custom',
          path: ['streamed'],
          message: 'Give the service its times (when it starts and how it repeats) before it is streamed',
        })
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
  .overwrite((service) => completeService(service))

export type ServiceData = z.output<typeof ServiceSchema>
export type Service = ServiceData & { id: string; created_at: string; updated_at: string }

/** A service's schedule as the date engine reads it: a service always has a time (never all day). */
export function serviceTiming(service: {
  starts_at?: string | null
  ends_at?: string | null
  recurrence?: string | null
  exdates?: readonly string[]
}): EventTiming {
  return {
    starts_at: service.starts_at ?? null,
    ends_at: service.ends_at ?? null,
    all_day: false,
    recurrence: service.recurrence ?? null,
    exdates: service.exdates ?? [],
  }
}

/**
 * A scheduled service's `day` and `time` written from its schedule ('Every Sunday', '10:30 AM – 12:00 PM'; one held
 * once: 'Sunday 20 December 2026'), and a repeating one's start moved to its rule's first date.
 */
export function completeService(service: ServiceData): ServiceData {
  const timing = serviceTiming(service)
  if (!timing.starts_at) return service
  const first = firstOccurrenceStart(timing)
  if (first) {
    const shift = parseLocalDateTime(timing.starts_at)!.until(parseLocalDateTime(first)!)
    if (timing.ends_at) {
      timing.ends_at = parseLocalDateTime(timing.ends_at)!.add(shift).toString({ smallestUnit: 'minute' })
    }
    timing.starts_at = first
  }
  const start = parseLocalDateTime(timing.starts_at)!
  let day: string
  try {
    day = timing.recurrence ? ruleInWords(timing) : formatDate(start)
  } catch {
    day = service.day ?? ''
  }
  return {
    ...service,
    starts_at: timing.starts_at,
    ends_at: timing.ends_at,
    recurrence: timing.recurrence,
    exdates: [...timing.exdates],
    day: day || service.day,
    time: timeText(timing),
  }
}
