import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { makeChurchInfo } from '../factories.ts'
import { SAVED_CHANNEL_ID, SAVED_VIDEOS, startYoutubeServer } from '../youtube-server.ts'
import { type Client, databases, useServer } from './support.ts'

type Sermon = Record<string, unknown> & { id: string; title: string }

let youtube: Awaited<ReturnType<typeof startYoutubeServer>>
// Filled before each suite's server starts (useServer reads its options in its own beforeAll).
const env: Record<string, string> = {}
beforeAll(async () => {
  youtube = await startYoutubeServer()
  env.YOUTUBE_FEED_URL = youtube.feedUrl
})
afterAll(async () => {
  await youtube?.stop()
})

/** The Sermons screen's YouTube card, as its buttons post it. */
function youtubeForm(client: Client, fields: Record<string, string>) {
  return client.request('POST', '/admin/sermons/youtube', {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
}

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database, { env })

  const drafts = async () =>
    (await ctx.admin.get<Sermon[]>('/api/sermons')).body.filter((sermon) =>
      String(sermon.video_url).startsWith('https://www.youtube.com/watch?v='),
    )

  test('each video of the channel becomes a draft sermon once, however often the channel is checked', async () => {
    // Chicago: the Sunday service streamed at 21:15 there is 03:15 on Monday in UTC.
    const info = await ctx.admin.put('/api/church_info', makeChurchInfo({ timezone: 'America/Chicago' }))
    expect(info.status, info.text).toBe(200)
    const saved = await youtubeForm(ctx.admin, {
      intent: 'channel',
      youtube_channel: `https://www.youtube.com/channel/${SAVED_CHANNEL_ID}`,
    })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.body).toMatchObject({
      ok: true,
      toast: expect.stringContaining('2 new videos are draft sermons'),
    })

    const made = await drafts()
    expect(made.map((sermon) => sermon.title).sort()).toEqual(SAVED_VIDEOS.map((video) => video.title).sort())
    const sunday = made.find((sermon) => sermon.title === SAVED_VIDEOS[0].title)!
    expect(sunday).toMatchObject({
      status: 'draft',
      preached_on: '2026-11-22',
      video_url: `https://www.youtube.com/watch?v=${SAVED_VIDEOS[0].id}`,
      image_url: expect.stringMatching(/^\/media\/[\w-]+\.webp$/),
      series_id: null,
      speaker_id: null,
    })
    expect((await ctx.anonymous.get(String(sunday.image_url))).status).toBe(200)
    // Drafts: nowhere public.
    const visitor = await ctx.anonymous.get<Sermon[]>('/api/sermons')
    expect(visitor.body.map((sermon) => sermon.id)).not.toContain(sunday.id)

    // "Check now", twice: nothing new, nothing twice.
    for (let run = 0; run < 2; run++) {
      const again = await youtubeForm(ctx.admin, { intent: 'check' })
      expect(again.body).toMatchObject({ ok: true, toast: 'Checked YouTube: no new videos' })
    }
    expect(await drafts()).toHaveLength(2)
    // A draft staff deleted is not brought back by the next check.
    expect((await ctx.admin.delete(`/api/sermons/${sunday.id}`)).status).toBe(204)
    await youtubeForm(ctx.admin, { intent: 'check' })
    expect((await drafts()).map((sermon) => sermon.title)).toEqual([SAVED_VIDEOS[1].title])
    expect(
      youtube.feedRequests().filter((request) => request.includes(SAVED_CHANNEL_ID)).length,
    ).toBeGreaterThanOrEqual(4)
    // The screen says when it last looked.
    const screen = (await ctx.admin.get('/admin/sermons')).text.replace(/<!-- -->/g, '')
    expect(screen).toContain('Last checked')
    expect(screen).toContain(`value="https://www.youtube.com/channel/${SAVED_CHANNEL_ID}"`)
  })

  test('a handle cannot be looked up, and says how to find the channel ID', async () => {
    const answer = await youtubeForm(ctx.admin, {
      intent: 'channel',
      youtube_channel: 'https://www.youtube.com/@ipccork',
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({
      ok: false,
      fields: { youtube_channel: expect.stringContaining('“@ipccork” is the channel’s name, not its ID') },
    })
  })

  test('a channel that cannot be read is a notice on the dashboard with the reason, and the site carries on', async () => {
    const answer = await youtubeForm(ctx.admin, {
      intent: 'channel',
      youtube_channel: 'UCaaaaaaaaaaaaaaaaaaaaaa',
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      ok: false,
      error: 'YouTube knows no channel with this ID (it answered “not found”): check the channel ID',
    })
    const dashboard = (await ctx.admin.get('/admin/dashboard')).text.replace(/<!-- -->/g, '')
    expect(dashboard).toContain('The church’s YouTube channel could not be read')
    expect(dashboard).toContain('YouTube knows no channel with this ID')
    const screen = (await ctx.admin.get('/admin/sermons')).text.replace(/<!-- -->/g, '')
    expect(screen).toContain('The channel could not be read on')
    expect((await ctx.anonymous.get('/healthz')).status).toBe(200)
    // Turned off, the notice goes.
    await youtubeForm(ctx.admin, { intent: 'channel', youtube_channel: '' })
    expect((await ctx.admin.get('/admin/dashboard')).text).not.toContain('YouTube channel could not be read')
  })
})
