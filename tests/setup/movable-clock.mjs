// Loaded only by the test harness (`node --import`, tests/test-server.ts with `movableClock`): a clock a test moves
// while the server runs (decision 0046). The server's clock reads this global symbol (app/lib/clock.ts); the test
// sends `{ clock: '<ISO moment>' }` over the IPC channel it opened and gets `{ clockSet: '<same>' }` back once
// every later reading of the clock starts there. Nothing of this ships with the server or can be turned on there.
const state = { offsetMs: null }
globalThis[Symbol.for('lampstand.movedClock')] = state

if (process.send) {
  process.on('message', (message) => {
    if (!message || typeof message !== 'object' || typeof message.clock !== 'string') return
    const at = Date.parse(message.clock)
    if (Number.isNaN(at)) return
    state.offsetMs = at - Date.now()
    process.send?.({ clockSet: message.clock })
  })
  // The channel must not keep a stopping server alive.
  process.channel?.unref()
}
