// Debian's wrk (`apt-get install wrk`): a load generator written in C, so that on two cores the servers measured,
// not the generator, are the bottleneck (issue 50: autocannon, JavaScript on the same cores, saturates first and
// pulls every ratio towards 1). `npm run bench` prints its figures beside autocannon's.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import { promisify } from 'node:util'

import { waitForIdle } from './support.ts'

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
