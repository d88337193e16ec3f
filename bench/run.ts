// `npm run bench [-- --duration 10 --connections 50 --large --rebuild --no-build]`
// Throughput, latency and memory of the production server on the demo content, a bare Node server as the
// yardstick, render throughput with the page cache off, and what each public page weighs on a first visit.
// Everything runs on 127.0.0.1; one table is printed and the figures are kept in bench/results/<time>.json.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { benchDigest, type DigestBench, DIGEST_SUBSCRIBERS } from './digest.ts'
import { addLargeData, LARGE } from './large-data.ts'
import { type LoadResult, runLoad } from './load.ts'
import { measurePageWeights, type PageWeight } from './page-weight.ts'
import { PUBLIC_PAGES } from './pages.ts'
import { fetchHome, startNginxReference, startReferenceServer } from './reference.ts'
import { type LoadRow, printReport } from './report.ts'
import {
  BUILD_DIR,
  type BenchServer,
  ensureBuild,
  machine,
  makeDataDir,
  mb,
  ROOT,
  round,
  seedDemo,
  START_NODE_FLAGS,
  startServer,
  target,
  writeResults,
} from './support.ts'
import { BROWSER_HEADERS, TARGETS } from './targets.ts'
import { ADMIN, type Timing, timeMessagesPage, timeSequential } from './timings.ts'
import { measureWithWrk, printWrk } from './wrk.ts'

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    large: { type: 'boolean', default: false },
    rebuild: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    // For trying runtime settings, e.g. --node-options="--max-old-space-size=128" (given to every server started).
    'node-options': { type: 'string' },
    // Parts can be left out for a quick look at the rest.
    'no-load': { type: 'boolean', default: false },
    'no-weight': { type: 'boolean', default: false },
  },
})
const duration = Number(args.duration)
const connections = Number(args.connections)
if (!(duration > 0) || !(connections > 0))
  throw new Error('--duration and --connections must be positive numbers')

