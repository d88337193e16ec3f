/**
 * Where "now" comes from for everything that depends on it (throttles, "today", retention): one clock in the
 * app's services, so tests can set it instead of mocking a global.
 */
export interface Clock {
  now: () => Date
}

export const systemClock: Clock = { now: () => new Date() }

/** A clock that reads `start` at first and then moves on as real time does. */
export function clockFrom(start: Date): Clock {
  const offset = start.getTime() - Date.now()
  return { now: () => new Date(Date.now() + offset) }
}
