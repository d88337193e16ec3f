import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import type { Clock } from '#app/lib/clock.ts'
import { getYoutubeCheck, saveYoutubeChannel } from '#app/models/settings.server.ts'
import { LocalImageStorage } from '#app/storage/images.server.ts'
import { testDatabase, testDatabases } from '#tests/test-database.ts'
import { SAVED_CHANNEL_ID, startYoutubeServer } from '#tests/youtube-server.ts'
import { listSermons } from './model.server.ts'
import {
  ChannelProblem,
  parseChannelFeed,
  runDueYoutubeCheck,
  YOUTUBE_CHECK_EVERY_MS,
  sermonReadiness,
} from './youtube-import.server.ts'

let youtube: Awaited<ReturnType<typeof startYoutubeServer>>
let storage: LocalImageStorage
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-youtube-'))
beforeAll(async () => {
  youtube = await startYoutubeServer()
  storage = new LocalImageStorage(uploads)
  await storage.init()
})
afterAll(async () => {
  await youtube.stop()
  fs.rmSync(uploads, { recursive: true, force: true })
})

const logger = pino({ level: 'silent' })

async function closedPort() {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}
/** A clock that says what the test set last. */
function settableClock(iso: string) {
  let now = new Date(iso)
  const clock: Clock = { now: () => now }
  return { clock, set: (next: Date) => (now = next) }
}

test('parseChannelFeed reads the saved channel feed, and refuses what is not one in words', () => {
  const xml = fs.readFileSync(
    path.join(import.meta.dirname, '../../../tests/fixtures/youtube-channel.xml'),
    'utf8',
  )
  expect(parseChannelFeed(xml)).toEqual([
    expect.objectContaining({ id: 'Zq3uJd9F1xA', published: new Date('2026-11-23T03:15:00Z') }),
    expect.objectContaining({ id: 'b7Kp2Rr0mWc', title: 'Midweek Bible Study: Romans 8' }),
  ])
  expect(() => parseChannelFeed('<html><body>Sign in</body></html>')).toThrow(ChannelProblem)
  expect(() => parseChannelFeed('<html><body>Sign in</body></html>')).toThrow(
    'YouTube’s answer was not a channel’s list of videos',
  )
})

describe.each(testDatabases)('$name', (database) => {
  test('the channel is read once a day by the injected clock, not at every poll', async () => {
    const db = await testDatabase(database)
    await saveYoutubeChannel({ db, channel: { channel_id: SAVED_CHANNEL_ID, address: SAVED_CHANNEL_ID } })
    const { clock, set } = settableClock('2026-11-23T10:00:00Z')
    const args = { db, storage, clock, logger, feedUrl: youtube.feedUrl }
    const asked = () => youtube.feedRequests().length
    const before = asked()

    expect(await runDueYoutubeCheck(args)).toMatchObject({ problem: null, imported: 2 })
    expect(asked()).toBe(before + 1)
    // Polled again an hour later (and by a second worker at the same moment): not due, YouTube is not asked.
    set(new Date('2026-11-23T11:00:00Z'))
    expect(await Promise.all([runDueYoutubeCheck(args), runDueYoutubeCheck(args)])).toEqual([null, null])
    expect(asked()).toBe(before + 1)
    // A day on: checked again, nothing new.
    set(new Date(Date.parse('2026-11-23T10:00:00Z') + YOUTUBE_CHECK_EVERY_MS))
    expect(await runDueYoutubeCheck(args)).toMatchObject({ problem: null, imported: 0 })
    expect(asked()).toBe(before + 2)
    expect((await listSermons({ db })).map((sermon) => sermon.status)).toEqual(['draft', 'draft'])
  })

  test('two workers due at the same moment check once', async () => {
    const db = await testDatabase(database)
    await saveYoutubeChannel({ db, channel: { channel_id: SAVED_CHANNEL_ID, address: SAVED_CHANNEL_ID } })
    const { clock } = settableClock('2026-11-23T10:00:00Z')
    const args = { db, storage, clock, logger, feedUrl: youtube.feedUrl }
    const checks = await Promise.all([runDueYoutubeCheck(args), runDueYoutubeCheck(args)])
    expect(checks.filter((check) => check !== null)).toHaveLength(1)
    expect(await listSermons({ db })).toHaveLength(2)
  })

  test('an unreachable channel is recorded in words, never thrown, and not tried again before the next day', async () => {
    const db = await testDatabase(database)
    await saveYoutubeChannel({ db, channel: { channel_id: SAVED_CHANNEL_ID, address: SAVED_CHANNEL_ID } })
    const { clock, set } = settableClock('2026-11-23T10:00:00Z')
    // A port that was free a moment ago: nothing listens there, the connection is refused at once.
    const args = {
      db,
      storage,
      clock,
      logger,
      feedUrl: `http://127.0.0.1:${await closedPort()}/feeds/videos.xml`,
    }
    const check = await runDueYoutubeCheck(args)
    expect(check?.problem).toMatch(/^YouTube could not be reached \(ECONNREFUSED\)/)
    expect(await getYoutubeCheck({ db })).toMatchObject({ problem: check?.problem, imported: 0 })
    set(new Date('2026-11-23T10:10:00Z'))
    expect(await runDueYoutubeCheck(args)).toBeNull()
    expect(await listSermons({ db })).toEqual([])
  })
})

