import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

import sharp from 'sharp'

/** The channel of the saved feed (tests/fixtures/youtube-channel.xml). */
export const SAVED_CHANNEL_ID = 'UCx2Lw8nTqEkR3CkJv5hPp0A'
/** Its videos, newest first. */
export const SAVED_VIDEOS = [
  {
    id: 'Zq3uJd9F1xA',
    title: 'Sunday Worship – The Good Shepherd (John 10) & Communion',
    published: '2026-11-23T03:15:00Z',
  },
  { id: 'b7Kp2Rr0mWc', title: 'Midweek Bible Study: Romans 8', published: '2026-11-19T19:30:00Z' },
]

/**
 * YouTube's public channel feed as a test's own HTTP server: the saved feed at `/feeds/videos.xml?channel_id=`
 * for SAVED_CHANNEL_ID (404 for any other channel, as YouTube answers), with its thumbnails pointing back here.
 */
export async function startYoutubeServer() {
  // Entries a test adds before the saved ones (a scheduled stream, a live one), as the feed lists newest first.
  let added = ''
  const saved = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'youtube-channel.xml'), 'utf8')
  const thumbnail = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#2a4d6e' } })
    .jpeg()
    .toBuffer()
  const requests: string[] = []
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    requests.push(url.pathname + url.search)
    if (url.pathname === '/feeds/videos.xml') {
      if (url.searchParams.get('channel_id') !== SAVED_CHANNEL_ID) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>')
        return
      }
      res
        .writeHead(200, { 'content-type': 'application/atom+xml; charset=UTF-8' })
        .end(saved.replace('<entry>', `${added}<entry>`).replaceAll('https://i1.ytimg.com', origin))
      return
    }
    if (/^\/vi\/[\w-]+\/hqdefault\.jpg$/.test(url.pathname)) {
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(thumbnail)
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    /** What YOUTUBE_FEED_URL says. */
    feedUrl: `${origin}/feeds/videos.xml`,
    /** The feed requests it answered (path and query). */
    feedRequests: () => requests.filter((request) => request.startsWith('/feeds/')),
    /**
     * Lists these videos too, newest first, before the saved ones (views: 0 for one not played yet; `updated`, when
     * YouTube last changed the entry, as a running stream's keeps changing: its publication by default).
     */
    addVideos: (videos: ReadonlyArray<FeedVideo>) => {
      added = videos.map(feedEntry).join('')
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

type FeedVideo = { id: string; title: string; published: string; views: number; updated?: string }

/** One entry of a channel's feed, as YouTube writes it. */
function feedEntry(video: FeedVideo) {
  return `<entry>
  <id>yt:video:${video.id}</id>
  <yt:videoId>${video.id}</yt:videoId>
  <yt:channelId>${SAVED_CHANNEL_ID}</yt:channelId>
  <title>${video.title}</title>
  <link rel="alternate" href="https://www.youtube.com/watch?v=${video.id}"/>
  <published>${video.published}</published>
  <updated>${video.updated ?? video.published}</updated>
  <media:group>
   <media:title>${video.title}</media:title>
   <media:thumbnail url="https://i1.ytimg.com/vi/${video.id}/hqdefault.jpg" width="480" height="360"/>
   <media:community>
    <media:statistics views="${video.views}"/>
   </media:community>
  </media:group>
 </entry>
 `
}
