import sharp from 'sharp'
import { describe, expect, test } from 'vitest'

import { makeSermon, makeSermonSeries, makeSpeaker } from '../factories.ts'
import { apiError, type Client, createEditor, databases, useServer } from './support.ts'

type Sermon = Record<string, unknown> & { id: string; guid: string }

/** The text of a page as a visitor reads it: tags dropped, spaces collapsed. */
async function pageText(client: Client, path: string) {
  const answer = await client.get(path)
  expect(answer.status, path).toBe(200)
  return (
    answer.text
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      // A tag's boundary is no space a reader sees: "<span>Jacob</span>, Senior" reads "Jacob, Senior".
      .replace(/ ([,.;:])/g, '$1')
  )
}

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database)

  async function post<T = Sermon>(table: string, body: object) {
    const answer = await ctx.admin.post<T>(`/api/${table}`, body)
    expect(answer.status, answer.text).toBe(201)
    return answer.body
  }

  test('a sermon keeps its scripture as typed and as OSIS ranges, and its guid through every edit', async () => {
    const created = await post('sermons', makeSermon({ scripture: 'John 3:16-21; Rom 8' }))
    expect(created).toMatchObject({
      scripture: 'John 3:16-21; Rom 8',
      scripture_osis: 'John.3.16-John.3.21,Rom.8.1-Rom.8.39',
      audio_bytes: null,
      audio_duration_seconds: null,
      status: 'published',
    })
    expect(created.guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    const edited = await ctx.admin.patch<Sermon>(`/api/sermons/${created.id}`, {
      scripture: 'Ps 23',
      // Never taken from input.
      guid: 'another',
      scripture_osis: 'Gen.1',
      audio_bytes: 12,
      audio_duration_seconds: 34,
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({
      guid: created.guid,
      scripture_osis: 'Ps.23.1-Ps.23.6',
      audio_bytes: null,
      audio_duration_seconds: null,
    })
    const chosen = await post('sermons', makeSermon({ guid: 'chosen', audio_bytes: 5 }))
    expect(chosen.guid).not.toBe('chosen')
    expect(chosen.audio_bytes).toBeNull()
  })

  test('an unreadable reference, a video that is not YouTube or Vimeo and an unknown series are field messages', async () => {
    const series = await post('sermon_series', makeSermonSeries())
    for (const [body, fields] of [
      [
        { scripture: 'the Psalms of David' },
        { scripture: expect.stringMatching(/^We could not read this reference/) },
      ],
      [{ scripture: 'Rom 8 (evening)' }, { scripture: expect.stringContaining('(evening)') }],
      [
        { video_url: 'https://videos.example/watch/1' },
        { video_url: expect.stringContaining('YouTube or Vimeo') },
      ],
      [{ series_id: 'no-such-series' }, { series_id: 'There is no such series (it may have been deleted)' }],
      [{ speaker_id: series.id }, { speaker_id: 'There is no such speaker (it may have been deleted)' }],
      [{ preached_on: '2026-02-30' }, { preached_on: 'Date preached must be a date such as 2026-11-22' }],
      [{ status: 'hidden' }, { status: 'Status must be draft or published' }],
    ] as const) {
      const answer = await ctx.admin.post('/api/sermons', makeSermon(body))
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body).toEqual(apiError(fields))
    }
    const vimeo = await post('sermons', makeSermon({ video_url: 'https://vimeo.com/76979871' }))
    expect(vimeo.video_url).toBe('https://vimeo.com/76979871')
  })

  test('a series picture too small to make its 1,400-pixel podcast picture is refused with its size', async () => {
    async function uploaded(width: number, height: number) {
      const png = await sharp({
        create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } },
      })
        .png()
        .toBuffer()
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `series-${width}.png`)
      const answer = await ctx.admin.request<{ secure_url: string }>('POST', '/api/uploads', { body: form })
      expect(answer.status, answer.text).toBe(201)
      return answer.body.secure_url
    }
    const small = await ctx.admin.post(
      '/api/sermon_series',
      makeSermonSeries({ image_url: await uploaded(600, 400), image_alt: 'A blue card' }),
    )
    expect(small.status).toBe(400)
    expect(small.body).toEqual(apiError({ image_url: expect.stringContaining('600 × 400 pixels') }))
    const large = await ctx.admin.post(
      '/api/sermon_series',
      makeSermonSeries({ image_url: await uploaded(1200, 800), image_alt: 'A blue card' }),
    )
    expect(large.status, large.text).toBe(201)
  })

  test('a deleted series or speaker lets go of its sermons, which stay', async () => {
    const series = await post('sermon_series', makeSermonSeries())
    const speaker = await post('speakers', makeSpeaker())
    const sermon = await post('sermons', makeSermon({ series_id: series.id, speaker_id: speaker.id }))
    expect((await ctx.admin.delete(`/api/sermon_series/${series.id}`)).status).toBe(204)
    expect((await ctx.admin.delete(`/api/speakers/${speaker.id}`)).status).toBe(204)
    const kept = await ctx.anonymous.get<Sermon>(`/api/sermons/${sermon.id}`)
    expect(kept.body).toMatchObject({ series_id: null, speaker_id: null })
  })

  test('drafts are in no public answer; signed-in staff see them, before and after a visitor fills the cache', async () => {
    const draft = await post('sermons', makeSermon({ title: 'Not yet preached', status: undefined }))
    expect(draft.status).toBe('draft')
    const published = await post('sermons', makeSermon({ title: 'Preached and published' }))
    for (let round = 0; round < 2; round++) {
      const visitor = await ctx.anonymous.get<Sermon[]>('/api/sermons')
      expect(visitor.body.map((item) => item.id)).toContain(published.id)
      expect(visitor.body.map((item) => item.id)).not.toContain(draft.id)
      expect((await ctx.anonymous.get(`/api/sermons/${draft.id}`)).status).toBe(404)
      const staff = await ctx.admin.get<Sermon[]>('/api/sermons')
      expect(staff.body.map((item) => item.id)).toContain(draft.id)
      expect(staff.headers.get('cache-control')).toBe('no-store')
      expect((await ctx.admin.get(`/api/sermons/${draft.id}`)).status).toBe(200)
    }
    expect((await ctx.anonymous.get(`/sermons/${draft.id}`)).status).toBe(404)
    expect(await pageText(ctx.anonymous, '/sermons')).not.toContain('Not yet preached')
    const sitemap = await ctx.anonymous.get('/sitemap.xml')
    expect(sitemap.text).toContain(`/sermons/${published.id}</loc>`)
    expect(sitemap.text).not.toContain(draft.id)
    const editor = await createEditor(ctx, 'sermon-editor@example.org')
    const byEditor = await editor.post<Sermon>('/api/sermons', makeSermon({ title: 'By the editor' }))
    expect(byEditor.status).toBe(201)
    expect((await editor.get<Sermon[]>('/api/sermons')).body.map((item) => item.id)).toContain(draft.id)
  })

  test('/sermons lists the published newest first, 12 a page, and filters by series, speaker and book', async () => {
    const series = await post('sermon_series', makeSermonSeries({ title: 'Romans Road' }))
    const speaker = await post('speakers', makeSpeaker({ name: 'Pastor Filter' }))
    for (let day = 1; day <= 14; day++) {
      await post(
        'sermons',
        makeSermon({
          title: `Archive sermon ${day}`,
          preached_on: `2020-01-${String(day).padStart(2, '0')}`,
          scripture: day % 2 ? 'Rom 8:1-11' : 'Ps 23',
          series_id: day <= 3 ? series.id : null,
          speaker_id: day === 4 ? speaker.id : null,
        }),
      )
    }
    const first = await pageText(ctx.anonymous, '/sermons?book=Rom')
    expect(first).toContain('Archive sermon 13')
    expect(first).not.toContain('Archive sermon 14')
    expect(first).toContain('Romans 8:1–11')

    const bySeries = await pageText(ctx.anonymous, `/sermons?series=${series.id}`)
    expect(bySeries.match(/Archive sermon \d+/g)).toEqual([
      'Archive sermon 3',
      'Archive sermon 2',
      'Archive sermon 1',
    ])
    const bySpeaker = await pageText(ctx.anonymous, `/sermons?speaker=${speaker.id}`)
    expect(bySpeaker.match(/Archive sermon \d+/g)).toEqual(['Archive sermon 4'])
    const psalms = await pageText(ctx.anonymous, `/sermons?book=Ps&series=${series.id}`)
    expect(psalms.match(/Archive sermon \d+/g)).toEqual(['Archive sermon 2'])

    const all = await ctx.anonymous.get<Sermon[]>('/api/sermons')
    const archive = all.body.filter((item) => String(item.title).startsWith('Archive sermon'))
    expect(archive.map((item) => item.title)).toEqual(
      Array.from({ length: 14 }, (_, index) => `Archive sermon ${14 - index}`),
    )
    const page = await ctx.anonymous.get('/sermons?page=2&utm_source=x')
    expect(page.status).toBe(200)
    expect(page.text).toContain('href="/sermons" rel="prev"')
    expect(await pageText(ctx.anonymous, '/sermons?page=2')).toMatch(/Page 2 of \d+/)
  })

  test('a sermon’s page shows its date, speaker, series, scripture in words and links; its series has a page', async () => {
    const series = await post('sermon_series', makeSermonSeries({ title: 'The I Am sayings' }))
    const speaker = await post('speakers', makeSpeaker({ name: 'Pastor Jacob', role: 'Senior Pastor' }))
    const sermon = await post(
      'sermons',
      makeSermon({
        title: 'I am the bread of life',
        preached_on: '2026-11-22',
        scripture: 'John 6:35-51',
        series_id: series.id,
        speaker_id: speaker.id,
        notes_url: 'https://example.org/notes.pdf',
      }),
    )
    const text = await pageText(ctx.anonymous, `/sermons/${sermon.id}`)
    for (const words of [
      'I am the bread of life',
      'Sunday 22 November 2026',
      'Pastor Jacob, Senior Pastor',
      'The I Am sayings',
      'John 6:35–51',
      'Play video',
      'Sermon notes',
    ]) {
      expect(text).toContain(words)
    }
    const seriesPage = await pageText(ctx.anonymous, `/sermons/series/${series.id}`)
    expect(seriesPage).toContain('I am the bread of life')
    expect((await ctx.anonymous.get('/sermons/series/no-such-series')).status).toBe(404)
    expect((await ctx.anonymous.get('/sermons/no-such-sermon')).status).toBe(404)
  })
})
