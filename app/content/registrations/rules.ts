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

/**
 * The mailbox an address reaches, as one key: a second sign-up for a date from the same mailbox updates the first
 * rather than taking more places. Case and a `+tag` make no other mailbox (nearly every provider delivers
 * `Mary+2@Example.org` to mary@example.org), nor do dots at Gmail, which ignores them.
 */
export function addressKey(email: string) {
  const address = email.trim().normalize('NFC').toLowerCase()
  const at = address.lastIndexOf('@')
  if (at < 1) return address
  let local = address.slice(0, at).replace(/\+.*$/, '')
  let domain = address.slice(at + 1)
  if (domain === 'googlemail.com') domain = 'gmail.com'
  if (domain === 'gmail.com') local = local.replace(/\./g, '')
  return `${local || address.slice(0, at)}@${domain}`
}

/** The most of a limited date's places one connection may hold, whatever its own allowance: a half. */
export const CONNECTION_SHARE_MAX = 0.5

/**
 * How many places one e-mail address and one connection (IP address) may hold on a date, live sign-ups confirmed
 * or waiting. An address holds one sign-up (`perAddress` people at most). A connection holds `perConnection`, and
 * on a limited date no more than half of it, yet always at least an address's allowance: a family on a small
 * date's only connection can still come.
 */
export function placeLimits({
  capacity,
  perAddress,
  perConnection,
}: {
  capacity: number | null
  perAddress: number
  perConnection: number
}) {
  const share = capacity === null ? perConnection : Math.ceil(capacity * CONNECTION_SHARE_MAX)
  return { address: perAddress, connection: Math.min(perConnection, Math.max(perAddress, share)) }
}

/** Below this many places, one party holding much of a date is a family at a small event, not worth a notice. */
export const LARGE_SHARE_MIN_PLACES = 4

/** Whether one address or connection holding `held` of a date's places holds enough for staff to look (half). */
export function holdsLargeShare(held: number, capacity: number | null) {
  return capacity !== null && held >= LARGE_SHARE_MIN_PLACES && held >= capacity / 2
}
