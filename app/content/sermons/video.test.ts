import { describe, expect, test } from 'vitest'

import { isoDuration } from './seo.ts'
import { sermonVideo } from './video.ts'

describe('sermonVideo', () => {
  test('YouTube addresses of every shape become the youtube-nocookie player', () => {
    for (const address of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/live/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ]) {
      expect(sermonVideo(address), address).toEqual({
        provider: 'YouTube',
        url: address,
        embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      })
    }
  })

  test('Vimeo becomes its player without tracking; anything else is no player', () => {
    expect(sermonVideo('https://vimeo.com/76979871')?.embedUrl).toBe(
      'https://player.vimeo.com/video/76979871?dnt=1',
    )
    expect(sermonVideo('https://player.vimeo.com/video/76979871')?.provider).toBe('Vimeo')
    for (const address of [
      null,
      'not an address',
      'https://www.youtube.com/watch',
      'https://www.youtube.com/watch?v=<script>',
      'https://videos.example/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)//youtube.com',
      'https://vimeo.com/channels/staffpicks',
    ]) {
      expect(sermonVideo(address), String(address)).toBeNull()
    }
  })
})

test('durations are ISO 8601 in whole seconds', () => {
  expect(isoDuration(2712)).toBe('PT45M12S')
  expect(isoDuration(3600)).toBe('PT1H')
  expect(isoDuration(3725.4)).toBe('PT1H2M5S')
  expect(isoDuration(0)).toBe('PT0S')
})
