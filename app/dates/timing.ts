import { type EventTiming, ruleProblem } from './engine.ts'

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

/** Whether an event's rule (if any) can be worked out: one that cannot is left out of calendar files. */
export function hasWorkableDates(event: EventTiming, zone: string) {
  return ruleProblem(timingOf(event), zone) === null
}
