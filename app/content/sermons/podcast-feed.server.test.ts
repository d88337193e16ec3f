import { describe, expect, test } from 'vitest'

import { saveChurchInfo } from '#app/content/church-info/model.server.ts'
import type { Db } from '#app/db/database.server.ts'
import { testDatabase, testDatabases } from '#tests/test-database.ts'
import { createSpeaker } from './model.server.ts'
import {
  audioType,
  loadPodcast,
  podcastFeedXml,
  podcastGuid,
  type PodcastChannel,
  preachedAt,
  type PodcastEpisode,
  uuidV5,
} from './podcast-feed.server.ts'

test('an episode is dated noon of its day in the church’s zone, or the moment it was added when that is earlier that day: never in the future', () => {
  const iso = (day: string, created: string) => preachedAt(day, 'Europe/Dublin', created).toISOString()
  // Added days later: noon of the day preached (Dublin is UTC+0 in winter, UTC+1 in summer).
  expect(iso('2026-11-15', '2026-11-20T09:00:00.000Z')).toBe('2026-11-15T12:00:00.000Z')
  expect(iso('2027-06-13', '2027-06-20T09:00:00.000Z')).toBe('2027-06-13T11:00:00.000Z')
  // Put up that morning at 09:40: dated then, not at noon (it was hours in the future: an outside audit's find).
  expect(iso('2026-12-06', '2026-12-06T09:40:00.000Z')).toBe('2026-12-06T09:40:00.000Z')
  // Prepared as a draft the day before: the start of the day preached.
  expect(iso('2027-06-13', '2027-06-12T18:00:00.000Z')).toBe('2027-06-12T23:00:00.000Z')
})

test('podcastGuid is the UUIDv5 of the feed address without its scheme or trailing slash (Podcast Index’s example)', () => {
  // https://podcastindex.org/namespace/1.0#guid: "podnews.net/rss" gives this guid.
  expect(podcastGuid('https://podnews.net/rss')).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c')
  expect(podcastGuid('http://podnews.net/rss/')).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c')
  // RFC 4122's own example of a version 5 UUID (the DNS namespace, "www.example.com").
  expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
    '2ed6657d-e927-568b-95e1-2665a8aea6a2',
  )
})

test('audioType names the media type Apple takes by the file’s extension', () => {
  expect(audioType('/media/sermon-1.mp3')).toBe('audio/mpeg')
  expect(audioType('https://cdn.example/a/b.M4A?x=1')).toBe('audio/x-m4a')
  expect(audioType('/media/no-extension')).toBe('audio/mpeg')
})

const channel: PodcastChannel = {
  feedUrl: 'https://church.example/sermons/feed.xml',
  link: 'https://church.example/sermons',
  title: 'Grace & Truth <Sermons>',
  description: 'Sermons ]]> preached \u0001 at Grace Church.',
  language: 'en-ie',
  author: 'Grace Church',
  owner: { name: 'Grace Church', email: 'office@church.example' },
  imageUrl: 'https://church.example/sermons/podcast-art/church/abc.jpg',
}

const episode = (n: number): PodcastEpisode => ({
  guid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title: `Sermon ${n}`,
  link: `https://church.example/sermons/${n}`,
  description: '<p>He said: “]]&gt; &amp; <b>more</b>”</p>',
  pubDate: new Date(Date.UTC(2026, 10, 22, 12)),
  enclosure: { url: `https://church.example/media/${n}.mp3`, length: 1_234_567, type: 'audio/mpeg' },
  durationSeconds: 2745,
  speaker: { name: 'Pastor Mathew', image: null },
  transcript: null,
})

test('podcastFeedXml escapes what staff typed, drops characters XML cannot hold, and keeps HTML as text', () => {
  const xml = podcastFeedXml(channel, [episode(1)])
  expect(xml).toContain('<title>Grace &amp; Truth &lt;Sermons&gt;</title>')
  expect(xml).toContain('<description>Sermons ]]&gt; preached  at Grace Church.</description>')
  expect(xml).not.toContain('\u0001')
  // HTML as text: every character escaped, its entities too, so a reader unescaping it gets the very HTML.
  expect(xml).toContain(
    '<description>&lt;p&gt;He said: “]]&amp;gt; &amp;amp; &lt;b&gt;more&lt;/b&gt;”&lt;/p&gt;</description>',
  )
  expect(xml).toContain('<pubDate>Sun, 22 Nov 2026 12:00:00 GMT</pubDate>')
  expect(xml).toContain('<itunes:duration>2745</itunes:duration>')
})

describe.each(testDatabases)('$name', (database) => {
  async function churchWithSermons(count: number) {
    const db = await testDatabase(database)
    await saveChurchInfo({ db, data: { name: 'Grace Church', email: 'office@church.example' } })
    const speaker = await createSpeaker({ db, data: { name: 'Pastor Mathew' } })
    await insertSermons(db, count, speaker.id)
    return db
  }

  test('the feed of 500 sermons holds every one (its speed is measured by `npm run bench -- --large`)', async () => {
    const db = await churchWithSermons(500)
    const podcast = await loadPodcast({ db, origin: 'https://church.example' })
    const xml = podcastFeedXml(podcast!.channel, podcast!.episodes)
    expect(xml.match(/<item>/g)).toHaveLength(500)
  })

  test('the feed lists published sermons with audio only, newest first, with their file’s size and length', async () => {
    const db = await churchWithSermons(3)
    await db.kysely
      .insertInto('sermons')
      .values([
        sermonRow(100, { status: 'draft', title: 'A draft' }),
        sermonRow(101, { audio_url: null, title: 'Video only' }),
      ])
      .execute()
    const podcast = await loadPodcast({ db, origin: 'https://church.example' })
    expect(podcast!.episodes.map((item) => item.title)).toEqual(['Sermon 2', 'Sermon 1', 'Sermon 0'])
    expect(podcast!.episodes[0]).toMatchObject({
      enclosure: { url: 'https://church.example/media/sermon-2.mp3', length: 2_000_002, type: 'audio/mpeg' },
      durationSeconds: 1802,
      speaker: { name: 'Pastor Mathew' },
    })
  })
})

function sermonRow(n: number, overrides: Record<string, unknown> = {}): never {
  const day = new Date(Date.UTC(2020, 0, 5) + n * 7 * 86_400_000).toISOString().slice(0, 10)
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString()
  return {
    id: `sermon-${n}`,
    title: `Sermon ${n}`,
    preached_on: day,
    series_id: null,
    speaker_id: null,
    scripture: null,
    scripture_osis: null,
    scripture_books: null,
    summary: `<p>What was said on the ${n}th Sunday, &amp; more.</p>`,
    audio_url: `/media/sermon-${n}.mp3`,
    audio_bytes: 2_000_000 + n,
    audio_duration_seconds: 1800 + n,
    video_url: null,
    notes_url: null,
    transcript_url: n % 2 ? `/media/sermon-${n}.vtt` : null,
    image_url: null,
    image_alt: null,
    status: 'published',
    guid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    created_at: at,
    updated_at: at,
    ...overrides,
  } as never
}

/** Sermons stored as the audio upload leaves them (their file's size and length read from it). */
async function insertSermons(db: Db, count: number, speakerId: string) {
  const rows = Array.from({ length: count }, (_, n) => sermonRow(n, { speaker_id: speakerId }))
  for (let start = 0; start < rows.length; start += 100) {
    await db.kysely
      .insertInto('sermons')
      .values(rows.slice(start, start + 100))
      .execute()
  }
}
