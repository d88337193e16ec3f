// `npm run bench:crowd [-- --clients 200 --duration 10 --requests 5000 --workers 2 --rebuild --no-build]`
// A crowd of anonymous visitors on `npm start` (its supervisor and WORKERS workers, on one SQLite file with the
// demo content), all on 127.0.0.1:
//   1. `/` from CLIENTS clients at once (autocannon, keep-alive), DURATION seconds;
//   2. `/?x=N` likewise, with a new N on every request (a parameter no page reads: the page cache must still
//      answer it);
//   3. REQUESTS public reads (pages, their data, the API, feeds), CLIENTS at a time;
//   4. for twice DURATION, 60 clients on the contact page (rendered for each request) while CLIENTS visitors read
//      cached pages with a pause of a few seconds between them, some on new connections.
// Every request must be answered within 20 s: a reset, a closed connection or silence counts as "no answer".
import fs from 'node:fs'
import http from 'node:http'

import autocannon from 'autocannon'

import { PUBLIC_PAGES } from './pages.ts'
import { CACHE_RULES } from '#app/content/registry.ts'
import {
  type BenchServer,
  benchNumbers,
  buildAsAsked,
  machine,
  makeDataDir,
  printTable,
  round,
  seedDemo,
  startServer,
  waitForIdle,
  writeResults,
} from './support.ts'

const args = benchNumbers({ clients: 200, duration: 10, requests: 5000, workers: 2 })
const { clients, duration, requests, workers } = args
const TIMEOUT_S = 20
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, br' }
/** What visitors, feed readers and the pages' own links ask for, in turn. */
const PUBLIC_READS = [
  ...PUBLIC_PAGES,
  ...PUBLIC_PAGES.filter((page) => !CACHE_RULES.fresh.some((fresh) => fresh.test(page))).map((page) =>
    page === '/' ? '/_root.data' : `${page}.data`,
  ),
  '/gallery?category=youth',
  '/api/events',
  '/api/services',
  '/api/church_info',
  '/calendar.ics',
  '/sitemap.xml',
  '/robots.txt',
  '/no-such-page',
]

