import http from 'node:http'

import { afterAll, beforeAll, expect, test } from 'vitest'

import { startServer, type TestServer } from '../test-server.ts'
import { sleep } from './support.ts'

// A crowd on `npm start` (its supervisor, two workers, the demo content): while 60 clients keep both workers
// rendering a page that is never cached, 200 visitors read cached pages as people do — a page, a pause of a few
// seconds, the next page — a quarter of them on a new connection each time, the others on the one they have
// (reused after less than the 5 s a server usually announces). Every request must be answered: with the page, or
// with 503 and Retry-After when the render queue is full; never a reset, nor nothing within 20 s. Before the
// workers accepted their own connections, new ones waited in the supervisor's line past 20 s (67 of 463).

const SECONDS = 20
const CLIENT_TIMEOUT_MS = 20_000
const CACHED = ['/', '/about', '/events', '/api/events', '/privacy-policy']

let server: TestServer

beforeAll(async () => {
  server = await startServer({
    entry: 'scripts/start.js',
    seed: true,
    env: { WEB_CONCURRENCY: '2' },
    // A line per request: only the end is kept, for a failure's message.
    keepOutput: 20_000,
  })
  const deadline = Date.now() + 60_000
  while ((server.output().match(/Lampstand is listening/g)?.length ?? 0) < 2) {
    if (Date.now() > deadline) throw new Error(`The second worker did not start:\n${server.output()}`)
    await sleep(100)
  }
})

afterAll(async () => {
  await server?.stop()
})

interface Tally {
  statuses: Record<string, number>
  failures: Record<string, number>
  retryAfterMissing: number
}

/** One GET with Node's own client (`agent: false` for a connection of its own); counts what came back. */
function get(path: string, agent: http.Agent | false, tally: Tally) {
  const url = new URL(path, server.url)
  return new Promise<void>((resolve) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume()
      response.on('end', () => {
        tally.statuses[response.statusCode!] = (tally.statuses[response.statusCode!] ?? 0) + 1
        if (response.statusCode === 503 && !response.headers['retry-after']) tally.retryAfterMissing++
        resolve()
      })
    })
    request.setTimeout(CLIENT_TIMEOUT_MS, () =>
      request.destroy(Object.assign(new Error(), { code: 'NO ANSWER' })),
    )
    request.on('error', (error: NodeJS.ErrnoException) => {
      const why = `${path} ${error.code ?? error.message}${request.reusedSocket ? ' (reused connection)' : ''}`
      tally.failures[why] = (tally.failures[why] ?? 0) + 1
      resolve()
    })
  })
}

test('a crowd on two workers: every request is answered, cached pages with the page', async () => {
  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: Infinity })
  const busy: Tally = { statuses: {}, failures: {}, retryAfterMissing: 0 }
  const visitors: Tally = { statuses: {}, failures: {}, retryAfterMissing: 0 }
  for (const path of CACHED) await get(path, false, visitors)
  const stop = Date.now() + SECONDS * 1000
  await Promise.all([
    // Never cached: the contact page is rendered for each request.
    ...Array.from({ length: 60 }, async () => {
      while (Date.now() < stop) await get('/contact', keepAlive, busy)
    }),
    ...Array.from({ length: 200 }, async (_, visitor) => {
      for (let page = visitor; Date.now() < stop; page++) {
        await get(CACHED[page % CACHED.length], visitor % 4 === 0 ? false : keepAlive, visitors)
        await sleep(3500 + Math.random() * 1400)
      }
    }),
  ])
  keepAlive.destroy()
  console.info('busy', JSON.stringify(busy), 'visitors', JSON.stringify(visitors))

  expect(visitors.failures).toEqual({})
  expect(busy.failures).toEqual({})
  expect(Object.keys(visitors.statuses)).toEqual(['200'])
  expect(Object.keys(busy.statuses).filter((status) => status !== '200' && status !== '503')).toEqual([])
  expect(busy.retryAfterMissing).toBe(0)
})