test('a video becomes a sermon only once played: not a premiere to come, not a stream listed with no views, a service’s stream 2 hours after it ended', () => {
  const services = [
    {
      id: 'worship',
      name: 'Sunday Worship',
      starts_at: '2026-11-01T10:30',
      ends_at: '2026-11-01T12:00',
      recurrence: 'FREQ=WEEKLY;BYDAY=SU',
      exdates: [],
    },
  ]
  const ready = (published: string, views: number | null, now: string) =>
    sermonReadiness(
      { published: new Date(published), views },
      { now: new Date(now), zone: 'Europe/Dublin', services },
    )
  // An upload on a Tuesday: at once, on its day.
  expect(ready('2026-11-24T19:00:00Z', 12, '2026-11-24T20:00:00Z')).toEqual({
    ready: true,
    day: '2026-11-24',
    speakerId: null,
  })
  // A premiere published for tomorrow, and a scheduled stream with no views yet: not yet.
  expect(ready('2026-11-25T19:00:00Z', null, '2026-11-24T20:00:00Z')).toEqual({ ready: false })
  expect(ready('2026-11-24T19:00:00Z', 0, '2026-11-26T20:00:00Z')).toEqual({ ready: false })
  // Listed a week with no views: an upload nobody watched, a sermon all the same.
  expect(ready('2026-11-16T19:00:00Z', 0, '2026-11-24T20:00:00Z')).toEqual({
    ready: true,
    day: '2026-11-16',
    speakerId: null,
  })
  // Sunday's stream (10:24, in its window): not before 14:00 (12:00 + 2 h), then dated that Sunday.
  expect(ready('2026-11-29T10:24:00Z', 41, '2026-11-29T13:59:00Z')).toEqual({ ready: false })
  expect(ready('2026-11-29T10:24:00Z', 41, '2026-11-29T14:00:00Z')).toEqual({
    ready: true,
    day: '2026-11-29',
    speakerId: null,
  })
  // A stream still running at 14:05 (its entry changed at 14:00) waits until the feed shows it over.
  const running = {
    published: new Date('2026-11-29T10:24:00Z'),
    views: 41,
    updated: new Date('2026-11-29T14:00:00Z'),
  }
  const on = (now: string) =>
    sermonReadiness(running, { now: new Date(now), zone: 'Europe/Dublin', services })
  expect(on('2026-11-29T14:05:00Z')).toEqual({ ready: false })
  expect(on('2026-11-29T14:11:00Z')).toEqual({ ready: true, day: '2026-11-29', speakerId: null })
})
