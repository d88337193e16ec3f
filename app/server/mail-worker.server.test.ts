import { expect, test } from 'vitest'

import { mailErrorReason, retryDelayMs } from './mail-worker.server.ts'

test('retries come within a minute first, then grow: to 2 minutes while unreachable, to an hour after a 5xx', () => {
  expect([1, 2, 3, 4, 5, 10].map((attempts) => retryDelayMs(attempts, false) / 1000)).toEqual([
    15, 30, 60, 120, 120, 120,
  ])
  expect([1, 2, 3, 4, 5].map((attempts) => retryDelayMs(attempts, true) / 1000)).toEqual([
    30, 120, 480, 1920, 3600,
  ])
})

test('the reason kept for a failure is the SMTP server’s own answer when it gave one', () => {
  expect(
    mailErrorReason({
      response: '535 5.7.8  Authentication\r\n failed',
      code: 'EAUTH',
      message: 'Invalid login',
    }),
  ).toBe('535 5.7.8 Authentication failed')
  expect(mailErrorReason({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:2525' })).toBe(
    'connect ECONNREFUSED 127.0.0.1:2525',
  )
  expect(mailErrorReason({ code: 'ETIMEDOUT', message: 'Greeting never received' })).toBe(
    'Greeting never received (ETIMEDOUT)',
  )
})
