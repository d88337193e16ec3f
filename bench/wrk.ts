// Debian's wrk (`apt-get install wrk`): a load generator written in C, so that on two cores the servers measured,
// not the generator, are the bottleneck (issue 50: autocannon, JavaScript on the same cores, saturates first and
// pulls every ratio towards 1). `npm run bench` prints its figures beside autocannon's.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import { promisify } from 'node:util'

import { fetchHome, startNginxReference, startReferenceServer } from './reference.ts'
import { type BenchServer, kb, round, waitForIdle } from './support.ts'
import { TARGETS } from './targets.ts'

export const WRK_PATH = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((file) => fs.existsSync(file)) ?? null

export interface WrkResult {
  rps: number
  p50Ms: number
  p99Ms: number
  requests: number
  /** Answers that were not 2xx or 3xx, and socket errors (connect, read, write, timeout). */
  errors: number
}

/** wrk's duration: "1.23ms", "456.00us", "2.01s". */
function parseDuration(text: string) {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim())
  if (!match) return Number.NaN
  const value = Number(match[1])
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[
    match[2] as 'us' | 'ms' | 's' | 'm'
  ]
}

export function parseWrk(output: string): WrkResult {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output)
  const requests = /(\d+) requests in/.exec(output)
  if (!rps || !requests) throw new Error(`wrk printed no figures:\n${output}`)
  const percentile = (p: number) => {
    const line = new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(output)
    return line ? parseDuration(line[1]) : Number.NaN
  }
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output)
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(output)
  return {
    rps: Number(rps[1]),
    p50Ms: percentile(50),
    p99Ms: percentile(99),
    requests: Number(requests[1]),
    errors:
      (non2xx ? Number(non2xx[1]) : 0) +
      (socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  }
}

/** One wrk run (`-t threads -c connections -d seconds --latency`) after the server has gone quiet. */
export async function runWrk(options: {
  url: string
  pid: number
  headers: Record<string, string>
  seconds: number
  connections: number
  threads?: number
}): Promise<WrkResult> {
  if (!WRK_PATH) throw new Error('wrk is not installed (apt-get install wrk)')
  await waitForIdle(options.pid)
  const header = Object.entries(options.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  const { stdout } = await promisify(execFile)(WRK_PATH, [
    `-t${options.threads ?? 2}`,
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--latency',
    ...header,
    options.url,
  ])
  return parseWrk(stdout)
}

/** The better of `runs` runs (the machine's other work only ever slows a run down). */
export async function bestWrk(options: Parameters<typeof runWrk>[0], runs = 2) {
  let best: WrkResult | null = null
  for (let run = 0; run < runs; run++) {
    const result = await runWrk(options)
    if (!best || result.rps > best.rps) best = result
  }
  return best!
}

/** wrk's figures: the cached home against nginx serving the same bytes, per encoding (issue 50). */
export interface WrkComparison {
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
export async function measureWithWrk(server: BenchServer): Promise<WrkComparison[] | null> {
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

export function printWrk(comparisons: WrkComparison[]) {
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
