import { expect, test } from 'vitest'

import { readYoutubeChannel } from './youtube-channel.ts'

const ID = 'UCabcdefghijklmnopqrstuv'

test('readYoutubeChannel reads a channel ID and a /channel/ address, with or without https and www', () => {
  for (const text of [
    ID,
    ` ${ID} `,
    `https://www.youtube.com/channel/${ID}`,
    `youtube.com/channel/${ID}/videos`,
    `https://m.youtube.com/channel/${ID}?si=share`,
  ]) {
    expect(readYoutubeChannel(text), text).toEqual({ channelId: ID })
  }
})

test('readYoutubeChannel says in words that a handle cannot be looked up, and how to find the ID', () => {
  for (const [text, name] of [
    ['@ipccork', '@ipccork'],
    ['https://www.youtube.com/@ipccork', '@ipccork'],
    ['https://www.youtube.com/c/ipccork', 'ipccork'],
    ['https://www.youtube.com/user/ipccork', 'ipccork'],
  ]) {
    const read = readYoutubeChannel(text)
    expect(read, text).toEqual({
      problem: expect.stringContaining(`“${name}” is the channel’s name, not its ID`),
    })
    expect('problem' in read && read.problem).toContain('Copy channel ID')
  }
})

test('readYoutubeChannel refuses other sites, videos and a short ID with the form it wants', () => {
  for (const text of [
    'https://vimeo.com/channel/' + ID,
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'UCtooshort',
    'not a channel at all',
  ]) {
    expect(readYoutubeChannel(text), text).toEqual({
      problem: expect.stringContaining('https://www.youtube.com/channel/UC…'),
    })
  }
})
