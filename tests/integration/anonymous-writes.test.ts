import { describe, expect, test } from 'vitest'

import { LIST_TABLE_FACTORIES, makeAboutUs, makeChurchInfo } from '../factories.ts'
import { apiError, databases, useServer } from './support.ts'
import { LIST_TABLES, TABLES } from '#app/schemas/tables.ts'

interface AdminRoute {
  method: string
  /** `:id` is replaced by the id of a stored record of the table. */
  path: string
  table?: string
  json?: unknown
  multipart?: boolean
}

/** Every route that only an administrator may use, walked from the tables' declarations. */
function adminRoutes(): AdminRoute[] {
  const routes: AdminRoute[] = []
  for (const table of LIST_TABLES) {
    const body = LIST_TABLE_FACTORIES[table]()
    routes.push(
      { method: 'POST', path: `/api/${table}`, table, json: body },
      { method: 'PATCH', path: `/api/${table}/:id`, table, json: body },
      { method: 'PUT', path: `/api/${table}/:id`, table, json: body },
      { method: 'DELETE', path: `/api/${table}/:id`, table },
    )
    if (TABLES[table].order === 'position')
      routes.push({ method: 'POST', path: `/api/${table}/reorder`, table, json: { ids: [] } })
  }
  routes.push(
    { method: 'PUT', path: '/api/church_info', json: makeChurchInfo() },
    { method: 'PUT', path: '/api/about_us', json: makeAboutUs() },
    { method: 'GET', path: '/api/contact_messages' },
    { method: 'GET', path: '/api/contact_messages/:id', table: 'contact_messages' },
    {
      method: 'PATCH',
      path: '/api/contact_messages/:id',
      table: 'contact_messages',
      json: { status: 'archived' },
    },
    { method: 'DELETE', path: '/api/contact_messages/:id', table: 'contact_messages' },
    { method: 'POST', path: '/api/uploads', multipart: true },
  )
  return routes
}

test('the walk covers every list table of the API and every admin-only route', () => {
  const routes = adminRoutes()
  expect([...LIST_TABLES].sort()).toEqual(Object.keys(LIST_TABLE_FACTORIES).sort())
  expect(routes.filter((route) => route.path.endsWith('/reorder')).map((route) => route.table)).toEqual([
    'services',
    'ministries',
    'carousel_slides',
    'leadership_team',
    'getting_here',
  ])
  expect(routes).toHaveLength(7 * 4 + 5 + 7)
})

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database)

  /** A stored record of every list table, plus a contact message, for the routes that name an id. */
  async function storedIds() {
    const ids: Record<string, string> = {}
    for (const table of LIST_TABLES) {
      const answer = await ctx.admin.post<{ id: string }>(
        `/api/${table}`,
        LIST_TABLE_FACTORIES[table as keyof typeof LIST_TABLE_FACTORIES](),
      )
      ids[table] = answer.body.id
    }
    const message = { first_name: 'A', last_name: 'B', email: 'a@example.org', message: 'Hello' }
    expect((await ctx.anonymous.post('/api/contact_messages', message)).status).toBe(201)
    const list = await ctx.admin.get<{ id: string }[]>('/api/contact_messages')
    ids.contact_messages = list.body[0].id
    return ids
  }

  test('every admin route refuses a visitor without a session with 401 and changes nothing', async () => {
    const ids = await storedIds()
    const snapshot = async () =>
      Promise.all(
        [...Object.keys(LIST_TABLES), 'church_info', 'about_us', 'contact_messages'].map(
          async (table) => (await ctx.admin.get(`/api/${table}`)).text,
        ),
      )
    const before = await snapshot()
    const refused: string[] = []
    for (const route of adminRoutes()) {
      const path = route.path.replace(':id', route.table ? ids[route.table] : '')
      let body: FormData | undefined
      if (route.multipart) {
        body = new FormData()
        body.append('file', new Blob([Buffer.from('GIF89a')], { type: 'image/gif' }), 'pixel.gif')
      }
      const answer = await ctx.anonymous.request(route.method, path, { json: route.json, body })
      expect(answer.status, `${route.method} ${path}`).toBe(401)
      expect(answer.body, `${route.method} ${path}`).toEqual(apiError())
      refused.push(`${route.method} ${route.path}`)
    }
    expect(refused).toHaveLength(adminRoutes().length)
    expect(await snapshot()).toEqual(before)
  })

  test('a forged or expired session cookie is treated like no session', async () => {
    const { anonymous } = ctx
    for (const cookie of [
      'better-auth.session_token=forged.value',
      'better-auth.session_token=',
      `${ctx.admin.cookie}x`,
    ]) {
      const answer = await anonymous.post('/api/services', LIST_TABLE_FACTORIES.services(), {
        headers: { cookie },
      })
      expect(answer.status, cookie).toBe(401)
    }
  })
})
