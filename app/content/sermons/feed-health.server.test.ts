import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { expect, onTestFinished, test } from 'vitest'

import { appleFeedProblems, type ArtworkFacts, enclosureFileProblems } from './feed-health.server.ts'
import { type PodcastChannel, type PodcastEpisode, podcastFeedXml } from './podcast-feed.server.ts'

const channel: PodcastChannel = {
  feedUrl: 'https://church.example/sermons/feed.xml',
  link: 'https://church.example/sermons',
  title: 'Grace Church Sermons',
  description: 'Sermons preached at Grace Church.',
  language: 'en-ie',
  author: 'Grace Church',
  owner: { name: 'Grace Church', email: 'office@church.example' },
  imageUrl: 'https://church.example/sermons/podcast-art/church/abc.jpg',
}
const episode: PodcastEpisode = {
  guid: '5e1c6c62-4f43-4d5e-9a51-3d3a3b0e1f77',
  title: 'The Good Shepherd',
  link: 'https://church.example/sermons/1',
  description: '<p>The shepherd knows his sheep.</p>',
  pubDate: new Date('2026-11-22T12:00:00Z'),
  enclosure: { url: 'https://church.example/media/1.mp3', length: 28_000_000, type: 'audio/mpeg' },
  durationSeconds: 2745,
  speaker: { name: 'Pastor Mathew', image: null },
  transcript: null,
}
const artwork: ArtworkFacts = { format: 'jpeg', width: 1400, height: 1400, space: 'srgb' }

test('a feed with every required tag, a good picture and a playable episode has no problems', () => {
  expect(appleFeedProblems(podcastFeedXml(channel, [episode]), artwork)).toEqual([])
})

test('feed health says in words what Apple would refuse', () => {
  const xml = podcastFeedXml({ ...channel, owner: { name: 'Grace Church', email: null } }, [
    { ...episode, enclosure: { ...episode.enclosure, length: null, type: 'audio/ogg' }, durationSeconds: 0 },
  ])
  expect(appleFeedProblems(xml, { format: 'webp', width: 1200, height: 800, space: 'cmyk' })).toEqual([
    'The podcast has no owner’s e-mail address, which Apple requires: add the church’s e-mail under Church Info',
    'The podcast’s picture must be a JPEG or PNG',
    'The podcast’s picture must be square',
    'The podcast’s picture must be in RGB colours',
    '“The Good Shepherd”: the size of its audio file is not known (upload the file to this site)',
    '“The Good Shepherd”: its audio is audio/ogg; Apple plays MP3 and M4A (AAC)',
    '“The Good Shepherd”: the length of its audio is not known (upload the file to this site)',
  ])
  expect(appleFeedProblems(podcastFeedXml(channel, []), { ...artwork, width: 3200, height: 3200 })).toEqual([
    'The podcast’s picture is 3200 pixels wide; Apple takes 1400 to 3000',
    'The podcast has no episodes yet, and Apple refuses an empty one: publish a sermon with its audio',
  ])
})

test('a category outside Apple’s list and a feed that is not RSS are refused', () => {
  const xml = podcastFeedXml(channel, [episode]).replace('text="Christianity"', 'text="Sermons"')
  expect(appleFeedProblems(xml, artwork)).toEqual([
    '“Sermons” is not one of Apple’s subcategories of Religion & Spirituality',
  ])
  expect(appleFeedProblems('<html>not a feed', artwork)).toEqual([
    'The feed is not a podcast feed Apple can read (it is not well-formed RSS)',
  ])
})

test('an uploaded episode file that is gone, or not the size the feed gives, is named; other addresses are not read', async () => {
  const uploadsRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'lampstand-feed-health-'))
  onTestFinished(() => fs.rm(uploadsRoot, { recursive: true, force: true }))
  await fs.writeFile(path.join(uploadsRoot, 'whole.mp3'), Buffer.alloc(1200))
  await fs.writeFile(path.join(uploadsRoot, 'cut.mp3'), Buffer.alloc(700))
  const at = (title: string, url: string, length: number) => ({
    ...episode,
    title,
    enclosure: { url, length, type: 'audio/mpeg' },
  })
  const problems = await enclosureFileProblems({
    origin: 'https://church.example',
    uploadsRoot,
    episodes: [
      at('Whole', 'https://church.example/media/whole.mp3', 1200),
      at('Cut', 'https://church.example/media/cut.mp3', 1200),
      at('Gone', 'https://church.example/media/gone.mp3', 1200),
      at('Elsewhere', 'https://audio.example/media/gone.mp3', 1200),
      at('Way out', 'https://church.example/media/../secret.mp3', 1200),
    ],
  })
  expect(problems).toEqual([
    '“Cut”: its audio file is 700 bytes but the feed says 1,200: upload it again',
    '“Gone”: its audio file is missing from this site’s uploads: upload it again',
  ])
})