async function main() {
  const startedAt = new Date()
  // Taken before the benchmark adds its own load.
  const host = machine()
  const built = ensureBuild({ force: args.rebuild, skip: args['no-build'] })
  const dataDir = makeDataDir()
  const servers: BenchServer[] = []
  const stopAll = async () => {
    await Promise.allSettled(servers.map((server) => server.stop()))
  }
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)))

  try {
    const baseEnv = {
      // The contact form's limit is per IP and every benchmark request comes from 127.0.0.1.
      CONTACT_RATE_LIMIT: '1000000000',
      ...(args.large ? { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } : {}),
      ...(args['node-options'] ? { NODE_OPTIONS: args['node-options'] } : {}),
    }
    const digest = await prepareData(dataDir)

    // As `npm start` runs it: the supervisor and one worker per CPU.
    const server = await startServer({ dataDir, env: baseEnv, supervised: true })
    servers.push(server)
    const loadRun = args['no-load'] ? null : await measureLoad(server)
    let weights: PageWeight[] = []
    if (!args['no-weight']) {
      console.log('Page weight: first view of each public page in Chromium …')
      weights = await measurePageWeights(server.url, PUBLIC_PAGES)
    }
    let messagesPage: Awaited<ReturnType<typeof timeMessagesPage>> | null = null
    if (args.large) {
      console.log('Admin messages page, signed in …')
      messagesPage = await timeMessagesPage(server.url)
    }
    await server.stop()

    const rows = loadRun?.rows ?? []
    const uncachedServer = await startServer({
      dataDir,
      env: { ...baseEnv, PAGE_CACHE: 'false' },
      supervised: true,
    })
    servers.push(uncachedServer)
    // The pages that list events and sermons, each rendered afresh: what a visitor waits for after any change
    // (with --large: 1,000 events, 500 sermons; the archive filtered by a book, and the newest sermon's page).
    console.log('Events and sermons, rendered afresh (page cache off) …')
    const eventPages: Timing[] = []
    const [newest] = (await (await fetch(`${uncachedServer.url}/api/sermons`)).json()) as Array<{
      id: string
    }>
    for (const path of [
      '/calendar.ics',
      '/sermons/feed.xml',
      '/events',
      '/',
      '/api/events',
      '/sermons',
      '/sermons?book=Rom',
      ...(newest ? [`/sermons/${newest.id}`] : []),
    ]) {
      eventPages.push(await timeSequential(uncachedServer.url, path, {}))
    }
    if (loadRun) {
      const uncached = await load('GET / (page cache off)', `${uncachedServer.url}/`, uncachedServer.pid)
      rows.splice(2, 0, {
        name: 'GET / uncached render',
        result: uncached,
        ratio: uncached.rps / loadRun.referenceRps,
        targets: [
          target(uncached.rps >= TARGETS.uncachedRps, `≥ ${TARGETS.uncachedRps} req/s`),
          rssTarget(uncached),
        ],
      })
    }
    await uncachedServer.stop()

    const home = loadRun?.home
    const report = {
      startedAt: startedAt.toISOString(),
      options: {
        duration,
        connections,
        large: args.large,
        nodeOptions: args['node-options'] ?? null,
        startFlags: START_NODE_FLAGS,
        buildDir: path.relative(ROOT, BUILD_DIR),
        built,
      },
      machine: host,
      targets: TARGETS,
      home: home ? { bytes: home.body.length, headers: home.headers } : null,
      load: rows,
      wrk: loadRun?.wrk ?? null,
      pageWeight: weights,
      messagesPage,
      eventPages,
      digest,
    }
    printReport(report.options, host, rows, weights, messagesPage, eventPages, digest)
    if (loadRun?.wrk) printWrk(loadRun.wrk)
    console.log(`\nSaved ${writeResults('', report)}`)
  } finally {
    await stopAll()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The demo content, and with --large the large data and the weekly news for its subscribers (timed). */
async function prepareData(dataDir: string) {
  console.log('Seeding the demo content …')
  await seedDemo(dataDir)
  if (args.large) {
    console.log(
      `Adding ${LARGE.events} events, ${LARGE.galleryImages} gallery images, ${LARGE.messages} messages and ${LARGE.sermons} sermons …`,
    )
    const began = performance.now()
    await addLargeData(dataDir)
    console.log(`  done in ${round((performance.now() - began) / 1000, 1)} s`)
  }
  let digest: DigestBench | null = null
  if (args.large) {
    console.log(`Weekly news for ${DIGEST_SUBSCRIBERS} subscribers …`)
    const measured = await benchDigest(dataDir)
    digest = measured
    console.log(
      `  assembled in ${Object.entries(measured.assemblyMs)
        .map(
          ([language, ms]) =>
            `${round(ms, 1)} ms, ${round(measured.assemblyCpuMs[language] ?? 0, 1)} ms CPU (${language})`,
        )
        .join(
          ', ',
        )}; ${measured.queued} e-mails queued in ${round(measured.sendMs)} ms, outbox inserts of ${measured.outboxInserts.join(', ')} rows`,
    )
  }
  return digest
}

function load(name: string, url: string, pid: number, options: Partial<Parameters<typeof runLoad>[0]> = {}) {
  process.stdout.write(`  ${name} …`)
  return runLoad({ url, pid, duration, connections, headers: BROWSER_HEADERS, ...options }).then((result) => {
    process.stdout.write(` ${round(result.rps)} req/s\n`)
    return result
  })
}

const rssTarget = (result: LoadResult) =>
  target(mb(result.peakRssBytes) <= TARGETS.rssMB, `RSS ≤ ${TARGETS.rssMB} MB a process`)

/** The load rows against the running (cached) server, with the bare reference right after GET /. */
async function measureLoad(server: BenchServer) {
  console.log(`Load: ${duration} s per row at ${connections} connections`)
  const rows: LoadRow[] = []
  const home = await fetchHome(server.url)
  const cached = await load('GET / (page cache)', `${server.url}/`, server.pid)
  const reference = await startReferenceServer(home)
  let referenceResult: LoadResult
  try {
    referenceResult = await load('reference', `${reference.url}/`, reference.pid)
  } finally {
    await reference.stop()
  }
  const referenceRps = referenceResult.rps
  const ratio = cached.rps / referenceRps
  const nginx = await startNginxReference(home)
  let nginxResult: LoadResult | null = null
  if (nginx) {
    try {
      nginxResult = await load('nginx', `${nginx.url}/`, nginx.pid)
    } finally {
      await nginx.stop()
    }
  } else {
    console.log('  nginx is not installed (apt-get install nginx-light): its reference row is left out')
  }
  rows.push({
    name: `GET / (cached, br${nginxResult ? `: ${round(cached.rps / nginxResult.rps, 2)} of nginx's` : ''})`,
    result: cached,
    ratio,
    targets: [
      target(ratio >= TARGETS.cachedVsReference, `≥ ${TARGETS.cachedVsReference * 100}% of reference`),
      ...(nginxResult
        ? [target(cached.rps >= nginxResult.rps * TARGETS.cachedVsNginx, '≥ half of nginx')]
        : []),
      target(cached.p99Ms <= TARGETS.cachedP99Ms, `p99 ≤ ${TARGETS.cachedP99Ms} ms`),
      rssTarget(cached),
    ],
  })
  rows.push({ name: 'reference: bare node:http, same bytes', result: referenceResult, ratio: 1, targets: [] })
  if (nginxResult) {
    rows.push({
      name: 'reference: nginx, same bytes from a file',
      result: nginxResult,
      ratio: nginxResult.rps / referenceRps,
      targets: [],
    })
  }
  // The same two, uncompressed (a client that asks for no encoding), beside: what the bytes cost to send.
  if (nginx) {
    const IDENTITY = { 'accept-encoding': 'identity' }
    const plain = await load('GET / (page cache, identity)', `${server.url}/`, server.pid, {
      headers: IDENTITY,
    })
    const plainNginx = await startNginxReference(await fetchHome(server.url, IDENTITY))
    let plainNginxResult: LoadResult
    try {
      plainNginxResult = await load('nginx, identity', `${plainNginx!.url}/`, plainNginx!.pid, {
        headers: IDENTITY,
      })
    } finally {
      await plainNginx!.stop()
    }
    rows.push({
      name: `GET / (cached, identity: ${round(plain.rps / plainNginxResult.rps, 2)} of nginx's)`,
      result: plain,
      ratio: plain.rps / referenceRps,
      targets: [],
    })
    rows.push({
      name: 'reference: nginx, identity',
      result: plainNginxResult,
      ratio: plainNginxResult.rps / referenceRps,
      targets: [],
    })
  }
  const wrk = await measureWithWrk(server)
  for (const pagePath of ['/events', '/calendar.ics', '/gallery', '/api/events']) {
    const name = `GET ${pagePath}`
    const result = await load(name, server.url + pagePath, server.pid)
    rows.push({ name, result, ratio: result.rps / referenceRps, targets: [rssTarget(result)] })
  }
  const contact = await load('POST /api/contact_messages', `${server.url}/api/contact_messages`, server.pid, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({
      first_name: 'Bench',
      last_name: 'Mark',
      email: 'bench@example.org',
      phone: '',
      subject: 'Load test',
      message: 'Hello from the benchmark. Could you tell me when the Sunday service starts?',
    }),
  })
  rows.push({
    name: 'POST /api/contact_messages',
    result: contact,
    ratio: contact.rps / referenceRps,
    targets: [rssTarget(contact)],
  })
  return { rows, home, referenceRps, wrk }
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exitCode = 1
})
