import { Temporal } from 'temporal-polyfill'

/**
 * The rules of places and the waiting list, apart from the database that applies them (in one transaction,
 * registrations.server.ts) so that they can be read and tested on their own.
 */

/** Where a new sign-up of `people` goes: a confirmed place, or the waiting list. */
export function placeFor({
  capacity,
  taken,
  waiting,
  people,
}: {
  /** The date's places; null: no limit. */
  capacity: number | null
  /** Places already confirmed. */
  taken: number
  /** Sign-ups already waiting: nobody jumps the queue, even a smaller party that would fit. */
  waiting: number
  people: number
}): 'confirmed' | 'waiting' {
  if (capacity === null) return 'confirmed'
  if (waiting > 0) return 'waiting'
  return taken + people <= capacity ? 'confirmed' : 'waiting'
}

/**
 * Who moves up from the waiting list once places are free: the first in line while their party fits, in order,
 * stopping at the first who does not (first come, first served).
 */
export function movedUp({
  capacity,
  taken,
  waiting,
}: {
  capacity: number | null
  taken: number
  /** The waiting list, first in line first. */
  waiting: ReadonlyArray<{ id: string; people: number }>
}): string[] {
  let free = capacity === null ? Number.POSITIVE_INFINITY : capacity - taken
  const ids: string[] = []
  for (const entry of waiting) {
    if (entry.people > free) break
    ids.push(entry.id)
    free -= entry.people
  }
  return ids
}

/** The places left on a date (never below 0), or null without a limit. */
export function placesLeft(capacity: number | null, taken: number) {
  return capacity === null ? null : Math.max(0, capacity - taken)
}

/** The day a registration is erased: `days` after its date's last day (`YYYY-MM-DD`). */
export function erasureDay(endsOn: string, days: number) {
  return Temporal.PlainDate.from(endsOn).add({ days }).toString()
}

/**
 * The registrations erased on `today` (the church's date): those whose date ended on this day or before (with 30
 * days, a date that ended on 1 March is erased on 31 March: erasureDay).
 */
export function erasedEndingOnOrBefore(today: Temporal.PlainDate, days: number) {
  return today.subtract({ days }).toString()
}

/**
 * Whether sign-ups for a date are closed at `now` (the church's local time): at the event's closing time, and in
 * any case once the date has started.
 */
export function registrationClosed({
  now,
  occurrence,
  closesAt,
}: {
  now: Temporal.PlainDateTime
  occurrence: Temporal.PlainDateTime
  closesAt: Temporal.PlainDateTime | null
}) {
  if (Temporal.PlainDateTime.compare(now, occurrence) >= 0) return true
  return closesAt !== null && Temporal.PlainDateTime.compare(now, closesAt) >= 0
}
