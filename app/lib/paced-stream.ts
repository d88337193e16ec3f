/**
 * A stream that lets bytes through at most `bytesPerSecond` on average, after a first `burst` let through at once:
 * an upload read this way (issue 27, decision 0021) takes its worker's time in slices, so visitors' pages are not
 * queued behind it. Reading slower makes the client send slower (TCP's flow control); nothing is held but the
 * piece in hand. Time comes from `clock`, so a test can run it on its own.
 */
export function pacedStream(
  bytesPerSecond: number,
  {
    burst = 1024 * 1024,
    clock = {
      now: () => performance.now(),
      sleep: (ms: number) => new Promise((done) => setTimeout(done, ms)),
    },
  }: { burst?: number; clock?: { now(): number; sleep(ms: number): Promise<unknown> } } = {},
): TransformStream<Uint8Array, Uint8Array> {
  let started: number | null = null
  let passed = 0
  return new TransformStream({
    async transform(chunk, controller) {
      started ??= clock.now()
      passed += chunk.byteLength
      // When this many bytes are due at the pace, counting from the first; a piece early waits for its time.
      const due = started + (Math.max(0, passed - burst) / bytesPerSecond) * 1000
      const wait = due - clock.now()
      if (wait > 1) await clock.sleep(wait)
      controller.enqueue(chunk)
    },
  })
}
