import { describe, expect, test } from 'vitest'

import { insertItem, LIST_TABLE_FACTORIES, makeChurchInfo } from '../factories.ts'
import { LIST_TABLES, REQUIRED_FIELDS } from './content-tables.ts'
import { apiError, databases, useServer } from './support.ts'

// Every table's round trip through the REST API: create, read, update, delete and reorder. What a write is
// checked and cleaned against: content-write.test.ts.

const ORDERED_TABLES = [
  'services',
  'ministries',
  'carousel_slides',
  'leadership_team',
  'getting_here',
] as const

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database)

  test.each(LIST_TABLES)('%s: create, read, partial update and delete round-trip', async (table) => {
    const body = LIST_TABLE_FACTORIES[table]()
    const created = await ctx.admin.post(`/api/${table}`, body)
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ ...body, id: expect.any(String) })
    expect(created.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/)
    expect(created.body.updated_at).toBe(created.body.created_at)
    const id = created.body.id

    // The first required field of every table is plain text (name, title or transport type).
    const [field] = Object.keys(REQUIRED_FIELDS[table])
    const patched = await ctx.admin.patch(`/api/${table}/${id}`, { [field]: 'Changed', id: 'hijacked' })
    expect(patched.status).toBe(200)
    expect(patched.body).toEqual({
      ...created.body,
      [field]: 'Changed',
      updated_at: expect.any(String),
      // Events count their changes for calendar clients (SEQUENCE in /calendar.ics).
      ...(table === 'events' ? { sequence: created.body.sequence + 1 } : {}),
    })
    expect(patched.body.id).toBe(id)
    expect((await ctx.anonymous.get(`/api/${table}/${id}`)).body).toEqual(patched.body)

    const invalid = await ctx.admin.patch(`/api/${table}/${id}`, { [field]: '' })
    expect(invalid.status).toBe(400)
    expect(invalid.body.error.fields).toHaveProperty(field)
    expect((await ctx.anonymous.get(`/api/${table}/${id}`)).body).toEqual(patched.body)

    const deleted = await ctx.admin.delete(`/api/${table}/${id}`)
    expect(deleted.status).toBe(204)
    expect(deleted.text).toBe('')
    expect((await ctx.anonymous.get(`/api/${table}/${id}`)).status).toBe(404)
    expect((await ctx.admin.delete(`/api/${table}/${id}`)).status).toBe(404)
    expect((await ctx.admin.patch(`/api/${table}/${id}`, { [field]: 'Again' })).status).toBe(404)
    const list = await ctx.anonymous.get<{ id: string }[]>(`/api/${table}`)
    expect(list.body.map((item) => item.id)).not.toContain(id)
  })

  test.each(LIST_TABLES)('POST /api/%s ignores id, timestamps and fields it does not know', async (table) => {
    const chosen = {
      id: 'chosen-id',
      created_at: '1999-01-01T00:00:00.000Z',
      updated_at: '1999-01-01T00:00:00.000Z',
      is_admin: true,
    }
    const answer = await ctx.admin.post(`/api/${table}`, LIST_TABLE_FACTORIES[table](chosen))
    expect(answer.status).toBe(201)
    expect(answer.body.id).not.toBe('chosen-id')
    expect(answer.body.created_at).not.toMatch(/^1999/)
    expect(answer.body).not.toHaveProperty('is_admin')
    expect((await ctx.anonymous.get(`/api/${table}/chosen-id`)).status).toBe(404)
  })

  test('saving church info twice updates the one record', async () => {
    const first = await ctx.admin.put('/api/church_info', makeChurchInfo({ name: 'First name' }))
    const second = await ctx.admin.put('/api/church_info', makeChurchInfo({ name: 'Second name', phone: '' }))
    expect(second.status).toBe(200)
    expect(second.body.id).toBe(first.body.id)
    expect(second.body).toMatchObject({ name: 'Second name', phone: null })
    expect((await ctx.anonymous.get('/api/church_info')).body).toEqual(second.body)
  })

  test.each(ORDERED_TABLES)('%s: new items go last and reorder renumbers every item 1..n', async (table) => {
    const existing = await ctx.anonymous.get<{ id: string; order: number }[]>(`/api/${table}`)
    const a = await insertItem(ctx.admin, table)
    const b = await insertItem(ctx.admin, table)
    const c = await insertItem(ctx.admin, table)
    const top = Math.max(0, ...existing.body.map((item) => item.order))
    expect([a.order, b.order, c.order]).toEqual([top + 1, top + 2, top + 3])

    const ids = [c.id, ...existing.body.map((item) => item.id), a.id, b.id]
    const answer = await ctx.admin.post<{ id: string; order: number }[]>(`/api/${table}/reorder`, { ids })
    expect(answer.status).toBe(200)
    expect(answer.body.map((item) => item.id)).toEqual(ids)
    expect(answer.body.map((item) => item.order)).toEqual(ids.map((_, index) => index + 1))
    const list = await ctx.anonymous.get<{ id: string; order: number }[]>(`/api/${table}`)
    expect(list.body.map((item) => [item.id, item.order])).toEqual(ids.map((id, index) => [id, index + 1]))

    // Editing an item keeps its place.
    const edited = await ctx.admin.patch(`/api/${table}/${a.id}`, { title: 'Edited', name: 'Edited' })
    expect(edited.body.order).toBe(ids.indexOf(a.id) + 1)
  })

  test.each(ORDERED_TABLES)(
    '%s: reorder refuses an id list that is not every item exactly once',
    async (table) => {
      await insertItem(ctx.admin, table)
      await insertItem(ctx.admin, table)
      const before = await ctx.anonymous.get<{ id: string }[]>(`/api/${table}`)
      const ids = before.body.map((item) => item.id)
      for (const bad of [
        ids.slice(1),
        [...ids, ids[0]],
        [...ids.slice(1), '00000000-0000-4000-8000-000000000000'],
        [...ids, '00000000-0000-4000-8000-000000000000'],
        [],
        'not a list',
        [...ids.slice(1), 42],
        null,
      ]) {
        const answer = await ctx.admin.post(`/api/${table}/reorder`, { ids: bad })
        expect(answer.status, JSON.stringify(bad)).toBe(400)
        expect(answer.body).toEqual(apiError({ ids: expect.any(String) }))
      }
      expect((await ctx.admin.post(`/api/${table}/reorder`, {})).status).toBe(400)
      expect((await ctx.anonymous.get(`/api/${table}`)).body).toEqual(before.body)
    },
  )

  test('tables without an order cannot be reordered', async () => {
    for (const table of ['events', 'gallery_images', 'no_such_table']) {
      const answer = await ctx.admin.post(`/api/${table}/reorder`, { ids: [] })
      expect(answer.status, table).toBe(404)
      expect(answer.body).toEqual(apiError())
    }
  })
})
