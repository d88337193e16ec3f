// The primary process of `npm start`: it runs the site in worker processes (node:cluster, all listening on one
// port) and starts a new one whenever one dies, so no single request, bug or out-of-memory can take the site
// down for good. Workers start one after another: the first migrates the database, seeds it and writes the
// generated secret before any other opens it.
import cluster from 'node:cluster'

/** A worker that dies this soon after the one before it counts as a crash loop, and the next restart waits. */
const CRASH_WINDOW_MS = 60_000
const MAX_RESTART_DELAY_MS = 30_000
const STOP_GRACE_MS = 15_000

/**
 * @param {{ exec: string, workers: number, log?: (message: string) => void }} options
 *   `exec`: the worker's script (server.js); `workers`: how many to keep running.
 */
export function supervise({ exec, workers, log = (message) => console.error(`[supervisor] ${message}`) }) {
  cluster.setupPrimary({ exec })
  let stopping = false
  let recentCrashes = 0
  let lastCrashAt = 0
  /** Workers that have never listened: if one of them exits, start-up itself failed (a bad setting, a port in use). */
  const starting = new Set()

  function startWorker() {
    const worker = cluster.fork()
    starting.add(worker.id)
    worker.once('listening', () => {
      starting.delete(worker.id)
      if (Object.keys(cluster.workers ?? {}).length < workers) startWorker()
    })
    return worker
  }

  cluster.on('exit', (worker, code, signal) => {
    const neverListened = starting.delete(worker.id)
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
      return
    }
    if (neverListened) {
      // The worker printed why (one clear line); starting it again would only print it again.
      stopping = true
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM')
      process.exitCode = code || 1
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode)
      return
    }
    const now = Date.now()
    recentCrashes = now - lastCrashAt < CRASH_WINDOW_MS ? recentCrashes + 1 : 1
    lastCrashAt = now
    const delay = recentCrashes <= 1 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 1000 * 2 ** (recentCrashes - 2))
    log(
      `worker ${worker.process.pid} stopped (${signal ? `signal ${signal}` : `exit code ${code}`}); ` +
        `starting a new one${delay ? ` in ${delay / 1000} s` : ''}`,
    )
    setTimeout(() => {
      if (!stopping) startWorker()
    }, delay)
  })

  function stop(signal) {
    if (stopping) return
    stopping = true
    const alive = Object.values(cluster.workers ?? {})
    if (alive.length === 0) process.exit(0)
    // Each worker finishes its requests in flight and closes the database (server.js), then exits.
    for (const worker of alive) worker?.process.kill(signal)
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL')
      process.exit(1)
    }, STOP_GRACE_MS).unref()
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGTERM'))

  startWorker()
}
