// The table `npm run bench` prints: load, first views' weight, the admin's messages, pages rendered afresh, the
// weekly news.
import { type DigestBench, digestSection } from './digest.ts'
import { LARGE } from './large-data.ts'
import type { LoadResult } from './load.ts'
import type { PageWeight } from './page-weight.ts'
import { formatTargets, kb, type machine, mb, printTable, round, target, type Target } from './support.ts'
import { TARGETS } from './targets.ts'
import type { Timing, timeMessagesPage } from './timings.ts'

export interface LoadRow {
  name: string
  result: LoadResult
  ratio?: number
  targets: Target[]
}

export function printReport(
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
  const sections: Section[] = [loadSection(rows), weightSection(weights)]
  if (messagesPage) sections.push(messagesSection(messagesPage))
  sections.push(freshPagesSection(eventPages))
  if (digest) sections.push(digestSection(digest, TARGETS.digestAssemblyMs))
  printTable(sections.filter((section) => section.rows.length > 0))
  if (loadAverage[0] > cpus / 2) {
    console.log(
      `\nNote: the machine was busy (load average ${loadAverage[0]} on ${cpus} CPUs): req/s and latency are lower and` +
        ' noisier than on a quiet machine; CPU ms per request is the steadier figure.',
    )
  }
}

interface Section {
  headers: string[]
  rows: (string | number)[][]
}

function loadSection(rows: LoadRow[]): Section {
  return {
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
  }
}

function weightSection(weights: PageWeight[]): Section {
  return {
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
  }
}

function messagesSection(messagesPage: Awaited<ReturnType<typeof timeMessagesPage>>): Section {
  return {
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
  }
}

function freshPagesSection(eventPages: Timing[]): Section {
  return {
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
  }
}
