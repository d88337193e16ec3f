import { describe, expect, test } from 'vitest'

import {
  insertItem,
  LIST_TABLE_FACTORIES,
  type ListTable,
  makeAboutUs,
  makeChurchInfo,
} from '../factories.ts'
import { apiError, databases, sleep, useServer } from './support.ts'

const LIST_TABLES = Object.keys(LIST_TABLE_FACTORIES) as ListTable[]
const ORDERED_TABLES: ListTable[] = [
  'services',
  'ministries',
  'carousel_slides',
  'leadership_team',
  'getting_here',
]

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database)

  test.each(LIST_TABLES)(
    'GET /api/%s lists the table for a visitor as JSON that is revalidated on every use',
    async (table) => {
      const answer = await ctx.anonymous.get(`/api/${table}`)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
      expect(answer.headers.get('cache-control')).toBe('no-cache')
      expect(answer.headers.get('etag')).toBeTruthy()
      expect(Array.isArray(answer.body)).toBe(true)
    },
  )

  test('a public read is answered from memory until the next write, which shows at once', async () => {
    const before = await ctx.anonymous.get<{ id: string }[]>('/api/events')
    const again = await ctx.anonymous.get<{ id: string }[]>('/api/events')
    expect(again.headers.get('x-cache')).toBe('HIT')
    expect(again.body).toEqual(before.body)
    const unchanged = await ctx.anonymous.get('/api/events', {
      headers: { 'if-none-match': before.headers.get('etag')! },
    })
    expect(unchanged.status).toBe(304)

    const stored = await insertItem(ctx.admin, 'events')
    const after = await ctx.anonymous.get<{ id: string }[]>('/api/events')
    expect(after.headers.get('x-cache')).toBe('MISS')
    expect(after.body.map((item) => item.id)).toContain(stored.id)
    expect((await ctx.anonymous.get(`/api/events/${stored.id}`)).body).toEqual(stored)

    // Messages are for staff only: never kept, never answered to a visitor.
    await ctx.admin.get('/api/contact_messages')
    const messages = await ctx.admin.get('/api/contact_messages')
    expect(messages.headers.get('x-cache')).toBeNull()
    expect((await ctx.anonymous.get('/api/contact_messages')).status).toBe(401)
  })

  test.each(LIST_TABLES)('GET /api/%s/:id gives a visitor the stored record', async (table) => {
    const stored = await insertItem(ctx.admin, table)
    const answer = await ctx.anonymous.get(`/api/${table}/${stored.id}`)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual(stored)
    const list = await ctx.anonymous.get<{ id: string }[]>(`/api/${table}`)
    expect(list.body.map((item) => item.id)).toContain(stored.id)
  })

  test.each(LIST_TABLES)('GET /api/%s/:id of an unknown id is 404 with the error JSON', async (table) => {
    const answer = await ctx.anonymous.get(`/api/${table}/00000000-0000-4000-8000-000000000000`)
    expect(answer.status).toBe(404)
    expect(answer.body).toEqual(apiError())
  })

  test.each(ORDERED_TABLES)(
    'GET /api/%s lists items by their order, not by when they were added',
    async (table) => {
      const first = await insertItem(ctx.admin, table, { order: 900 })
      const second = await insertItem(ctx.admin, table, { order: 800 })
      const third = await insertItem(ctx.admin, table, { order: 850 })
      const list = await ctx.anonymous.get<{ id: string; order: number }[]>(`/api/${table}`)
      const orders = list.body.map((item) => item.order)
      expect(orders).toEqual([...orders].sort((a, b) => a - b))
      const ids = list.body
        .map((item) => item.id)
        .filter((id) => [first.id, second.id, third.id].includes(id))
      expect(ids).toEqual([second.id, third.id, first.id])
    },
  )

  test('GET /api/gallery_images lists the newest first, as the gallery shows them', async () => {
    const first = await insertItem(ctx.admin, 'gallery_images')
    await sleep(5)
    const second = await insertItem(ctx.admin, 'gallery_images')
    const list = await ctx.anonymous.get<{ id: string; created_at: string }[]>('/api/gallery_images')
    const created = list.body.map((item) => item.created_at)
    expect(created).toEqual([...created].sort().reverse())
    const ids = list.body.map((item) => item.id).filter((id) => [first.id, second.id].includes(id))
    expect(ids).toEqual([second.id, first.id])
  })

  test('GET /api/events lists events by their start, then oldest first, undated ones last', async () => {
    const later = await insertItem(ctx.admin, 'events', { starts_at: '2031-05-01T10:00', ends_at: null })
    const undated = await insertItem(ctx.admin, 'events', {
      starts_at: null,
      ends_at: null,
      date: 'Some day',
    })
    const sooner = await insertItem(ctx.admin, 'events', { starts_at: '2031-04-01T10:00', ends_at: null })
    await sleep(5)
    const sameTime = await insertItem(ctx.admin, 'events', { starts_at: '2031-04-01T10:00', ends_at: null })
    const list = await ctx.anonymous.get<{ id: string }[]>('/api/events')
    const mine = [later.id, undated.id, sooner.id, sameTime.id]
    expect(list.body.map((item) => item.id).filter((id) => mine.includes(id))).toEqual([
      sooner.id,
      sameTime.id,
      later.id,
      undated.id,
    ])
  })

  test('GET /api/church_info is null before anything is saved, then the saved record', async () => {
    expect((await ctx.anonymous.get('/api/church_info')).body).toBeNull()
    const saved = await ctx.admin.put('/api/church_info', makeChurchInfo())
    expect(saved.status).toBe(200)
    const answer = await ctx.anonymous.get('/api/church_info')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual(saved.body)
    expect(answer.body).toMatchObject({ name: 'Grace Church Cork', latitude: 51.8969, longitude: -8.4863 })
  })

  test('GET /api/about_us is null before anything is saved, then the saved record', async () => {
    expect((await ctx.anonymous.get('/api/about_us')).body).toBeNull()
    const saved = await ctx.admin.put('/api/about_us', makeAboutUs())
    expect(saved.status).toBe(200)
    const answer = await ctx.anonymous.get('/api/about_us')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual(saved.body)
    expect(answer.body).toMatchObject({ mission: '<p>To make disciples.</p>' })
  })

  test.each([
    '/api/no_such_table',
    '/api/no_such_table/1',
    '/api/__proto__',
    '/api/constructor/1',
    '/api/media',
    '/api/user',
    '/api/session',
    '/api/church_info/1',
    '/api/a/b/c',
    '/api/no_such_table/reorder',
    '/api/events/reorder',
  ])('GET %s is 404 with the error JSON', async (path) => {
    const answer = await ctx.anonymous.get(path)
    expect(answer.status).toBe(404)
    expect(answer.body).toEqual(apiError())
  })

  test.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    '%s to an API path that does not exist is 404',
    async (method) => {
      const answer = await ctx.admin.request(method, '/api/a/b/c', { json: {} })
      expect(answer.status).toBe(404)
      expect(answer.body).toEqual(apiError())
    },
  )

  test.each([
    ['PUT', '/api/services'],
    ['DELETE', '/api/events'],
    ['POST', '/api/ministries/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/church_info'],
    ['DELETE', '/api/about_us'],
    ['PUT', '/api/contact_messages'],
    ['PUT', '/api/contact_messages/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/uploads'],
    ['PUT', '/api/uploads'],
    ['GET', '/api/leadership_team/reorder'],
    ['PUT', '/api/getting_here/reorder'],
  ])('%s %s is 405 naming the allowed methods', async (method, path) => {
    const answer = await ctx.admin.request(method, path, method === 'GET' ? {} : { json: {} })
    expect(answer.status).toBe(405)
    expect(answer.headers.get('allow')).toBeTruthy()
    expect(answer.body).toEqual(apiError())
  })

  test.each([
    ['POST', '/api/services'],
    ['PATCH', '/api/services/:id'],
    ['PUT', '/api/church_info'],
    ['PUT', '/api/about_us'],
    ['POST', '/api/leadership_team/reorder'],
    ['POST', '/api/contact_messages'],
  ])('%s %s refuses a body that is not JSON with 415', async (method, template) => {
    const service = await insertItem(ctx.admin, 'services')
    const path = template.replace(':id', service.id)
    for (const [type, body] of [
      ['text/plain', '{"name":"x"}'],
      ['application/x-www-form-urlencoded', 'name=x'],
    ]) {
      const answer = await ctx.admin.request(method, path, { body, headers: { 'content-type': type } })
      expect(answer.status, `${type}`).toBe(415)
      expect(answer.body).toEqual(apiError())
    }
  })

  test('a JSON body that does not parse is 400 and one over 1 MB is 413', async () => {
    const broken = await ctx.admin.request('POST', '/api/services', {
      body: '{"name":',
      headers: { 'content-type': 'application/json' },
    })
    expect(broken.status).toBe(400)
    expect(broken.body).toEqual(apiError())
    const huge = await ctx.admin.post('/api/services', {
      name: 'x',
      description: 'a'.repeat(1024 * 1024 + 1),
    })
    expect(huge.status).toBe(413)
    expect(huge.body).toEqual(apiError())
  })
})
