import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

import { parseFeed } from 'podcast-partytime'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'

import { makeChurchInfo, makeSermon, makeSermonSeries, makeSpeaker } from '../factories.ts'
import { databases, runSql, useServer } from './support.ts'
import { podcastGuid } from '#app/content/sermons/podcast-feed.server.ts'

type Sermon = Record<string, unknown> & { id: string; guid: string; title: string }

/** A GET with the Host header given (fetch() always sends the address's own). */
function getWithHost(url: string, host: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const request = http.get(url, { headers: { host } }, (res) => {
        let body = ''
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      })
      request.on('error', reject)
    },
  )
}

/** Every absolute address in a text, but the namespaces' (which name specifications, not this site). */
function addressesIn(xml: string) {
  const namespaces = new Set([
    'http://www.itunes.com/dtds/podcast-1.0.dtd',
    'https://podcastindex.org/namespace/1.0',
    'http://www.w3.org/2005/Atom',
  ])
  return [...xml.matchAll(/https?:\/\/[^"<\s]+/g)]
    .map((match) => match[0])
    .filter((url) => !namespaces.has(url))
}

describe.each(databases)('$name', (database) => {
  // PUBLIC_URL names the server's own address: the feed must name it whatever Host a request sends.
  const ctx = useServer(database, { publicUrl: true })
  let origin: string
  const made = {} as {
    series: { id: string }
    speaker: { id: string }
    older: Sermon
    newer: Sermon
    draft: Sermon
    videoOnly: Sermon
  }

  async function post<T = Sermon>(table: string, body: object) {
    const answer = await ctx.admin.post<T>(`/api/${table}`, body)
    expect(answer.status, answer.text).toBe(201)
    return answer.body
  }

  beforeAll(async () => {
    origin = new URL(ctx.server.url).origin
    const info = await ctx.admin.put(
      '/api/church_info',
      makeChurchInfo({ name: 'Grace Church Cork', email: 'office@grace.example', country: 'IE' }),
    )
    expect(info.status, info.text).toBe(200)
    made.series = await post('sermon_series', makeSermonSeries({ title: 'Romans Road' }))
    made.speaker = await post('speakers', makeSpeaker({ name: 'Pastor Mathew' }))
    made.older = await post(
      'sermons',
      makeSermon({
        title: 'Grace & peace',
        preached_on: '2026-11-15',
        series_id: made.series.id,
        speaker_id: made.speaker.id,
        summary: '<p>Grace &amp; peace, <strong>not</strong> ]]&gt; law.</p>',
        transcript_url: '/media/grace-and-peace.vtt',
      }),
    )
    made.newer = await post(
      'sermons',
      makeSermon({ title: 'The Good Shepherd', preached_on: '2026-11-22', speaker_id: made.speaker.id }),
    )
    made.draft = await post('sermons', makeSermon({ title: 'Not yet preached', status: 'draft' }))
    made.videoOnly = await post('sermons', makeSermon({ title: 'Only on video', preached_on: '2026-11-29' }))
    // Large files' figures as the audio upload records them (tests/integration/audio-uploads.test.ts uploads real
    // ones): its table of stored files, from which a sermon's save takes them, and the sermons as it leaves them.
    const audio: Array<[Sermon, string, number, number]> = [
      [made.older, '/media/audio-older.mp3', 28_123_456, 2745],
      [made.newer, '/media/audio-newer.m4a', 31_000_001, 3012],
      [made.draft, '/media/audio-draft.mp3', 1000, 60],
    ]
    for (const [sermon, url, bytes, seconds] of audio) {
      // The file itself, of that size (sparse: nothing is written), where feed health looks for it.
      const file = path.join(ctx.server.dataDir, 'uploads', url.slice('/media/'.length))
      fs.writeFileSync(file, '')
      fs.truncateSync(file, bytes)
      const type = url.endsWith('.m4a') ? 'audio/mp4' : 'audio/mpeg'
      await runSql(
        ctx,
        `insert into audio_files (id, secure_url, original_name, type, bytes, duration_seconds, created_at) values ('${sermon.id}', '${url}', null, '${type}', ${bytes}, ${seconds}, '2026-11-20T10:00:00.000Z')`,
      )
      await runSql(
        ctx,
        `update sermons set audio_url = '${url}', audio_bytes = ${bytes}, audio_duration_seconds = ${seconds} where id = '${sermon.id}'`,
      )
    }
    // Changed from outside the server: an edit through the API empties the page cache.
    expect((await ctx.admin.patch(`/api/sermons/${made.videoOnly.id}`, { scripture: 'Ps 23' })).status).toBe(
      200,
    )
  })

  test('the podcast feed passes the Podcast Index parser and has every tag Apple and Podcasting 2.0 ask for', async () => {
    const answer = await getWithHost(`${origin}/sermons/feed.xml`, 'evil.example')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('application/rss+xml; charset=utf-8')
    const xml = answer.body
    const feed = parseFeed(xml)
    expect(feed).not.toBeNull()

    // The channel.
    expect(feed).toMatchObject({
      title: 'Grace Church Cork Sermons',
      link: `${origin}/sermons`,
      language: 'en-ie',
      explicit: false,
      author: 'Grace Church Cork',
      owner: { name: 'Grace Church Cork', email: 'office@grace.example' },
      guid: podcastGuid(`${origin}/sermons/feed.xml`),
      locked: false,
      podcastOwner: 'office@grace.example',
    })
    expect(feed!.description).toContain('A welcoming congregation.')
    expect(feed!.itunesCategory).toEqual(['Religion & Spirituality > Christianity'])
    expect(xml).toContain(
      '<itunes:category text="Religion &amp; Spirituality"><itunes:category text="Christianity"/></itunes:category>',
    )
    expect(xml).toContain('<podcast:locked owner="office@grace.example">no</podcast:locked>')
    expect(feed!.podcastOwner).toBe('office@grace.example')

    // The picture: square, RGB JPEG of 1400 px, at an address that keeps it a year.
    expect(feed!.itunesImage).toMatch(new RegExp(`^${origin}/sermons/podcast-art/church/[a-z\\d]+\\.jpg$`))
    const art = await fetch(feed!.itunesImage!)
    expect(art.status).toBe(200)
    expect(art.headers.get('content-type')).toBe('image/jpeg')
    expect(art.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const meta = await sharp(Buffer.from(await art.arrayBuffer())).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', width: 1400, height: 1400, space: 'srgb', channels: 3 })

    // The episodes: published, with audio, newest first; the draft and the video-only sermon are not there.
    expect(feed!.items.map((item) => item.title)).toEqual(['The Good Shepherd', 'Grace & peace'])
    expect(xml).not.toContain('Not yet preached')
    expect(xml).not.toContain('audio-draft')
    expect(xml).not.toContain('Only on video')
    const [newer, older] = feed!.items
    expect(newer).toMatchObject({
      guid: made.newer.guid,
      author: 'Pastor Mathew',
      duration: 3012,
      enclosure: { url: `${origin}/media/audio-newer.m4a`, length: 31_000_001, type: 'audio/x-m4a' },
      link: `${origin}/sermons/${made.newer.id}`,
    })
    expect(older).toMatchObject({
      guid: made.older.guid,
      author: 'Pastor Mathew',
      duration: 2745,
      enclosure: { url: `${origin}/media/audio-older.mp3`, length: 28_123_456, type: 'audio/mpeg' },
      podcastTranscripts: [{ url: `${origin}/media/grace-and-peace.vtt`, type: 'text/vtt' }],
      podcastPeople: [{ name: 'Pastor Mathew', role: 'Host', group: 'Cast' }],
    })
    expect(older.pubDate?.toISOString()).toBe('2026-11-15T12:00:00.000Z')
    expect(xml).toContain('<pubDate>Sun, 15 Nov 2026 12:00:00 GMT</pubDate>')
    expect(xml).toContain(`<guid isPermaLink="false">${made.older.guid}</guid>`)
    expect(xml).toContain(
      `<enclosure url="${origin}/media/audio-older.mp3" length="28123456" type="audio/mpeg"/>`,
    )
    expect(xml).toContain('<itunes:duration>2745</itunes:duration>')
    expect(older.description).toContain('Grace & peace, <strong>not</strong> ]]> law.')

    // Every address in it is the site's own, though the request named another host.
    const addresses = addressesIn(xml)
    expect(addresses.length).toBeGreaterThanOrEqual(8)
    for (const address of addresses) expect(address.startsWith(`${origin}/`), address).toBe(true)
    expect(xml).not.toContain('evil.example')
  })

  test('a series has a feed of its own, with only its sermons; an unknown series has none', async () => {
    const answer = await ctx.anonymous.get(`/sermons/series/${made.series.id}/feed.xml`)
    expect(answer.status).toBe(200)
    const feed = parseFeed(answer.text)
    expect(feed).toMatchObject({
      title: 'Romans Road · Grace Church Cork',
      link: `${origin}/sermons/series/${made.series.id}`,
      guid: podcastGuid(`${origin}/sermons/series/${made.series.id}/feed.xml`),
    })
    expect(feed!.items.map((item) => item.title)).toEqual(['Grace & peace'])
    expect((await ctx.anonymous.get('/sermons/series/no-such-series/feed.xml')).status).toBe(404)
  })

  test('the feed is kept in the page cache and is fresh after an edit; an edit keeps the episode’s guid', async () => {
    expect((await ctx.anonymous.get('/sermons/feed.xml')).status).toBe(200)
    const cached = await ctx.anonymous.get('/sermons/feed.xml')
    expect(cached.headers.get('x-cache')).toBe('HIT')
    const edited = await ctx.admin.patch<Sermon>(`/api/sermons/${made.newer.id}`, {
      title: 'The Shepherd Who Knows',
    })
    expect(edited.status).toBe(200)
    const fresh = await ctx.anonymous.get('/sermons/feed.xml')
    expect(fresh.headers.get('x-cache')).not.toBe('HIT')
    const feed = parseFeed(fresh.text)
    expect(feed!.items[0]).toMatchObject({ title: 'The Shepherd Who Knows', guid: made.newer.guid })
    // Unpublished, it leaves the feed at once.
    await ctx.admin.patch(`/api/sermons/${made.newer.id}`, { status: 'draft' })
    expect(
      parseFeed((await ctx.anonymous.get('/sermons/feed.xml')).text)!.items.map((item) => item.title),
    ).toEqual(['Grace & peace'])
    await ctx.admin.patch(`/api/sermons/${made.newer.id}`, { status: 'published' })
  })

  test('/sermons and the series page offer Apple Podcasts, the feed’s address and a link in the head', async () => {
    const host = new URL(origin).host
    const archive = (await ctx.anonymous.get('/sermons')).text
    expect(archive).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Sermons (podcast)" href="${origin}/sermons/feed.xml"/>`,
    )
    expect(archive).toContain(`href="podcast://${host}/sermons/feed.xml"`)
    expect(archive).toContain(`value="${origin}/sermons/feed.xml"`)
    expect(archive).toContain(`href="podcast://${host}/sermons/series/${made.series.id}/feed.xml"`)
    const series = (await ctx.anonymous.get(`/sermons/series/${made.series.id}`)).text
    expect(series).toContain(`href="podcast://${host}/sermons/series/${made.series.id}/feed.xml"`)
    expect(series).toContain(`rel="alternate" type="application/rss+xml"`)
  })

  test('the Sermons screen’s feed health says Apple would take the feed, and what it would refuse', async () => {
    const text = async () => (await ctx.admin.get('/admin/sermons')).text.replace(/<!-- -->/g, '')
    expect(await text()).toContain('Apple would accept this feed.')
    // An episode's file no longer the size the feed gives (replaced by hand, or half restored) is named.
    const file = path.join(ctx.server.dataDir, 'uploads', 'audio-older.mp3')
    fs.truncateSync(file, 1_000_000)
    expect(await text()).toContain(
      '“Grace &amp; peace”: its audio file is 1,000,000 bytes but the feed says 28,123,456: upload it again',
    )
    fs.rmSync(file)
    expect(await text()).toContain('“Grace &amp; peace”: its audio file is missing from this site’s uploads')
    fs.writeFileSync(file, '')
    fs.truncateSync(file, 28_123_456)
    // Without the owner's e-mail address Apple refuses a podcast.
    await ctx.admin.put('/api/church_info', makeChurchInfo({ name: 'Grace Church Cork', email: '' }))
    const refused = await text()
    expect(refused).toContain('Apple would refuse this feed:')
    expect(refused).toContain('The podcast has no owner’s e-mail address, which Apple requires')
    await ctx.admin.put(
      '/api/church_info',
      makeChurchInfo({ name: 'Grace Church Cork', email: 'office@grace.example', country: 'IE' }),
    )
  })
})