async function untilAllListening(server: BenchServer) {
  const deadline = Date.now() + 120_000
  while ((server.tail().match(/Lampstand is listening/g)?.length ?? 0) < workers) {
    if (Date.now() > deadline) throw new Error(`Not every worker started:\n${server.tail()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function cannon(server: BenchServer, path: string) {
  const options = {
    url: `${server.url}${path}`,
    connections: clients,
    headers: BROWSER_HEADERS,
    timeout: TIMEOUT_S,
    idReplacement: true,
  }
  await autocannon({ ...options, duration: 2 })
  await waitForIdle(server.pid)
  const result = await autocannon({ ...options, duration })
  return {
    path,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)]),
    ),
  }
}

/** Answers by status, requests that got none by cause, and the answered ones' latencies. */
function tally() {
  const statuses: Record<string, number> = {}
  const unanswered: Record<string, number> = {}
  const latencies: number[] = []
  return {
    /** One GET with Node's own client (`agent: false`: a connection of its own), counted. */
    get(url: string, agent: http.Agent | false) {
      const start = performance.now()
      return new Promise<void>((resolve) => {
        const request = http.get(url, { agent, headers: BROWSER_HEADERS }, (response) => {
          response.resume()
          response.on('end', () => {
            statuses[response.statusCode!] = (statuses[response.statusCode!] ?? 0) + 1
            latencies.push(performance.now() - start)
            resolve()
          })
        })
        request.setTimeout(TIMEOUT_S * 1000, () =>
          request.destroy(Object.assign(new Error(), { code: `none in ${TIMEOUT_S} s` })),
        )
        request.on('error', (error: NodeJS.ErrnoException) => {
          const why = `${error.code ?? error.message}${request.reusedSocket ? ' (reused connection)' : ''}`
          unanswered[why] = (unanswered[why] ?? 0) + 1
          resolve()
        })
      })
    },
    summary() {
      latencies.sort((a, b) => a - b)
      const at = (q: number) =>
        round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0)
      const count = (record: Record<string, number>) => Object.values(record).reduce((a, b) => a + b, 0)
      return {
        requests: count(statuses) + count(unanswered),
        p50Ms: at(0.5),
        p99Ms: at(0.99),
        maxMs: round(latencies.at(-1) ?? 0),
        statuses,
        unanswered,
      }
    },
  }
}

/** REQUESTS public reads, CLIENTS at a time, each client on a keep-alive connection of its own. */
async function crowdOfReads(server: BenchServer) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity })
  const reads = tally()
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let index = next++; index < requests; index = next++) {
        await reads.get(`${server.url}${PUBLIC_READS[index % PUBLIC_READS.length]}`, agent)
      }
    }),
  )
  agent.destroy()
  return { seconds: round((performance.now() - started) / 1000, 1), ...reads.summary() }
}

/**
 * For DURATION × 2 seconds, 60 clients keep the workers rendering the contact page (never cached) while CLIENTS
 * visitors read cached pages with a pause of 3.5–4.9 s between them, a quarter on a new connection each time,
 * the others on the one they have.
 */
async function visitorsWhileBusy(server: BenchServer) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity })
  const busy = tally()
  const visitors = tally()
  const pages = ['/', '/about', '/events', '/api/events', '/privacy-policy']
  const stop = Date.now() + duration * 2000
  await Promise.all([
    ...Array.from({ length: 60 }, async () => {
      while (Date.now() < stop) await busy.get(`${server.url}/contact`, agent)
    }),
    ...Array.from({ length: clients }, async (_, visitor) => {
      for (let page = visitor; Date.now() < stop; page++) {
        await visitors.get(`${server.url}${pages[page % pages.length]}`, visitor % 4 === 0 ? false : agent)
        await new Promise((resolve) => setTimeout(resolve, 3500 + Math.random() * 1400))
      }
    }),
  ])
  agent.destroy()
  return { busy: busy.summary(), visitors: visitors.summary() }
}

async function main() {
  buildAsAsked(args)
  const host = machine()
  const dataDir = makeDataDir()
  await seedDemo(dataDir)
  const server = await startServer({ dataDir, supervised: true, env: { WEB_CONCURRENCY: String(workers) } })
  try {
    await untilAllListening(server)
    const home = await cannon(server, '/')
    const query = await cannon(server, '/?x=[<id>]')
    await waitForIdle(server.pid)
    const reads = await crowdOfReads(server)
    await waitForIdle(server.pid)
    const { busy, visitors } = await visitorsWhileBusy(server)
    console.log(
      `${clients} clients on npm start with ${workers} workers (load average ${host.loadAverage[0]})`,
    )
    const row = (name: string, run: ReturnType<ReturnType<typeof tally>['summary']>) => [
      name,
      run.requests,
      run.p50Ms,
      run.p99Ms,
      run.maxMs,
      JSON.stringify(run.statuses),
      JSON.stringify(run.unanswered),
    ]
    printTable([
      {
        headers: ['address', 'requests', 'p50 ms', 'p99 ms', 'max ms', 'non-2xx', 'no answer'],
        rows: [home, query].map((run) => [
          run.path.replace('[<id>]', 'N'),
          run.requests,
          run.p50Ms,
          run.p99Ms,
          run.maxMs,
          run.non2xx,
          run.errors,
        ]),
      },
      {
        headers: ['crowd', 'requests', 'p50 ms', 'p99 ms', 'max ms', 'statuses', 'no answer'],
        rows: [
          row(`public reads (${reads.seconds} s)`, reads),
          row('contact page, 60 clients', busy),
          row(`visitors meanwhile`, visitors),
        ],
      },
    ])
    console.log(
      `Results: ${writeResults('crowd-', { machine: host, clients, workers, home, query, reads, busy, visitors })}`,
    )
  } finally {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
