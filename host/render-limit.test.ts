import { EventEmitter } from 'node:events'

import type { Request, Response } from 'express'
import { afterEach, expect, test, vi } from 'vitest'

import { createRenderLimit } from './render-limit.ts'

/** A request and the parts of its response the limit uses, recording what is sent. */
function fakeExchange(method = 'GET', path = '/') {
  const sent: { status?: number; headers: Record<string, string>; body?: unknown; type?: string } = {
    headers: {},
  }
  const res = Object.assign(new EventEmitter(), {
    destroyed: false,
    writableEnded: false,
    headersSent: false,
    sent,
    status(code: number) {
      sent.status = code
      return res
    },
    set(headers: Record<string, string>) {
      Object.assign(sent.headers, headers)
      return res
    },
    type(type: string) {
      sent.type = type
      return res
    },
    json(body: unknown) {
      sent.body = body
      res.headersSent = true
      return res
    },
    send(body: unknown) {
      sent.body = body
      res.headersSent = true
      return res
    },
  })
  return { req: { method, path } as Request, res: res as unknown as Response & typeof res }
}

const options = { max: 2, maxWaiting: 10, maxWaitMs: 10_000, retryAfterSeconds: 5 }
const settle = () => new Promise((resolve) => setImmediate(resolve))

afterEach(() => {
  vi.useRealTimers()
})

test('at most `max` GETs render at once; the others wait their turn in order, and writes never wait', async () => {
  const limit = createRenderLimit(options)
  const started: number[] = []
  const exchanges = [0, 1, 2, 3].map(() => fakeExchange())
  exchanges.forEach(({ req, res }, index) => limit.middleware(req, res, () => started.push(index)))
  await settle()
  expect(started).toEqual([0, 1])

  const post = fakeExchange('POST')
  let posted = false
  await limit.middleware(post.req, post.res, () => (posted = true))
  expect(posted).toBe(true)

  exchanges[0].res.emit('finish')
  exchanges[0].res.emit('close') // both events of one answer free one turn only
  await settle()
  expect(started).toEqual([0, 1, 2])
  exchanges[1].res.emit('close')
  await settle()
  expect(started).toEqual([0, 1, 2, 3])
})

test('a visitor who left while waiting gives the place to the next one', async () => {
  const limit = createRenderLimit({ ...options, max: 1 })
  const started: string[] = []
  const first = fakeExchange()
  const gone = fakeExchange()
  const last = fakeExchange()
  void limit.middleware(first.req, first.res, () => started.push('first'))
  void limit.middleware(gone.req, gone.res, () => started.push('gone'))
  void limit.middleware(last.req, last.res, () => started.push('last'))
  Object.assign(gone.res, { destroyed: true })
  gone.res.emit('close')
  first.res.emit('finish')
  await settle()
  expect(started).toEqual(['first', 'last'])
  last.res.emit('finish')
  const next = fakeExchange()
  void limit.middleware(next.req, next.res, () => started.push('next'))
  await settle()
  expect(started).toEqual(['first', 'last', 'next'])
  expect(gone.res.sent.status).toBeUndefined()
})

test('past `maxWaiting` waiting, a request is answered 503 with Retry-After at once, as JSON under /api', async () => {
  const limit = createRenderLimit({ ...options, max: 1, maxWaiting: 2 })
  const started: string[] = []
  for (const name of ['rendering', 'waiting 1', 'waiting 2']) {
    const { req, res } = fakeExchange()
    void limit.middleware(req, res, () => started.push(name))
  }
  const page = fakeExchange('GET', '/events')
  const api = fakeExchange('GET', '/api/events')
  let passed = false
  await limit.middleware(page.req, page.res, () => (passed = true))
  await limit.middleware(api.req, api.res, () => (passed = true))
  expect(passed).toBe(false)
  expect(started).toEqual(['rendering'])
  expect(page.res.sent).toEqual({
    status: 503,
    headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' },
    type: 'text/plain',
    body: 'The site is busy. Please try again in a moment.',
  })
  expect(api.res.sent).toMatchObject({
    status: 503,
    headers: { 'Retry-After': '5' },
    body: { error: { message: 'The site is busy. Please try again in a moment.' } },
  })
})

test('a request that waited `maxWaitMs` is answered 503 with Retry-After, and its place goes to the next', async () => {
  vi.useFakeTimers()
  const limit = createRenderLimit({ ...options, max: 1, maxWaitMs: 10_000 })
  const started: string[] = []
  const first = fakeExchange()
  void limit.middleware(first.req, first.res, () => started.push('first'))
  const early = fakeExchange()
  void limit.middleware(early.req, early.res, () => started.push('early'))
  await vi.advanceTimersByTimeAsync(6_000)
  const late = fakeExchange()
  void limit.middleware(late.req, late.res, () => started.push('late'))
  await vi.advanceTimersByTimeAsync(4_000)
  expect(early.res.sent.status).toBe(503)
  expect(early.res.sent.headers['Retry-After']).toBe('5')
  expect(late.res.sent.status).toBeUndefined()
  first.res.emit('finish')
  await vi.advanceTimersByTimeAsync(0)
  expect(started).toEqual(['first', 'late'])
})

test('takeTurn lets another caller (the page cache) wait for a turn held until its response ends', async () => {
  const limit = createRenderLimit({ ...options, max: 1 })
  const one = fakeExchange()
  const two = fakeExchange()
  expect(await limit.takeTurn(one.req, one.res)).toBe(true)
  let second: boolean | undefined
  void limit.takeTurn(two.req, two.res).then((ok) => (second = ok))
  await settle()
  expect(second).toBeUndefined()
  one.res.emit('finish')
  await settle()
  expect(second).toBe(true)
})
