// `npm run bench [-- --duration 10 --connections 50 --large --rebuild --no-build]`
// Throughput, latency and memory of the production server on the demo content, a bare Node server as the
// yardstick, render throughput with the page cache off, and what each public page weighs on a first visit.
// Everything runs on 127.0.0.1; one table is printed and the figures are kept in bench/results/<time>.json.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'

import { benchDigest, type DigestBench, digestSection, DIGEST_SUBSCRIBERS } from './digest.ts'
import { addLargeData, LARGE } from './large-data.ts'
import { type LoadResult, runLoad } from './load.ts'
import { measurePageWeights, type PageWeight } from './page-weight.ts'
import { PUBLIC_PAGES } from './pages.ts'
import { startNginxReference, startReferenceServer } from './reference.ts'
import {
  BUILD_DIR,
  type BenchServer,
  ensureBuild,
  formatTargets,
  kb,
  machine,
  makeDataDir,
  mb,
  printTable,
  ROOT,
  round,
  seedDemo,
  START_NODE_FLAGS,
  startServer,
  target,
  type Target,
  writeResults,
} from './support.ts'
import { bestWrk, WRK_PATH, type WrkResult } from './wrk.ts'

const TARGETS = {
  cachedVsReference: 0.6,
  /** Issue 30: the cached home at least half of nginx serving the same compressed bytes. */
  cachedVsNginx: 0.5,
  cachedP99Ms: 20,
  uncachedRps: 930,
  rssMB: 200,
  homeTransferKB: 281,
  homeJsKB: 100,
  messagesPageMs: 200,
  /** The calendar feed rendered afresh (page cache off), with every event in it. */
  uncachedFeedMs: 50,
  /** Issue 48: the week's digest made from the large data, per language. */
  digestAssemblyMs: 1000,
}

const ADMIN = { email: 'bench@example.org', password: 'bench-password-1234' }
/** The admin messages page with a search and a sort, as a person would use it. */
const MESSAGES_QUERY = '?q=kelly&sort=first_name&dir=asc'
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, br' }

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

interface LoadRow {
  name: string
  result: LoadResult
  ratio?: number
  targets: Target[]
}

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

/** wrk's figures: the cached home against nginx serving the same bytes, per encoding (issue 50). */
interface WrkComparison {
  encoding: string
  bytes: number
  lampstand: WrkResult
  /** A bare node:http server answering the same bytes from memory: what Node itself allows. */
  node: WrkResult
  nginx: WrkResult
  ratio: number
}

/**
 * The cached home and nginx with the same bytes, each measured by wrk (2 threads, 10 connections, 8 s, the better
 * of two runs): gzip, the figure issue 50 names, and what a browser gets (br). Null without wrk or nginx.
 */
async function measureWithWrk(server: BenchServer): Promise<WrkComparison[] | null> {
  if (!WRK_PATH) {
    console.log('  wrk is not installed (apt-get install wrk): its figures are left out')
    return null
  }
  const comparisons: WrkComparison[] = []
  for (const encoding of ['gzip', 'br']) {
    const headers = { 'accept-encoding': encoding }
    const home = await fetchHome(server.url, headers)
    const options = { headers, seconds: 8, connections: 10 }
    process.stdout.write(`  wrk, GET / (${encoding}): page cache …`)
    const lampstand = await bestWrk({ ...options, url: `${server.url}/`, pid: server.pid })
    process.stdout.write(` ${round(lampstand.rps)} req/s; bare node:http …`)
    const bare = await startReferenceServer(home)
    const node = await bestWrk({ ...options, url: `${bare.url}/`, pid: bare.pid }).finally(() => bare.stop())
    process.stdout.write(` ${round(node.rps)} req/s; nginx …`)
    const nginx = await startNginxReference(home)
    if (!nginx) return null
    const reference = await bestWrk({ ...options, url: `${nginx.url}/`, pid: nginx.pid }).finally(() =>
      nginx.stop(),
    )
    process.stdout.write(` ${round(reference.rps)} req/s\n`)
    comparisons.push({
      encoding,
      bytes: home.body.length,
      lampstand,
      node,
      nginx: reference,
      ratio: lampstand.rps / reference.rps,
    })
  }
  return comparisons
}

