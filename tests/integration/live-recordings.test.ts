import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { createPostgresDatabase, startServer, type TestServer } from '../test-server.ts'
import { SAVED_CHANNEL_ID, SAVED_VIDEOS, startYoutubeServer } from '../youtube-server.ts'
import { ADMIN, type Client, databases, signIn } from './support.ts'

// Recordings become sermons at the right time (issue 47): the stream of a streamed service is bound to it while it
// runs (the live page plays that video) and becomes a draft sermon 2 hours after the service ended, dated on its
// day; a scheduled stream the channel lists before it plays becomes none.

type Sermon = {
  id: string
  title: string
  preached_on: string
  video_url: string | null
  status: string
  speaker_id: string | null
}

/** Sunday 29 November 2026, Dublin (UTC in winter): Sunday Worship, streamed, 10:30–12:00. */
const SUNDAY = '2026-11-29'
const STREAM = {
  id: 'LiveSun29Nv',
  title: 'Sunday Worship – live',
  published: `${SUNDAY}T10:24:00Z`,
  views: 41,
}
/** Next Sunday's stream, scheduled by staff during this one: listed with no views. */
const SCHEDULED = {
  id: 'SchedDec6aa',
  title: 'Sunday Worship – 6 December',
  published: `${SUNDAY}T10:50:00Z`,
  views: 0,
}

describe.each(databases)('$name', (database) => {
  let youtube: Awaited<ReturnType<typeof startYoutubeServer>>
  let dataDir: string
  let env: Record<string, string>
  let dropDatabase: (() => Promise<void>) | undefined
  let speakerId: string
  const servers: TestServer[] = []

  /** The server with its clock at `time` on that Sunday, signed in as the administrator. */
  async function at(time: string) {
    const server = await startServer({ dataDir, env: { ...env, CLOCK_START: `${SUNDAY}T${time}Z` } })
    servers.push(server)
    return { server, admin: await signIn(server.url, ADMIN) }
  }
  const youtubeDrafts = async (admin: Client) =>
    (await admin.get<Sermon[]>('/api/sermons')).body.filter((sermon) =>
      String(sermon.video_url).startsWith('https://www.youtube.com/watch?v='),
    )
  const check = (admin: Client) =>
    admin.request('POST', '/admin/sermons/youtube', {
      body: new URLSearchParams({ intent: 'check' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })

  beforeAll(async () => {
    youtube = await startYoutubeServer()
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-recordings-'))
    env = { YOUTUBE_FEED_URL: youtube.feedUrl }
    if (database.postgresUrl) {
      const own = await createPostgresDatabase(database.postgresUrl)
      dropDatabase = own.drop
      env.DATABASE_URL = own.url
    }
    const first = await startServer({
      dataDir,
      admin: ADMIN,
      env: { ...env, CLOCK_START: `${SUNDAY}T08:00:00Z` },
    })
    servers.push(first)
    const admin = await signIn(first.url, ADMIN)
    const speaker = await admin.post('/api/speakers', { name: 'Pastor Thomas' })
    expect(speaker.status, speaker.text).toBe(201)
    speakerId = speaker.body.id
    const made = await admin.post('/api/services', {
      speaker_id: speakerId,
      name: 'Sunday Worship',
      starts_at: '2026-11-01T10:30',
      ends_at: '2026-11-01T12:00',
      recurrence: 'FREQ=WEEKLY;BYDAY=SU',
      streamed: true,
    })
    expect(made.status, made.text).toBe(201)
    await first.stop()
    servers.length = 0
  })

  afterAll(async () => {
    for (const server of servers) await server.stop()
    await youtube?.stop()
    await dropDatabase?.()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('the stream is bound to the service while it runs and becomes a sermon 2 hours after it ended; a scheduled stream makes none', async () => {
    youtube.addVideos([SCHEDULED, STREAM])
    // 11:00, the service on: the channel is set and read at once.
    const during = await at('11:00:00')
    const saved = await during.admin.request('POST', '/admin/sermons/youtube', {
      body: new URLSearchParams({ intent: 'channel', youtube_channel: SAVED_CHANNEL_ID }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(saved.status, saved.text).toBe(200)
    // The older uploads are drafts; the stream and the scheduled one are not sermons yet.
    expect((await youtubeDrafts(during.admin)).map((sermon) => sermon.title).sort()).toEqual(
      SAVED_VIDEOS.map((video) => video.title).sort(),
    )
    // The live page plays the stream's own video.
    const live = await during.admin.get('/api/live')
    expect(live.body).toMatchObject({ state: 'live', video_id: STREAM.id })
    const page = (await during.admin.get('/live')).text
    expect(page).toContain(`https://www.youtube-nocookie.com/embed/${STREAM.id}`)
    await during.server.stop()
    servers.pop()

    // 12:40, past 12:30 (the scheduled end and half an hour): the stream runs late, its entry changed at 12:38 —
    // the page stays live, also from the page cache; at 12:52, the entry unchanged since 12:38, it has ended.
    youtube.addVideos([SCHEDULED, { ...STREAM, updated: `${SUNDAY}T12:38:00Z` }])
    const late = await at('12:40:00')
    expect((await check(late.admin)).status).toBe(200)
    for (const _ of [1, 2])
      expect((await fetch(`${late.server.url}/api/live`).then((r) => r.json())).state).toBe('live')
    expect(await fetch(`${late.server.url}/live`).then((r) => r.text())).toContain(STREAM.id)
    await late.server.stop()
    servers.pop()
    const over = await at('12:52:00')
    expect((await check(over.admin)).status).toBe(200)
    expect((await over.admin.get('/api/live')).body).toMatchObject({ state: 'ended', video_id: STREAM.id })
    await over.server.stop()
    servers.pop()

    // 13:55, less than 2 hours after the 12:00 end: still none.
    const soon = await at('13:55:00')
    expect((await check(soon.admin)).status).toBe(200)
    expect(await youtubeDrafts(soon.admin)).toHaveLength(2)
    await soon.server.stop()
    servers.pop()

    // 14:05: the stream is a draft sermon dated on the service's day; the scheduled one is still none.
    const after = await at('14:05:00')
    expect((await check(after.admin)).status).toBe(200)
    const drafts = await youtubeDrafts(after.admin)
    expect(drafts.map((sermon) => sermon.title).sort()).toEqual(
      [...SAVED_VIDEOS.map((video) => video.title), STREAM.title].sort(),
    )
    expect(drafts.find((sermon) => sermon.title === STREAM.title)).toMatchObject({
      status: 'draft',
      preached_on: SUNDAY,
      video_url: `https://www.youtube.com/watch?v=${STREAM.id}`,
      // The service's usual speaker; the channel's other uploads name none.
      speaker_id: speakerId,
    })
    expect(drafts.filter((sermon) => sermon.speaker_id === speakerId)).toHaveLength(1)
    // After the service, "Watch again" is its recording; the dashboard asks for none.
    const ended = await after.admin.get('/api/live')
    expect(ended.body).toMatchObject({ state: 'ended', video_id: STREAM.id })
    await after.server.stop()
    servers.pop()
    const evening = await at('18:00:00')
    expect((await evening.admin.get('/admin/dashboard')).text).not.toContain('No recording')
  })
})
