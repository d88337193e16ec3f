import fs from 'node:fs/promises'
import path from 'node:path'

import { describe, expect, test } from 'vitest'

import { makeSermon, makeSermonSeries, makeSpeaker } from '../factories.ts'
import { makePng } from '../fixtures/images.ts'
import { type Client, databases, runSql, useServer } from './support.ts'

type Record_ = Record<string, unknown> & { id: string }
type JsonLd = Record<string, unknown> & { '@type': string }

const TRANSCRIPT = `WEBVTT

NOTE made from the service recording

1
00:00:01.000 --> 00:00:04.000
<v Pastor Ruth>Good morning, <i>church</i>.

2
00:00:04.000 --> 00:00:07.250
<v Pastor Ruth>The shepherd knows his sheep &amp; calls them by name.

3
00:00:12.000 --> 00:00:15.000
<v Pastor Ruth>Let us pray.
`

/** The JSON-LD blocks of a page, parsed. */
function jsonLdOf(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as JsonLd,
  )
}

/** Every address the browser would fetch by itself from the markup: src, srcset, poster, preload links. */
function fetchedAddresses(html: string) {
  const body = html.replace(/<script type="application\/ld\+json"[\s\S]*?<\/script>/g, '')
  return [
    ...[...body.matchAll(/\s(?:src|srcset|srcSet|poster|data)="([^"]*)"/g)].map((match) => match[1]!),
    ...[...body.matchAll(/<link[^>]*href="([^"]*)"/g)].map((match) => match[1]!),
  ]
}

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database, { publicUrl: true })

  /** Stores an audio file's record as the upload leaves it, for a sermon to take its figures from. */
  async function recordAudio(url: string, bytes: number, seconds: number) {
    const type = url.endsWith('.m4a') ? 'audio/mp4' : 'audio/mpeg'
    await runSql(
      ctx,
      `insert into audio_files (id, secure_url, original_name, type, bytes, duration_seconds, created_at) values ('${url}', '${url}', null, '${type}', ${bytes}, ${seconds}, '2026-11-20T10:00:00.000Z')`,
    )
  }

  async function post(table: string, body: object) {
    const answer = await ctx.admin.post<Record_>(`/api/${table}`, body)
    expect(answer.status, answer.text).toBe(201)
    return answer.body
  }

  async function page(client: Client, address: string) {
    const answer = await client.get(address)
    expect(answer.status, address).toBe(200)
    return answer
  }

  test('a sermon with audio and video: PodcastEpisode JSON-LD, its own share image, the transcript as text, the video behind a click', async () => {
    const uploads = path.join(ctx.server.dataDir, 'uploads')
    await fs.writeFile(path.join(uploads, 'good-shepherd.vtt'), TRANSCRIPT)
    await fs.writeFile(path.join(uploads, 'good-shepherd.pdf'), Buffer.alloc(250 * 1024, 1))
    const form = new FormData()
    form.set('file', new Blob([await makePng(1050, 700, '#2a6f97')], { type: 'image/png' }), 'sheep.png')
    const picture = await ctx.admin.request<{ secure_url: string }>('POST', '/api/uploads', { body: form })
    expect(picture.status, picture.text).toBe(201)

    const series = await post(
      'sermon_series',
      makeSermonSeries({ title: 'I am', image_url: picture.body.secure_url }),
    )
    const speaker = await post('speakers', makeSpeaker({ name: 'Pastor Ruth', role: 'Senior Pastor' }))
    // A large file's figures as the audio upload records them (audio-uploads.test.ts uploads real ones).
    await recordAudio('/media/good-shepherd.mp3', 43_400_000, 2712)
    const sermon = await post(
      'sermons',
      makeSermon({
        title: 'The Good Shepherd',
        preached_on: '2026-11-22',
        scripture: 'John 10:1-18; Ps 23',
        series_id: series.id,
        speaker_id: speaker.id,
        audio_url: '/media/good-shepherd.mp3',
        video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        transcript_url: '/media/good-shepherd.vtt',
        notes_url: '/media/good-shepherd.pdf',
      }),
    )
    // Bytes and duration come from the file (the upload reads them), never from input: set as the upload would.
    await runSql(
      ctx,
      `update sermons set audio_bytes = 43400000, audio_duration_seconds = 2712 where id = '${sermon.id}'`,
    )
    await ctx.admin.patch(`/api/sermons/${sermon.id}`, {
      summary: '<p>The shepherd knows his sheep by name.</p>',
    })

    const answer = await page(ctx.anonymous, `/sermons/${sermon.id}`)
    const html = answer.text
    const origin = ctx.server.url

    // JSON-LD: a PodcastEpisode of the church's podcast, every address absolute from the site's address.
    const episode = jsonLdOf(html).find((block) => block['@type'] === 'PodcastEpisode')!
    expect(episode).toMatchObject({
      '@context': 'https://schema.org',
      name: 'The Good Shepherd',
      datePublished: '2026-11-22',
      description: 'The shepherd knows his sheep by name.',
      url: `${origin}/sermons/${sermon.id}`,
      author: { '@type': 'Person', name: 'Pastor Ruth' },
      actor: { '@type': 'Person', name: 'Pastor Ruth' },
      partOfSeries: { '@type': 'PodcastSeries', webFeed: `${origin}/sermons/feed.xml` },
      audio: {
        '@type': 'AudioObject',
        contentUrl: `${origin}/media/good-shepherd.mp3`,
        encodingFormat: 'audio/mpeg',
        duration: 'PT45M12S',
      },
      video: {
        '@type': 'VideoObject',
        name: 'The Good Shepherd',
        embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
        uploadDate: '2026-11-22',
      },
    })
    const thumbnail = (episode.video as { thumbnailUrl: string }).thumbnailUrl
    expect(thumbnail.startsWith(`${origin}/og/sermons/${sermon.id}.jpg?v=`)).toBe(true)

    // Its own share image, named by og:image, drawn as a JPEG (the same address as the video's thumbnail).
    const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&')
    expect(ogImage).toBe(thumbnail)
    const image = await ctx.anonymous.get(new URL(ogImage!).pathname + new URL(ogImage!).search)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/jpeg')
    expect(image.headers.get('cache-control')).toContain('immutable')

    // The transcript, as paragraphs inside a closed <details>; no cue numbers, timings or tags left.
    const details = /<details[^>]*>([\s\S]*?)<\/details>/.exec(html)?.[1] ?? ''
    expect(details).toContain('<summary')
    expect(text(details)).toContain(
      'Transcript Good morning, church. The shepherd knows his sheep & calls them by name.',
    )
    expect(text(details)).toContain('Let us pray.')
    expect(details).not.toMatch(/-->|\d\d:\d\d|<v\b|NOTE|WEBVTT/)
    // Notes: a download with its size.
    expect(text(html)).toContain('Sermon notes (PDF, 250 KB)')

    // The video: a link to YouTube and the player's address in a data attribute; nothing fetched from
    // YouTube or Vimeo by the markup, and the CSP frames only the two players (images stay our own).
    expect(html).toMatch(
      /<a href="https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ" data-video-facade="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ"/,
    )
    expect(html).not.toContain('<iframe')
    const fetched = fetchedAddresses(html)
    expect(fetched.length).toBeGreaterThan(0)
    for (const address of fetched) expect(address).not.toMatch(/youtube|ytimg|vimeo|googlevideo/i)
    const csp = answer.headers.get('content-security-policy')!
    expect(csp).toMatch(/frame-src 'self' https:\/\/www\.youtube-nocookie\.com https:\/\/player\.vimeo\.com/)
    expect(/img-src[^;]*/.exec(csp)?.[0]).not.toMatch(/youtube|ytimg|vimeo/)
    expect(answer.headers.get('set-cookie')).toBeNull()

    // Each passage links to the online Bible (the default until Settings changes it), in a new tab.
    expect(html).toContain(
      'href="https://www.biblegateway.com/passage/?search=John%2010%3A1%E2%80%9318&amp;version=NIV" target="_blank" rel="noopener noreferrer"',
    )
    expect(text(html)).toContain('Psalm 23:1–6 (opens in a new tab)')
  })

  test('the online Bible is a setting; a bad pattern is a field message', async () => {
    const sermon = await post(
      'sermons',
      makeSermon({ scripture: 'Rom 8', video_url: 'https://vimeo.com/76979871' }),
    )
    const save = (bible_link: string) =>
      ctx.admin.request('POST', '/admin/settings', {
        body: new URLSearchParams({ intent: 'bible-link', bible_link }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    const refused = await save('https://bible.example/read')
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('Put {ref} where the passage goes')
    expect((await save('https://bible.example/read?q={ref}&v=ESV')).status).toBe(200)
    const html = (await page(ctx.anonymous, `/sermons/${sermon.id}`)).text
    expect(html).toContain('href="https://bible.example/read?q=Romans%208%3A1%E2%80%9339&amp;v=ESV"')
    // Vimeo: the player without tracking, and a CreativeWork (no audio, so not in the podcast).
    expect(html).toContain('data-video-facade="https://player.vimeo.com/video/76979871?dnt=1"')
    const work = jsonLdOf(html).find((block) => block['@type'] === 'CreativeWork')!
    expect(work).toMatchObject({
      name: sermon.title as string,
      video: { embedUrl: 'https://player.vimeo.com/video/76979871?dnt=1' },
    })
    expect(work).not.toHaveProperty('audio')
    expect(work).not.toHaveProperty('partOfSeries')
    expect((await save(`https://www.biblegateway.com/passage/?search={ref}&version=NIV`)).status).toBe(200)
  })

  test('an external transcript is linked; a draft has no page, no share image and is not the latest sermon', async () => {
    await recordAudio('/media/newest.m4a', 1_000_000, 60)
    const published = await post(
      'sermons',
      makeSermon({
        title: 'Newest published sermon',
        preached_on: '2030-05-05',
        transcript_url: 'https://transcripts.example/sermon.vtt',
        video_url: null,
        audio_url: '/media/newest.m4a',
      }),
    )
    const draft = await post(
      'sermons',
      makeSermon({ title: 'A draft for later', preached_on: '2030-06-01', status: 'draft' }),
    )
    expect((await ctx.anonymous.get(`/sermons/${draft.id}`)).status).toBe(404)
    expect((await ctx.anonymous.get(`/og/sermons/${draft.id}.jpg`)).status).toBe(404)
    const html = (await page(ctx.anonymous, `/sermons/${published.id}`)).text
    expect(html).toContain('href="https://transcripts.example/sermon.vtt"')
    expect(html).not.toContain('<details')
    expect(html).not.toContain('data-video-facade=')

    const home = text((await page(ctx.anonymous, '/')).text)
    expect(home).toContain('Latest Sermon Newest published sermon')
    expect(home).toContain('Sunday 5 May 2030')
    expect((await page(ctx.anonymous, '/')).text).toContain('aria-label="Listen: Newest published sermon"')
    expect(home).not.toContain('A draft for later')
  })
})