function printWrk(comparisons: WrkComparison[]) {
  console.log('\nwrk -t2 -c10 -d8s, best of 2: the cached home against nginx with the same bytes')
  for (const { encoding, bytes, lampstand, node, nginx, ratio } of comparisons) {
    const ok = ratio >= TARGETS.cachedVsNginx ? '✓' : '✗'
    console.log(
      `  ${encoding.padEnd(4)} ${kb(bytes)} KB: ${round(lampstand.rps)} req/s (p99 ${round(lampstand.p99Ms, 2)} ms) ` +
        `vs nginx ${round(nginx.rps)} = ${round(ratio, 3)} ${ok} ≥ ${TARGETS.cachedVsNginx}; ` +
        `bare node:http ${round(node.rps)} = ${round(node.rps / nginx.rps, 3)} of nginx; errors ${lampstand.errors}`,
    )
  }
}

/** The home page as a browser gets it: compressed bytes and the headers that describe them. */
async function fetchHome(url: string, headers: Record<string, string> = BROWSER_HEADERS) {
  const { request } = await import('node:http')
  return new Promise<{ body: Buffer; headers: Record<string, string> }>((resolve, reject) => {
    // node:http, not fetch: fetch would decompress the body.
    const req = request(`${url}/`, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`GET / answered ${res.statusCode}`))
        const headers: Record<string, string> = {}
        for (const name of ['content-type', 'content-encoding', 'vary', 'cache-control', 'etag']) {
          const value = res.headers[name]
          if (typeof value === 'string') headers[name] = value
        }
        resolve({ body: Buffer.concat(chunks), headers })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

interface Timing {
  path: string
  status: number
  bytes: number
  medianMs: number
  p95Ms: number
}

/** Times `count` requests for `target` one after another (after two that warm up the JIT and SQLite's cache). */
async function timeSequential(url: string, target: string, headers: Record<string, string>, count = 20) {
  const samples: number[] = []
  let status = 0
  let bytes = 0
  for (let i = 0; i < count + 2; i++) {
    const began = performance.now()
    const response = await fetch(url + target, {
      headers: { ...headers, ...BROWSER_HEADERS },
      redirect: 'manual',
    })
    const body = await response.arrayBuffer()
    const ms = performance.now() - began
    status = response.status
    bytes = body.byteLength
    if (i >= 2) samples.push(ms)
  }
  samples.sort((a, b) => a - b)
  return {
    path: target,
    status,
    bytes,
    medianMs: samples[Math.floor(samples.length / 2)],
    p95Ms: samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.95) - 1)],
  } satisfies Timing
}

/** Signs in and times the messages page (document and `.data`) with a search and a sort, one request at a time. */
async function timeMessagesPage(url: string, count = 20) {
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(ADMIN),
  })
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ')
  if (!signIn.ok || !cookie) throw new Error(`Sign-in failed: ${signIn.status} ${await signIn.text()}`)
  return {
    messages: LARGE.messages,
    document: await timeSequential(url, `/admin/messages${MESSAGES_QUERY}`, { cookie }, count),
    data: await timeSequential(url, `/admin/messages.data${MESSAGES_QUERY}`, { cookie }, count),
  }
}

