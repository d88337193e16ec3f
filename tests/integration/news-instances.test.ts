import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { makeChurchInfo, makeEvent } from '../factories.ts'
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../smtp-server.ts'
import { createPostgresDatabase, startServer, type TestServer } from '../test-server.ts'
import { ADMIN, runSql, querySql, signIn, sleep } from './support.ts'

// Weekly news by e-mail (issue 48) from two server instances on one PostgreSQL database: both watch the clock
// (CLOCK_START half a minute before Saturday 09:00 in Dublin, the church's default digest hour), one of them claims
// the week, and both send its e-mails from the shared outbox. One is killed (SIGKILL) halfway through the sending;
// the other sends the rest, and every subscriber gets the week's news once.

const POSTGRES = process.env.TEST_DATABASE_URL
/** Saturday 9 January 2027, 08:59:30 in Dublin (UTC in winter). */
const CLOCK_START = '2027-01-09T08:59:30Z'
const SUBSCRIBERS = 20

const isDigest = (received: ReceivedMail) => received.mail.headerLines.some((line) => line.key === 'list-id')

describe.skipIf(!POSTGRES)('PostgreSQL', () => {
  let smtp: TestSmtpServer
  const servers: TestServer[] = []
  let dropDatabase: (() => Promise<void>) | undefined
  let dataDir: string
  let databaseUrl: string

  beforeAll(async () => {
    smtp = await startSmtpServer()
    // One data directory (the server's secret, which signs the e-mails' links) and one database for both.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-news-instances-'))
    const shared = await createPostgresDatabase(POSTGRES!)
    dropDatabase = shared.drop
    databaseUrl = shared.url
    const env = {
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'office@example.org',
      CLOCK_START,
      // Ten a minute: the first ten leave at 09:00, the other ten a minute later.
      DIGEST_RATE: '10',
    }
    const first = await startServer({ dataDir, admin: ADMIN, publicUrl: true, env })
    servers.push(first)
    servers.push(await startServer({ dataDir, env: { ...env, PUBLIC_URL: first.url } }))
  }, 180_000)

  afterAll(async () => {
    for (const server of servers) await server.stop()
    await dropDatabase?.()
    await smtp?.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('at 09:00 two instances send each confirmed subscriber the week’s news once between them, even when one is killed halfway', async () => {
    const [first, second] = servers as [TestServer, TestServer]
    const db = { server: { ...first, databaseUrl } }
    const admin = await signIn(first.url, ADMIN)
    const info = await admin.put('/api/church_info', {
      ...makeChurchInfo(),
      timezone: 'Europe/Dublin',
      digest_day: 6,
      digest_hour: 9,
    })
    expect(info.status, info.text).toBe(200)
    const event = await admin.post(
      '/api/events',
      makeEvent({ title: 'Parish supper', starts_at: '2027-01-12T19:00', ends_at: '2027-01-12T21:00' }),
    )
    expect(event.status, event.text).toBe(201)
    const emails = Array.from({ length: SUBSCRIBERS }, (_, index) => `reader${index}@example.org`)
    const rows = emails.map(
      (email, index) =>
        `('sub-${index}', '${email}', 'en', 'active', 'confirm-${index}', 'unsubscribe-${index}', ` +
        `'2027-01-01T10:00:00.000Z', '2027-01-01T10:05:00.000Z')`,
    )
    await runSql(
      db,
      `insert into subscribers (id, email, language, status, confirm_token_hash, unsubscribe_token_hash, created_at, confirmed_at) values ${rows.join(', ')}`,
    )

    const digests = () => smtp.received.filter(isDigest)
    async function until(what: string, done: () => boolean, timeoutMs: number) {
      const start = Date.now()
      while (!done()) {
        if (Date.now() - start > timeoutMs) {
          throw new Error(
            `${what}: not within ${timeoutMs} ms (${digests().length} sent)\n${first.output().slice(-2000)}`,
          )
        }
        await sleep(50)
      }
    }
    // The hour is at most 30 s away on either clock, and each looks every 10 s.
    await until('the first minute’s weekly news', () => digests().length >= SUBSCRIBERS / 2, 90_000)
    // Killed between two sends: a send cut in the middle could reach the mailbox without being marked sent, and
    // would rightly be tried again (the outbox sends at least once; a mailbox may see such a copy twice).
    let count = digests().length
    let quietSince = Date.now()
    await until(
      'a pause between sends',
      () => {
        if (digests().length !== count) [count, quietSince] = [digests().length, Date.now()]
        return Date.now() - quietSince > 1_000
      },
      30_000,
    )
    const sentBeforeKill = digests().length
    process.kill(first.pid, 'SIGKILL')
    expect(sentBeforeKill).toBeLessThan(SUBSCRIBERS)

    await until('the rest of the weekly news', () => digests().length >= SUBSCRIBERS, 90_000)
    // A little longer: no second copy.
    await sleep(3_000)
    const recipients = digests().flatMap((received) => received.envelope.to)
    expect(recipients.sort()).toEqual([...emails].sort())
    expect(new Set(recipients).size).toBe(SUBSCRIBERS)
    const weeks = await querySql<{ week: string; status: string; recipients: number }>(
      { server: { ...second, databaseUrl } },
      'select week, status, recipients from digests',
    )
    expect(weeks.map((week) => ({ ...week, recipients: Number(week.recipients) }))).toEqual([
      { week: '2027-01-09', status: 'queued', recipients: SUBSCRIBERS },
    ])
    const waiting = await querySql<{ count: string }>(
      { server: { ...second, databaseUrl } },
      'select count(*) as count from outbox where sent_at is null',
    )
    expect(Number(waiting[0]!.count)).toBe(0)
  }, 240_000)
})
