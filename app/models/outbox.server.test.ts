import { describe, expect, test } from 'vitest'

import {
  claimDueMail,
  countWaitingMail,
  deleteOldMail,
  enqueueMail,
  mailProblems,
  markMailFailed,
  markMailSent,
} from './outbox.server.ts'
import { inTransaction } from '#app/db/database.server.ts'
import { testDatabase, testDatabases } from '#tests/test-database.ts'

const T0 = Date.UTC(2026, 10, 25, 12, 0, 0)
const mail = (to: string) => ({ to, subject: 'New message', text: 'Hello' })

describe.each(testDatabases)('$name', (kind) => {
  test('an e-mail is claimed by one worker at a time, and again only once its lease has run out', async () => {
    const db = await testDatabase(kind)
    const [id] = await enqueueMail({ db, mail: mail('office@example.ie'), now: T0 })
    const first = await claimDueMail({ db, owner: 'a', now: T0, leaseUntil: T0 + 90_000 })
    expect(first).toMatchObject({ id, attempts: 1, lease_owner: 'a', to_address: 'office@example.ie' })
    expect(await claimDueMail({ db, owner: 'b', now: T0 + 1_000, leaseUntil: T0 + 91_000 })).toBeNull()
    // Worker a died mid-send: after its lease, b takes the e-mail over; a's late word no longer counts.
    const second = await claimDueMail({ db, owner: 'b', now: T0 + 90_000, leaseUntil: T0 + 180_000 })
    expect(second).toMatchObject({ id, attempts: 2, lease_owner: 'b' })
    await markMailSent({ db, id, owner: 'a', now: T0 + 90_001 })
    expect(await countWaitingMail({ db })).toBe(1)
    await markMailSent({ db, id, owner: 'b', now: T0 + 90_002 })
    expect(await countWaitingMail({ db })).toBe(0)
    expect(await claimDueMail({ db, owner: 'c', now: T0 + 999_999, leaseUntil: T0 + 2_000_000 })).toBeNull()
  })

  test('many workers claiming at once each get different e-mails', async () => {
    const db = await testDatabase(kind)
    await enqueueMail({
      db,
      mail: Array.from({ length: 20 }, (_, index) => mail(`staff${index}@example.ie`)),
      now: T0,
    })
    const claims = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        claimDueMail({ db, owner: `w${index}`, now: T0, leaseUntil: T0 + 90_000 }),
      ),
    )
    const ids = claims.filter((claim) => claim !== null).map((claim) => claim!.id)
    expect(ids).toHaveLength(20)
    expect(new Set(ids).size).toBe(20)
  })

  test('a failure waits for its retry; a given-up e-mail and its reason are reported, then forgotten', async () => {
    const db = await testDatabase(kind)
    const [id] = await enqueueMail({ db, mail: mail('office@example.ie'), now: T0 })
    await claimDueMail({ db, owner: 'a', now: T0, leaseUntil: T0 + 90_000 })
    await markMailFailed({
      db,
      id,
      owner: 'a',
      now: T0,
      error: '535 5.7.8 Authentication failed',
      retryAt: T0 + 15_000,
    })
    expect(await claimDueMail({ db, owner: 'a', now: T0 + 14_999, leaseUntil: T0 + 99_999 })).toBeNull()
    expect(await mailProblems({ db, since: T0 - 1 })).toEqual({
      retrying: 1,
      failed: 0,
      lastError: '535 5.7.8 Authentication failed',
    })
    await claimDueMail({ db, owner: 'a', now: T0 + 15_000, leaseUntil: T0 + 105_000 })
    await markMailFailed({
      db,
      id,
      owner: 'a',
      now: T0 + 15_000,
      error: 'connect ECONNREFUSED',
      retryAt: null,
    })
    expect(await mailProblems({ db, since: T0 - 1 })).toEqual({
      retrying: 0,
      failed: 1,
      lastError: 'connect ECONNREFUSED',
    })
    expect(await claimDueMail({ db, owner: 'a', now: T0 + 10 ** 9, leaseUntil: T0 + 10 ** 9 })).toBeNull()
    expect(await deleteOldMail({ db, now: T0 + 29 * 24 * 3600_000 })).toBe(0)
    expect(await deleteOldMail({ db, now: T0 + 31 * 24 * 3600_000 })).toBe(1)
  })

  test('enqueueMail refuses an address that is not one, and writes nothing in a failed transaction', async () => {
    const db = await testDatabase(kind)
    await expect(
      enqueueMail({ db, mail: mail('office@example.ie\r\nBcc: x@example.net'), now: T0 }),
    ).rejects.toThrow(/Not an e-mail address/)
    await expect(
      inTransaction(db, async (trx) => {
        await enqueueMail({ db: trx, mail: mail('office@example.ie'), now: T0 })
        throw new Error('the message could not be saved')
      }),
    ).rejects.toThrow('the message could not be saved')
    expect(await countWaitingMail({ db })).toBe(0)
  })
})
