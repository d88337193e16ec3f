// One load run: autocannon against a URL while the serving process's memory is sampled.
import autocannon from 'autocannon'

import { readCpuMs, readRss, sampleRss, waitForIdle } from './support.ts'

export interface LoadOptions {
  url: string
  /** The process answering, whose RSS is sampled. */
  pid: number
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  duration: number
  connections: number
  /** Seconds of unrecorded load first (JIT, caches); default a fifth of the duration, 1–3 s. */
  warmup?: number
}

export interface LoadResult {
  rps: number
  p50Ms: number
  p99Ms: number
  /** The largest single process's peak (a worker's, when the supervisor runs several). */
  peakRssBytes: number
  /** The peak of all the server's processes together. */
  peakTotalRssBytes: number
  /** CPU time the serving process spent per answered request. */
  cpuMsPerRequest: number
  /** RSS just before the measured run, after the warm-up. */
  startRssBytes: number
  requests: number
  non2xx: number
  errors: number
  statusCodes: Record<string, number>
  throughputBytesPerSec: number
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { url, pid, method = 'GET', headers = {}, body, duration, connections } = options
  const warmup = options.warmup ?? Math.min(3, Math.max(1, Math.round(duration / 5)))
  const request = { url, method, headers, body, connections, timeout: 10 }
  await waitForIdle(pid)
  if (warmup > 0) await autocannon({ ...request, duration: warmup })
  // Requests still queued from the warm-up would be served, and counted, in the measured run.
  await waitForIdle(pid)
  const startRssBytes = readRss(pid)?.largest ?? 0
  const sampler = sampleRss(pid)
  const cpuBefore = readCpuMs(pid) ?? 0
  const result = await autocannon({ ...request, duration })
  const cpuMs = (readCpuMs(pid) ?? 0) - cpuBefore
  const peak = sampler.stop()
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)]),
  )
  return {
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    peakRssBytes: peak.largest,
    peakTotalRssBytes: peak.total,
    cpuMsPerRequest: result.requests.total > 0 ? cpuMs / result.requests.total : 0,
    startRssBytes,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    statusCodes,
    throughputBytesPerSec: result.throughput.average,
  }
}
