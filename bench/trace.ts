// Where a phone's main thread goes while a page loads (issue 30): Lighthouse's mobile run (4× CPU), its trace read
// back task by task. Prints each task of the page's main thread that Lighthouse would count as long (over 50 ms
// at 4×: over 12.5 ms as observed), what it did inside (the trace's own event names, by self time), and the whole
// load's time by event name. `--pages /,/events`, `--runs N` (each run printed).
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { runLighthouse } from './lighthouse-run.ts'
import { PUBLIC_PAGES } from './pages.ts'
import { ensureBuild, makeDataDir, round, seedDemo, startServer, writeResults } from './support.ts'
import { findChromium } from '../tests/chromium.ts'

const { values: args } = parseArgs({
  options: {
    pages: { type: 'string' },
    runs: { type: 'string', default: '1' },
    'no-build': { type: 'boolean', default: false },
    // Keep each run's whole trace (Chromium's JSON, for DevTools' Performance panel) beside the results.
    save: { type: 'string' },
  },
})

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  cat?: string
  args?: { data?: { url?: string; frame?: string }; name?: string }
}

/** Observed task length (µs) that Lighthouse's 4× simulation counts as a long task. */
const LONG_US = 12_500

function mainThread(events: TraceEvent[]) {
  const names = events.filter((event) => event.ph === 'M' && event.name === 'thread_name')
  const renderers = names.filter((event) => event.args?.name === 'CrRendererMain')
  // The page's renderer: the one with the most work (about:blank and others do little).
  let best: { pid: number; tid: number; total: number } | null = null
  for (const thread of renderers) {
    const total = events
      .filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.name === 'RunTask')
      .reduce((sum, event) => sum + (event.dur ?? 0), 0)
    if (!best || total > best.total) best = { pid: thread.pid, tid: thread.tid, total }
  }
  if (!best) throw new Error('No renderer main thread in the trace')
  return events
    .filter((event) => event.pid === best.pid && event.tid === best.tid && event.ph === 'X')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
}

/** Self time by event name inside [start, end): each event's duration less its children's. */
function selfTimes(events: TraceEvent[]) {
  const totals = new Map<string, number>()
  const stack: { end: number; name: string; child: number; dur: number }[] = []
  const close = (upTo: number) => {
    while (stack.length && stack[stack.length - 1].end <= upTo) {
      const done = stack.pop()!
      totals.set(done.name, (totals.get(done.name) ?? 0) + done.dur - done.child)
    }
  }
  for (const event of events) {
    close(event.ts)
    const dur = event.dur ?? 0
    if (stack.length) stack[stack.length - 1].child += dur
    stack.push({ end: event.ts + dur, name: event.name, child: 0, dur })
  }
  close(Number.POSITIVE_INFINITY)
  return [...totals.entries()].sort((a, b) => b[1] - a[1])
}

const ms = (us: number) => round(us / 1000, 1)

async function traceOnce(url: string, chromePath: string) {
  const result = await runLighthouse(url, chromePath, ['performance'])
  const trace = (result.artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace
  if (args.save) {
    fs.mkdirSync(args.save, { recursive: true })
    const file = path.join(
      args.save,
      `${new URL(url).pathname.replace(/\W+/g, '_') || '_'}-${Date.now()}.json`,
    )
    fs.writeFileSync(file, JSON.stringify(trace))
  }
  const events = mainThread(trace.traceEvents)
  const start = events[0]?.ts ?? 0
  const tasks = events.filter((event) => event.name === 'RunTask')
  const long = tasks
    .filter((task) => (task.dur ?? 0) > LONG_US)
    .map((task) => {
      const inside = events.filter(
        (event) => event.ts >= task.ts && event.ts + (event.dur ?? 0) <= task.ts + (task.dur ?? 0),
      )
      return {
        atMs: ms(task.ts - start),
        durMs: ms(task.dur ?? 0),
        top: selfTimes(inside)
          .slice(0, 8)
          .map(([name, us]) => `${name} ${ms(us)}`),
      }
    })
  return {
    tbtMs: result.lhr.audits['total-blocking-time']?.numericValue,
    busyMs: ms(tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0)),
    long,
    whole: selfTimes(events)
      .slice(0, 15)
      .map(([name, us]) => `${name} ${ms(us)}`),
  }
}

async function main() {
  const chromePath = findChromium()
  if (!chromePath) throw new Error('No Chromium: install Debian’s chromium or set CHROMIUM_PATH')
  ensureBuild({ skip: args['no-build'] })
  const pages = args.pages ? args.pages.split(',') : PUBLIC_PAGES
  const dataDir = makeDataDir()
  await seedDemo(dataDir)
  const server = await startServer({ dataDir })
  const results: Record<string, unknown[]> = {}
  try {
    for (const page of pages) {
      const url = new URL(page, server.url).href
      await fetch(url) // the first render after a start is not what visitors see
      results[page] = []
      for (let run = 0; run < Number(args.runs); run++) {
        const figures = await traceOnce(url, chromePath)
        results[page].push(figures)
        console.log(
          `\n${page} run ${run + 1}: TBT ${round(figures.tbtMs ?? NaN)} ms (simulated), main thread busy ${figures.busyMs} ms (observed)`,
        )
        for (const task of figures.long)
          console.log(`  long task at ${task.atMs} ms: ${task.durMs} ms — ${task.top.join(', ')}`)
        console.log(`  whole load: ${figures.whole.join(', ')}`)
      }
    }
  } finally {
    await server.stop()
  }
  writeResults('trace', results)
}

await main()
