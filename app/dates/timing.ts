import type { EventTiming } from './engine.ts'

/** The parts of an event (or anything dated like one) the date engine works from, and nothing else. */
export function timingOf(event: EventTiming): EventTiming {
  return {
    starts_at: event.starts_at,
    ends_at: event.ends_at,
    all_day: event.all_day,
    recurrence: event.recurrence,
    exdates: event.exdates,
  }
}
