import { expect, test } from 'vitest'

import { oncePerContentVersion } from './content-version.server.ts'
import { inTransaction } from './database.server.ts'
import { testDatabase } from '#tests/test-database.ts'

test('a read kept under the content version is read again after a change, and afresh inside a transaction', async () => {
  const db = await testDatabase({ postgres: false })
  let reads = 0
  const read = () => oncePerContentVersion(db, 'count', async () => ++reads)
  expect(await read()).toBe(1)
  expect(await read()).toBe(1)
  expect(await oncePerContentVersion(db, 'another key', async () => 'other')).toBe('other')
  await db.contentVersion.bump()
  expect(await read()).toBe(2)
  expect(await inTransaction(db, (trx) => oncePerContentVersion(trx, 'count', async () => ++reads))).toBe(3)
  expect(await read()).toBe(2)
})

test('a read that fails is tried again by the next caller', async () => {
  const db = await testDatabase({ postgres: false })
  await expect(
    oncePerContentVersion(db, 'flaky', async () => {
      throw new Error('the database was busy')
    }),
  ).rejects.toThrow('the database was busy')
  expect(await oncePerContentVersion(db, 'flaky', async () => 'read')).toBe('read')
})
