// The test's side of the movable clock (tests/setup/movable-clock.mjs, decision 0046): a message over the server
// process's IPC channel moves its clock, and the server answers once it reads from there.
import type { ChildProcess } from 'node:child_process'

/** Answers `setClock(at)` for a server process started with an IPC channel (`movableClock`). */
export function clockControl(child: ChildProcess) {
  /** Moves the server's clock to `at` (with `movableClock`); resolves once the server reads it from there. */
  return (at: string) =>
    new Promise<void>((resolve, reject) => {
      if (!child.send) return reject(new Error('The server was not started with a movable clock'))
      const onMessage = (message: unknown) => {
        if ((message as { clockSet?: string } | null)?.clockSet !== at) return
        child.off('message', onMessage)
        resolve()
      }
      child.on('message', onMessage)
      child.send({ clock: at })
    })
}
