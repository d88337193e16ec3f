// `npm run bench:instances [-- --rounds 200 --duration 5 --connections 50 --rebuild --no-build]`
// Two instances of the production server on one PostgreSQL database, as behind a load balancer (one worker each on
// this machine's cores). Coherence: a service is saved through the first, and the second's very next GET of
// /services must show it — counted over many rounds, with how long the change took to arrive when it was not
// there at once. Cost: the cached home page's throughput on the second instance, next to one SQLite server's
// (which reads the content version from its database on every request) — the price of the check per request.
// Needs PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
import fs from 'node:fs'

import { runLoad } from './load.ts'
import {
  type BenchServer,
  benchNumbers,
  buildAsAsked,
  machine,
  makeDataDir,
  printTable,
  round,
  startServer,
  writeResults,
} from './support.ts'
import { createPostgresDatabase } from '../tests/test-server.ts'

const args = benchNumbers({ rounds: 200, duration: 5, connections: 50 })
const { rounds, duration, connections } = args
const ADMIN = { email: 'bench@example.org', password: 'bench-password-1234' }
const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** Signs in through the API as a browser would and answers the session cookie. */
async function signIn(url: string) {
  const answer = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(ADMIN),
  })
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  if (answer.status !== 200 || !cookie)
    throw new Error(`Sign-in failed: ${answer.status} ${await answer.text()}`)
  return cookie
}

/** Milliseconds from the save's answer until `url` shows `text` (0: the very next GET had it). */
async function arrival(url: string, text: string, savedAt: number) {
  for (let attempt = 0; ; attempt++) {
    const answer = await fetch(url)
    const page = await answer.text()
    if (page.includes(text)) return { first: attempt === 0, ms: performance.now() - savedAt }
    if (process.env.BENCH_DEBUG)
      console.log(
        '  stale',
        attempt,
        answer.headers.get('x-cache'),
        round(performance.now() - savedAt, 1),
        'ms',
      )
    if (performance.now() - savedAt > 5_000) throw new Error(`${text} had not reached ${url} after 5 s`)
  }
}

async function main() {
  const built = buildAsAsked(args)
  const host = machine()
  const database = await createPostgresDatabase(POSTGRES_URL)
  const dataDir = makeDataDir()
  const servers: BenchServer[] = []
  try {
    const env = {
      DATABASE_URL: database.url,
      WEB_CONCURRENCY: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      AUTH_SECRET: 'bench-secret-shared-by-both-instances-0123456789',
    }
    // One after the other, the first migrates and seeds; both as `npm start` runs them.
    console.log('Starting two instances on one PostgreSQL database …')
    const one = await startServer({ dataDir, env, supervised: true })
    servers.push(one)
    const two = await startServer({ dataDir, env: { ...env, SEED_DEMO: 'false' }, supervised: true })
    servers.push(two)
    const cookie = await signIn(one.url)

    console.log(`Coherence: ${rounds} saves through the first, each read back at once from the second …`)
    const delays: number[] = []
    let firstTime = 0
    for (let round = 1; round <= rounds; round++) {
      // The second's page is cached before each save, so a stale cache would show.
      await fetch(`${two.url}/services`)
      const name = `Coherence Vigil ${round} ${Date.now()}`
      const saved = await fetch(`${one.url}/api/services`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: one.url, cookie },
        body: JSON.stringify({ name, day: 'Friday', time: '7:00 PM', type: 'regular', description: '' }),
      })
      if (saved.status !== 201) throw new Error(`Saving a service: ${saved.status} ${await saved.text()}`)
      const seen = await arrival(`${two.url}/services`, name, performance.now())
      if (seen.first) firstTime++
      delays.push(seen.ms)
    }
    delays.sort((a, b) => a - b)
    const coherence = {
      rounds,
      onTheNextGet: firstTime,
      medianMs: delays[Math.floor(delays.length / 2)],
      maxMs: delays[delays.length - 1],
    }

    console.log(`Cost: cached GET / for ${duration} s at ${connections} connections …`)
    const headers = { 'accept-encoding': 'gzip, br' }
    await fetch(`${two.url}/`, { headers })
    const postgres = await runLoad({ url: `${two.url}/`, pid: two.pid, duration, connections, headers })
    for (const server of servers.splice(0)) await server.stop()

    const sqliteDir = makeDataDir()
    const sqlite = await startServer({ dataDir: sqliteDir, env: { WEB_CONCURRENCY: '1' }, supervised: true })
    servers.push(sqlite)
    await fetch(`${sqlite.url}/`, { headers })
    const single = await runLoad({ url: `${sqlite.url}/`, pid: sqlite.pid, duration, connections, headers })
    await sqlite.stop()
    servers.length = 0
    fs.rmSync(sqliteDir, { recursive: true, force: true })

    const perRequestUs = (rps: number) => 1e6 / rps
    console.log(
      `\nTwo instances on one PostgreSQL — ${host.cpus} CPUs, load average ${host.loadAverage[0]} before the run\n`,
    )
    printTable([
      {
        headers: ['', 'figure'],
        rows: [
          ['saves read back at once from the other instance', `${coherence.onTheNextGet} of ${rounds}`],
          ['from the save’s answer to the other showing it, median', `${round(coherence.medianMs, 1)} ms`],
          ['… slowest', `${round(coherence.maxMs, 1)} ms`],
          [
            'cached GET /, second instance (PostgreSQL, version heard by NOTIFY)',
            `${round(postgres.rps)} req/s, p99 ${postgres.p99Ms} ms, ${round(perRequestUs(postgres.rps))} µs a request`,
          ],
          [
            'cached GET /, one SQLite server (version read per request)',
            `${round(single.rps)} req/s, p99 ${single.p99Ms} ms, ${round(perRequestUs(single.rps))} µs a request`,
          ],
        ],
      },
    ])
    const file = writeResults('instances', {
      startedAt: new Date().toISOString(),
      built,
      machine: host,
      coherence,
      postgres,
      single,
    })
    console.log(`\nSaved ${file}`)
  } finally {
    for (const server of servers) await server.stop()
    await database.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
