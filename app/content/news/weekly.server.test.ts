import pino from 'pino'
import { describe, expect, test } from 'vitest'

import { saveChurchInfo } from '#app/content/church-info/model.server.ts'
import { createEvent } from '#app/content/events/model.server.ts'
import type { Db } from '#app/db/database.server.ts'
import type { Clock } from '#app/lib/clock.ts'
import { createSealer } from '#app/lib/seal.server.ts'
import { enqueueMail } from '#app/models/outbox.server.ts'
import { makeChurchInfo, makeEvent } from '#tests/factories.ts'
import { testDatabase, testDatabases } from '#tests/test-database.ts'

import { claimDigest, recordDigestProgress } from './digests-model.server.ts'
import { createSubscriber } from './model.server.ts'
import { subscriberToken, tokenHash } from './subscriber-links.server.ts'
import { runDueDigest, runDuePreview, skipNextDigest, type WeeklyNewsDeps } from './weekly.server.ts'

const SECRET = 'a-test-secret-of-some-length'
/** Saturday 9 January 2027, 09:00 in Dublin. */
const NINE = Date.parse('2027-01-09T09:00:00Z')
const MINUTE = 60_000

describe.each(testDatabases)('$name', (kind) => {
  async function site({ withNews = true, subscribers = 7 } = {}) {
    const db = await testDatabase(kind)
    await saveChurchInfo({
      db,
      data: makeChurchInfo({
        timezone: 'Europe/Dublin',
        languages: ['en', 'ml'],
        digest_day: 6,
        digest_hour: 9,
      }),
    })
    if (withNews) {
      await createEvent({
        db,
        data: makeEvent({
          title: 'Parish supper',
          starts_at: '2027-01-12T19:00',
          ends_at: '2027-01-12T21:00',
        }),
      })
    }
    for (let index = 0; index < subscribers; index++) {
      const id = `sub-${String(index).padStart(3, '0')}`
      await createSubscriber({
        db,
        row: {
          id,
          email: `reader${index}@example.org`,
          name: null,
          language: index % 3 === 0 ? 'ml' : 'en',
          status: index === 5 ? 'unsubscribed' : 'active',
          suspended_reason: null,
          confirm_token_hash: tokenHash(subscriberToken(SECRET, 'confirm', id)),
          unsubscribe_token_hash: tokenHash(subscriberToken(SECRET, 'unsubscribe', id)),
          created_at: '2027-01-01T10:00:00.000Z',
          confirmed_at: '2027-01-01T10:05:00.000Z',
          last_confirmation_sent_at: null,
        },
      })
    }
    return db
  }

  const deps = (db: Db, at: number, pace = { rate: 25, dailyLimit: 1500 }): WeeklyNewsDeps => ({
    db,
    clock: { now: () => new Date(at) } satisfies Clock,
    logger: pino({ level: 'silent' }),
    secret: SECRET,
    siteAddress: { get: async () => 'https://grace.example' },
    mailSealer: createSealer(SECRET, 'outbox'),
    from: 'office@grace.example',
    pace,
  })

  const outbox = (db: Db) =>
    db.kysely.selectFrom('outbox').select(['ref_id', 'subject', 'not_before']).orderBy('ref_id').execute()
  const weeks = (db: Db) => db.kysely.selectFrom('digests').select(['week', 'status', 'recipients']).execute()

  test('two workers at 09:00 queue one weekly e-mail per confirmed subscriber between them, in their language', async () => {
    const db = await site()
    expect(await runDueDigest(deps(db, NINE - 1000))).toBeNull()
    const outcomes = await Promise.all([runDueDigest(deps(db, NINE + 5)), runDueDigest(deps(db, NINE + 7))])
    expect(outcomes.filter(Boolean)).toEqual([{ week: '2027-01-09', status: 'queued' }])
    const rows = await outbox(db)
    expect(rows.map((row) => row.ref_id)).toEqual([
      'sub-000',
      'sub-001',
      'sub-002',
      'sub-003',
      'sub-004',
      'sub-006',
    ])
    expect(rows.filter((row) => row.subject.startsWith('ഈ ആഴ്ച')).map((row) => row.ref_id)).toEqual([
      'sub-000',
      'sub-003',
      'sub-006',
    ])
    expect((await weeks(db)).map((row) => ({ ...row, recipients: Number(row.recipients) }))).toEqual([
      { week: '2027-01-09', status: 'queued', recipients: 6 },
    ])
    // Later the same week: done already.
    expect(await runDueDigest(deps(db, NINE + 60 * MINUTE))).toBeNull()
    expect(await outbox(db)).toHaveLength(6)
  })

  test('a worker killed halfway leaves the rest of the week to the next one, each subscriber queued once', async () => {
    const db = await site()
    // The first worker queued three e-mails, recorded them, and died.
    await claimDigest({
      db,
      week: '2027-01-09',
      dueAt: new Date(NINE).toISOString(),
      owner: 'dead',
      now: NINE,
      leaseUntil: NINE + 5 * MINUTE,
    })
    await enqueueMail({
      db,
      mail: ['sub-000', 'sub-001', 'sub-002'].map((id) => ({
        to: `${id}@example.org`,
        subject: 'x',
        text: 'x',
        refId: id,
      })),
      now: NINE,
    })
    expect(
      await recordDigestProgress({
        db,
        week: '2027-01-09',
        owner: 'dead',
        lastSubscriberId: 'sub-002',
        queued: 3,
        leaseUntil: NINE + 5 * MINUTE,
      }),
    ).toBe(true)
    // Its lease holds: nobody else goes on yet.
    expect(await runDueDigest(deps(db, NINE + 4 * MINUTE))).toBeNull()
    expect(await runDueDigest(deps(db, NINE + 6 * MINUTE))).toEqual({ week: '2027-01-09', status: 'queued' })
    expect((await outbox(db)).map((row) => row.ref_id)).toEqual([
      'sub-000',
      'sub-001',
      'sub-002',
      'sub-003',
      'sub-004',
      'sub-006',
    ])
    expect(Number((await weeks(db))[0]!.recipients)).toBe(6)
    // The dead worker's lease is gone: what it would record now is refused.
    expect(
      await recordDigestProgress({
        db,
        week: '2027-01-09',
        owner: 'dead',
        lastSubscriberId: 'sub-004',
        queued: 1,
        leaseUntil: NINE + 10 * MINUTE,
      }),
    ).toBe(false)
  })

  test('nothing new sends nothing and says so; a week not started within a day of its hour is never sent, one stuck halfway is dropped', async () => {
    const quiet = await site({ withNews: false })
    expect(await runDueDigest(deps(quiet, NINE))).toEqual({ week: '2027-01-09', status: 'empty' })
    expect(await outbox(quiet)).toEqual([])

    const late = await site()
    expect(await runDueDigest(deps(late, NINE + 24 * 60 * MINUTE))).toBeNull()
    expect(await outbox(late)).toEqual([])
    expect(await weeks(late)).toEqual([])

    // Started, its worker died, and nobody could go on within the day: dropped, the rest never sent.
    const stuck = await site()
    await claimDigest({
      db: stuck,
      week: '2027-01-09',
      dueAt: new Date(NINE).toISOString(),
      owner: 'dead',
      now: NINE,
      leaseUntil: NINE + 5 * MINUTE,
    })
    expect(await runDueDigest(deps(stuck, NINE + 24 * 60 * MINUTE))).toEqual({
      week: '2027-01-09',
      status: 'dropped',
    })
    expect(await outbox(stuck)).toEqual([])
  })

  test('the e-mails are spread at DIGEST_RATE a minute', async () => {
    const db = await site()
    await runDueDigest(deps(db, NINE, { rate: 2, dailyLimit: 1500 }))
    expect((await outbox(db)).map((row) => (Number(row.not_before) - NINE) / MINUTE)).toEqual([
      0, 0, 1, 1, 2, 2,
    ])
  })

  const FRIDAY_SIX = Date.parse('2027-01-08T18:00:00Z')

  test('staff get the preview the day before at 18:00, once; the week then leaves at its hour', async () => {
    const db = await site()
    const preview = (at: number) =>
      runDuePreview({ ...deps(db, at), recipients: ['pastor@grace.example', 'office@grace.example'] })
    expect(await preview(FRIDAY_SIX - 1000)).toBeNull()
    expect(await preview(FRIDAY_SIX)).toEqual({ week: '2027-01-09', status: 'pending' })
    expect(await preview(FRIDAY_SIX + MINUTE)).toBeNull()
    const previews = await db.kysely
      .selectFrom('outbox')
      .select(['to_address', 'subject', 'text_body', 'ref_id'])
      .execute()
    expect(previews.map((row) => [row.to_address, row.subject, row.ref_id])).toEqual([
      ['pastor@grace.example', expect.stringMatching(/^Preview: /), null],
      ['office@grace.example', expect.stringMatching(/^Preview: /), null],
    ])
    expect(previews[0]!.text_body).toContain('Saturday 9 January 2027')
    expect(previews[0]!.text_body).toContain('Parish supper')
    expect(await runDueDigest(deps(db, NINE))).toEqual({ week: '2027-01-09', status: 'queued' })
    expect(await outbox(db)).toHaveLength(2 + 6)
  })

  test('“Skip this week” keeps the next weekly news from leaving; “Send now” sends it at once, and not again at its hour', async () => {
    const skipped = await site()
    expect(await skipNextDigest(deps(skipped, FRIDAY_SIX + MINUTE))).toMatchObject({
      week: '2027-01-09',
      status: 'skipped',
    })
    expect(await runDueDigest(deps(skipped, NINE))).toBeNull()
    expect(await outbox(skipped)).toEqual([])

    const early = await site()
    expect(await runDueDigest(deps(early, FRIDAY_SIX + MINUTE), { sendNow: true })).toEqual({
      week: '2027-01-09',
      status: 'queued',
    })
    expect(await outbox(early)).toHaveLength(6)
    expect(await runDueDigest(deps(early, NINE))).toBeNull()
    // Sent already: it cannot be skipped any more.
    expect((await skipNextDigest(deps(early, NINE - MINUTE))).status).toBe('queued')
    expect(await outbox(early)).toHaveLength(6)
  })
})
