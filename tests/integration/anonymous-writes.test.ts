import { describe, expect, test } from 'vitest'

import { LIST_TABLE_FACTORIES } from '../factories.ts'
import { adminRoutes, contentSnapshot, sendRoute, storedIds } from './admin-routes.ts'
import { apiError, databases, useServer } from './support.ts'
import { LIST_TABLES } from '#app/content/registry.ts'

test('the walk covers every list table of the API and every admin-only route', () => {
  const routes = adminRoutes()
  expect([...LIST_TABLES].sort()).toEqual(Object.keys(LIST_TABLE_FACTORIES).sort())
  expect(
    routes
      .filter((route) => route.path.endsWith('/reorder'))
      .map((route) => route.table)
      .sort(),
  ).toEqual(['carousel_slides', 'funds', 'getting_here', 'leadership_team', 'ministries', 'services'])
  expect(routes).toHaveLength(LIST_TABLES.length * 4 + 6 + 17)
})

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database)

  test('every admin route refuses a visitor without a session with 401 and changes nothing', async () => {
    const ids = await storedIds(ctx.admin, ctx.anonymous)
    const before = await contentSnapshot(ctx.admin)
    const refused: string[] = []
    for (const route of adminRoutes()) {
      const answer = await sendRoute(ctx.anonymous, route, ids)
      expect(answer.status, `${route.method} ${route.path}`).toBe(401)
      expect(answer.body, `${route.method} ${route.path}`).toEqual(apiError())
      refused.push(`${route.method} ${route.path}`)
    }
    expect(refused).toHaveLength(adminRoutes().length)
    expect(await contentSnapshot(ctx.admin)).toEqual(before)
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
