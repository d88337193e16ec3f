// npm run bench:audio [-- --megabytes 200 --rate 5 --clients 10 --pages-rate 0 --seconds 15 --uncached --no-build]
//
// A sermon's audio uploaded while visitors read the site (issue 27): one server as `npm start` runs each worker
// (its heap limit, the demo content), a 200 MB MP3 sent as the admin's audio field sends it (resumable, 8 MB
// pieces), and meanwhile CLIENTS visitors asking for pages. Reports the server's resident memory at its peak
// during the upload (budget: 200 MB) and the pages' p99 latency during the upload against the same load without
// it (budget: 2×). `--uncached` turns the page cache off, so every page is rendered.
import autocannon, { type Result } from 'autocannon'

import { silentMp3 } from '../tests/fixtures/audio.ts'
import { signIn } from '../tests/integration/support.ts'
import { TEST_ADMIN } from '../tests/test-server.ts'
import {
  type BenchServer,
  ensureBuild,
  makeDataDir,
  readRss,
  seedDemo,
  startServer,
  waitForIdle,
  writeResults,
} from './support.ts'

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`)
  return index === -1 ? fallback : Number(args[index + 1])
}
const MEGABYTES = option('megabytes', 200)
const CLIENTS = option('clients', 10)
/**
 * Visitors' requests a second, spread over the clients, or 0: each client asks again as soon as it is answered,
 * which keeps the worker saturated, so its p99 is mostly the queue in front of it. At a steady rate below what
 * the worker can do, p99 is what a visitor waits for a page while the upload runs.
 */
const PAGES_RATE = option('pages-rate', 0)
const BASELINE_SECONDS = option('seconds', 15)
const UNCACHED = args.includes('--uncached')
/** Send at most so many MB a second (a church's broadband sends 1–5), or as fast as the loopback allows (0). */
const RATE = option('rate', 0)
const MB = 1024 * 1024
// Paced, the file goes in 1 MB pieces spread over each second; unpaced, in the admin field's 8 MB pieces.
const PIECE_BYTES = RATE ? MB : 8 * MB
const PAGES = ['/', '/sermons', '/events', '/about']
const RSS_BUDGET = 200 * 1024 * 1024

/** The visitors' load on the pages for `duration` seconds (stopped early with `.stop()`). */
function pageLoad(server: BenchServer, duration: number) {
  return {
    url: server.url,
    connections: CLIENTS,
    duration,
    ...(PAGES_RATE ? { overallRate: PAGES_RATE } : {}),
    requests: PAGES.map((path) => ({ method: 'GET', path })),
  }
}

function cannon(server: BenchServer, duration: number) {
  return autocannon(pageLoad(server, duration))
}

/** Peak resident memory of the server while `work` runs, sampled every 50 ms. */
async function peakRss<T>(pid: number, work: () => Promise<T>) {
  let peak = readRss(pid)?.total ?? 0
  const timer = setInterval(() => {
    peak = Math.max(peak, readRss(pid)?.total ?? 0)
  }, 50)
  try {
    const result = await work()
    return { result, peak }
  } finally {
    clearInterval(timer)
  }
}

async function main() {
  ensureBuild({ skip: args.includes('--no-build') })
  // Seeded by a process of its own: the demo pictures' drawing leaves sharp's memory behind, which a site seeded
  // once does not carry.
  const dataDir = makeDataDir()
  await seedDemo(dataDir)
  const server = await startServer({
    dataDir,
    env: {
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      PAGE_CACHE: UNCACHED ? 'false' : 'true',
    },
  })
  try {
    const admin = await signIn(server.url, TEST_ADMIN)
    const { content, seconds } = silentMp3(MEGABYTES * MB)
    console.log(
      `${(content.length / MB).toFixed(1)} MB of MP3 (${Math.round(seconds / 60)} min)${RATE ? ` at ${RATE} MB/s` : ''}, ${CLIENTS} clients${PAGES_RATE ? ` at ${PAGES_RATE} requests/s` : ''} on ${PAGES.join(' ')}${UNCACHED ? ' (page cache off)' : ''}`,
    )

    await cannon(server, 3)
    await waitForIdle(server.pid)
    const idleRss = readRss(server.pid)?.total ?? 0
    const baseline = await peakRss(server.pid, () => cannon(server, BASELINE_SECONDS))
    await waitForIdle(server.pid)

    let uploadMs = 0
    let answer = ''
    const during = await peakRss(server.pid, async () => {
      let loadDone: (result: Result) => void = () => {}
      const loaded = new Promise<Result>((resolve) => (loadDone = resolve))
      const load = autocannon(pageLoad(server, 600), (_error, result) => loadDone(result))
      const started = performance.now()
      const created = await admin.request('POST', '/api/uploads/tus', {
        headers: {
          'Tus-Resumable': '1.0.0',
          'Upload-Length': String(content.length),
          'Upload-Metadata': `filename ${Buffer.from('bench.mp3').toString('base64')}`,
        },
      })
      if (created.status !== 201)
        throw new Error(`Could not start the upload: ${created.status} ${created.text}`)
      const location = created.headers.get('location')!
      for (let offset = 0; offset < content.length; offset += PIECE_BYTES) {
        const piece = await admin.request('PATCH', location, {
          headers: {
            'Tus-Resumable': '1.0.0',
            'Upload-Offset': String(offset),
            'Content-Type': 'application/offset+octet-stream',
          },
          body: new Uint8Array(content.subarray(offset, offset + PIECE_BYTES)),
        })
        if (piece.status >= 300) throw new Error(`Piece at ${offset}: ${piece.status} ${piece.text}`)
        answer = piece.text
        if (RATE) {
          const due = started + ((offset + PIECE_BYTES) / MB / RATE) * 1000
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())))
        }
      }
      uploadMs = performance.now() - started
      load.stop()
      return loaded
    })

    const ratio = during.result.latency.p99 / Math.max(1, baseline.result.latency.p99)
    const rows = [
      ['', 'requests', 'p50 ms', 'p99 ms', 'max ms', 'non-2xx', 'peak RSS'],
      [
        'pages alone',
        baseline.result.requests.total,
        baseline.result.latency.p50,
        baseline.result.latency.p99,
        baseline.result.latency.max,
        baseline.result.non2xx,
        `${(baseline.peak / MB).toFixed(0)} MB`,
      ],
      [
        'pages during the upload',
        during.result.requests.total,
        during.result.latency.p50,
        during.result.latency.p99,
        during.result.latency.max,
        during.result.non2xx,
        `${(during.peak / MB).toFixed(0)} MB`,
      ],
    ]
    for (const row of rows) console.log(row.map((cell) => String(cell).padStart(12)).join(' '))
    console.log(`idle RSS before the load: ${(idleRss / MB).toFixed(0)} MB`)
    console.log(
      `upload: ${(content.length / MB).toFixed(0)} MB in ${(uploadMs / 1000).toFixed(1)} s (${(content.length / MB / (uploadMs / 1000)).toFixed(1)} MB/s), answer ${answer}`,
    )
    const file = writeResults('audio-upload-', {
      megabytes: MEGABYTES,
      rateMBps: RATE || null,
      clients: CLIENTS,
      pagesRate: PAGES_RATE || null,
      pageCache: !UNCACHED,
      uploadMs: Math.round(uploadMs),
      idleRssBytes: idleRss,
      alone: {
        p50Ms: baseline.result.latency.p50,
        p99Ms: baseline.result.latency.p99,
        peakRssBytes: baseline.peak,
      },
      during: {
        p50Ms: during.result.latency.p50,
        p99Ms: during.result.latency.p99,
        peakRssBytes: during.peak,
      },
      p99Ratio: ratio,
    })
    console.log(`saved in ${file}`)
    console.log(
      `p99 during / alone: ${ratio.toFixed(2)}× (budget 2×): ${ratio <= 2 ? 'within' : 'OVER'}; peak RSS ${(during.peak / MB).toFixed(0)} MB (budget ${RSS_BUDGET / MB} MB): ${during.peak <= RSS_BUDGET ? 'within' : 'OVER'}`,
    )
  } finally {
    await server.stop()
  }
}

await main()
