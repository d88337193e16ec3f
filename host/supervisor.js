// The primary process of `npm start`: it runs the site in worker processes (node:cluster, all listening on one
// port) and starts a new one whenever one dies, so no single request, bug or out-of-memory can take the site
// down for good. Workers start one at a time: the first migrates the database, seeds it and writes the generated
// secret before any other opens it.
import cluster from 'node:cluster'

/** A worker that dies this soon after the one before it counts as a crash loop, and the next start waits. */
const CRASH_WINDOW_MS = 60_000
const MAX_RESTART_DELAY_MS = 30_000
const STOP_GRACE_MS = 15_000
/** How often the supervisor looks whether the process that started it is still there. */
const PARENT_CHECK_MS = 1_000

/**
 * Whether this process tells the start-up facts (no administrator yet, e-mail off, …), which are the same for
 * every worker: a server on its own does, and of the supervisor's workers the first one started; the workers
 * after it and every replacement keep quiet.
 */
export function tellsStartupFacts() {
  return !cluster.isWorker || cluster.worker?.id === 1
}

/**
 * @param {{ exec: string, workers: number, log?: (message: string) => void }} options
 *   `exec`: the worker's script (server.js); `workers`: how many to keep running.
 */
export function supervise({ exec, workers, log = (message) => console.error(`[supervisor] ${message}`) }) {
  // Each worker accepts its own connections from the shared port (unless NODE_CLUSTER_SCHED_POLICY says
  // otherwise). Node's default on Linux has this process accept them and hand them out in turn, one per worker at
  // a time, each handed over only when the worker's event loop comes round: behind renders that is every few
  // hundred milliseconds, so under load new connections waited in line here for seconds — 10 s and more, past
  // clients' patience. A busy worker now simply accepts nothing, and an idle one takes the connection.
  if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE
  cluster.setupPrimary({ exec })
  let stopping = false
  /** Whether the site has ever come up: until then a worker that fails to start means the setup is wrong. */
  let cameUp = false
  let recentCrashes = 0
  let lastCrashAt = 0
  /** Workers forked that have not listened yet (one at a time). */
  const starting = new Set()
  let scheduled

  const alive = () => Object.values(cluster.workers ?? {}).filter(Boolean)

  /** Forks a worker if fewer than `workers` run or are starting, one at a time. */
  function fill() {
    if (stopping || scheduled || starting.size > 0 || alive().length >= workers) return
    const worker = cluster.fork()
    starting.add(worker.id)
    worker.once('listening', () => {
      starting.delete(worker.id)
      cameUp = true
      fill()
    })
  }

  function fillLater(delay) {
    if (delay === 0) return fill()
    if (scheduled) return
    scheduled = setTimeout(() => {
      scheduled = undefined
      fill()
    }, delay)
  }

  cluster.on('exit', (worker, code, signal) => {
    const neverListened = starting.delete(worker.id)
    if (stopping) {
      if (alive().length === 0) process.exit(process.exitCode ?? 0)
      return
    }
    if (neverListened && !cameUp) {
      // The first start failed: a bad setting or a port in use. The worker printed why in one line; starting it
      // again would only print it again.
      stop('SIGTERM', code || 1)
      return
    }
    const now = Date.now()
    recentCrashes = now - lastCrashAt < CRASH_WINDOW_MS ? recentCrashes + 1 : 1
    lastCrashAt = now
    const delay = recentCrashes <= 1 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 1000 * 2 ** (recentCrashes - 2))
    const how = signal ? `signal ${signal}` : `exit code ${code}`
    log(
      `worker ${worker.process.pid} stopped (${how}${neverListened ? ', before it was ready' : ''}); ` +
        `starting a new one${delay ? ` in ${delay / 1000} s` : ''}`,
    )
    fillLater(delay)
  })

  function stop(signal, exitCode = 0) {
    if (stopping) return
    stopping = true
    process.exitCode = exitCode
    clearTimeout(scheduled)
    const running = alive()
    if (running.length === 0) process.exit(exitCode)
    // Each worker finishes its requests in flight and closes the database (server.js), then exits.
    for (const worker of running) worker.process.kill(signal)
    setTimeout(() => {
      for (const worker of alive()) worker.process.kill('SIGKILL')
      process.exit(exitCode || 1)
    }, STOP_GRACE_MS).unref()
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGTERM'))
  // `npm start` is npm's child: a SIGTERM sent to npm alone ends npm but not this process, which would go on
  // serving with nobody to stop it. A parent that goes away (the process is handed to another) stops it too.
  const parent = process.ppid
  setInterval(() => {
    if (process.ppid !== parent) stop('SIGTERM')
  }, PARENT_CHECK_MS).unref()

  fill()
}
