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

/** Where the test harness's preload (tests/setup/movable-clock.mjs) keeps the moment a test moved the clock to. */
const MOVED_CLOCK = Symbol.for('lampstand.movedClock')

interface MovedClock {
  /** Milliseconds from the real clock to the moment the test set, or null while it has set none. */
  offsetMs: number | null
}

/**
 * The server's clock, which a test may move while the server runs (decision 0046): only when the process was
 * started with the test harness's preload (`node --import tests/setup/movable-clock.mjs`), which puts its state
 * on a global symbol and takes the moments over the test's IPC channel. No environment variable, setting or
 * request can move it; without the preload this is `clock` itself.
 */
export function movableInTests(clock: Clock): Clock {
  const moved = (globalThis as { [MOVED_CLOCK]?: MovedClock })[MOVED_CLOCK]
  if (!moved) return clock
  return {
    now: () => (moved.offsetMs === null ? clock.now() : new Date(Date.now() + moved.offsetMs)),
  }
}