function printReport(
  options: {
    duration: number
    connections: number
    large: boolean
    buildDir: string
    nodeOptions: string | null
    startFlags: string[]
  },
  { cpus, loadAverage }: ReturnType<typeof machine>,
  rows: LoadRow[],
  weights: PageWeight[],
  messagesPage: Awaited<ReturnType<typeof timeMessagesPage>> | null,
  eventPages: Timing[],
  digest: DigestBench | null,
) {
  console.log(
    `\nLampstand benchmark — ${options.buildDir}, ${options.duration} s per row at ${options.connections} connections` +
      `${options.large ? `, large data (${LARGE.events} events, ${LARGE.galleryImages} pictures, ${LARGE.messages} messages)` : ', demo content'}` +
      `, npm start's supervisor with ${cpus} workers${options.startFlags.length ? ` (node ${options.startFlags.join(' ')})` : ''}` +
      `${options.nodeOptions ? `, NODE_OPTIONS=${options.nodeOptions}` : ''}` +
      `, ${cpus} CPUs, load average ${loadAverage[0]} before the run\n`,
  )
  const sections: { headers: string[]; rows: (string | number)[][] }[] = [
    {
      headers: [
        'Load (GETs send Accept-Encoding: gzip, br)',
        'req/s',
        'p50 ms',
        'p99 ms',
        'RSS MB (largest process)',
        'CPU ms/req',
        'vs ref',
        'targets',
      ],
      rows: rows.map(({ name, result, ratio, targets }) => [
        name + (result.non2xx || result.errors ? ` [${result.non2xx} non-2xx, ${result.errors} errors]` : ''),
        round(result.rps),
        round(result.p50Ms, 1),
        round(result.p99Ms, 1),
        round(mb(result.peakRssBytes), 1),
        round(result.cpuMsPerRequest, 2),
        ratio === undefined ? '' : `${round(ratio * 100)}%`,
        formatTargets(targets),
      ]),
    },
    {
      headers: [
        'First view, phone (KB compressed)',
        'HTML',
        'CSS',
        'JS',
        'images',
        'fonts',
        'total',
        'requests',
        'targets',
      ],
      rows: weights.map((weight) => {
        const targets =
          weight.path === '/'
            ? [
                target(
                  kb(weight.transferBytes) <= TARGETS.homeTransferKB,
                  `total ≤ ${TARGETS.homeTransferKB} KB`,
                ),
                target(kb(weight.jsBytes) <= TARGETS.homeJsKB, `JS ≤ ${TARGETS.homeJsKB} KB`),
              ]
            : []
        return [
          weight.path + (weight.status === 200 ? '' : ` [${weight.status}]`),
          round(kb(weight.htmlBytes), 1),
          round(kb(weight.cssBytes), 1),
          round(kb(weight.jsBytes), 1),
          round(kb(weight.imageBytes), 1),
          round(kb(weight.fontBytes), 1),
          round(kb(weight.transferBytes), 1),
          weight.requests + (weight.stubbed ? ` (${weight.stubbed} stubbed)` : ''),
          formatTargets(targets),
        ]
      }),
    },
  ]
  if (messagesPage) {
    sections.push({
      headers: [
        `Admin messages, ${messagesPage.messages} rows, signed in`,
        'median ms',
        'p95 ms',
        'KB',
        'status',
        'targets',
      ],
      rows: [messagesPage.document, messagesPage.data].map((timing) => [
        `GET ${timing.path}`,
        round(timing.medianMs, 1),
        round(timing.p95Ms, 1),
        round(kb(timing.bytes), 1),
        timing.status,
        formatTargets([
          target(
            timing.status === 200 && timing.medianMs <= TARGETS.messagesPageMs,
            `≤ ${TARGETS.messagesPageMs} ms`,
          ),
        ]),
      ]),
    })
  }
  sections.push({
    headers: [
      'Events and sermons, rendered afresh (page cache off)',
      'median ms',
      'p95 ms',
      'KB',
      'status',
      'targets',
    ],
    rows: eventPages.map((timing) => [
      `GET ${timing.path}`,
      round(timing.medianMs, 1),
      round(timing.p95Ms, 1),
      round(kb(timing.bytes), 1),
      timing.status,
      formatTargets(
        timing.path === '/calendar.ics' || timing.path === '/sermons/feed.xml'
          ? [
              target(
                timing.status === 200 && timing.medianMs <= TARGETS.uncachedFeedMs,
                `≤ ${TARGETS.uncachedFeedMs} ms`,
              ),
            ]
          : [],
      ),
    ]),
  })
  if (digest) sections.push(digestSection(digest, TARGETS.digestAssemblyMs))
  printTable(sections.filter((section) => section.rows.length > 0))
  if (loadAverage[0] > cpus / 2) {
    console.log(
      `\nNote: the machine was busy (load average ${loadAverage[0]} on ${cpus} CPUs): req/s and latency are lower and` +
        ' noisier than on a quiet machine; CPU ms per request is the steadier figure.',
    )
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exitCode = 1
})
