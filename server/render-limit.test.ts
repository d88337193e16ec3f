import { EventEmitter } from 'node:events'

import type { Request, Response } from 'express'
import { expect, test } from 'vitest'

import { limitRenders } from './render-limit.ts'

function fakeExchange(method = 'GET') {
  const res = Object.assign(new EventEmitter(), { destroyed: false, writableEnded: false })
  return { req: { method } as Request, res: res as unknown as Response & EventEmitter }
}

test('at most `max` GETs render at once; the others wait their turn in order, and writes never wait', () => {
  const limit = limitRenders(2)
  const started: number[] = []
  const exchanges = [0, 1, 2, 3].map(() => fakeExchange())
  exchanges.forEach(({ req, res }, index) => limit(req, res, () => started.push(index)))
  expect(started).toEqual([0, 1])

  const post = fakeExchange('POST')
  let posted = false
  limit(post.req, post.res, () => (posted = true))
  expect(posted).toBe(true)

  exchanges[0].res.emit('finish')
  exchanges[0].res.emit('close') // both events of one answer free one turn only
  expect(started).toEqual([0, 1, 2])
  exchanges[1].res.emit('close')
  expect(started).toEqual([0, 1, 2, 3])
})

test('a visitor who left while waiting gives the turn to the next one', () => {
  const limit = limitRenders(1)
  const started: string[] = []
  const first = fakeExchange()
  const gone = fakeExchange()
  const last = fakeExchange()
  limit(first.req, first.res, () => started.push('first'))
  limit(gone.req, gone.res, () => started.push('gone'))
  limit(last.req, last.res, () => started.push('last'))
  Object.assign(gone.res, { destroyed: true })
  first.res.emit('finish')
  expect(started).toEqual(['first', 'last'])
  last.res.emit('finish')
  const next = fakeExchange()
  limit(next.req, next.res, () => started.push('next'))
  expect(started).toEqual(['first', 'last', 'next'])
})
