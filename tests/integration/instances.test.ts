import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { makeEvent } from '../factories.ts'
import { createPostgresDatabase, startServer, type TestServer } from '../test-server.ts'
import { ADMIN, Client, databases, signIn } from './support.ts'

// Several servers on one database (the workers of `npm start`, or instances behind a load balancer) each keep a
// page cache; a change made through any of them is on every one's next answer.

describe.each(databases)('$name', (database) => {
  const servers: TestServer[] = []
  let dropDatabase: (() => Promise<void>) | undefined
  let dataDir: string

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-instances-'))
    const env: Record<string, string> = {}
    if (database.postgresUrl) {
      const shared = await createPostgresDatabase(database.postgresUrl)
      dropDatabase = shared.drop
      env.DATABASE_URL = shared.url
    }
    // One after the other, as the supervisor starts its workers: the first migrates.
    servers.push(await startServer({ dataDir, admin: ADMIN, env }))
    servers.push(await startServer({ dataDir, env }))
  })

  afterAll(async () => {
    for (const server of servers) await server.stop()
    await dropDatabase?.()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('a change through one server is on the other’s next answer, cached pages and API alike', async () => {
    const [one, two] = servers
    const reader = new Client(two.url)
    const admin = await signIn(one.url, ADMIN)
    // Fill both caches.
    for (const server of servers) {
      for (const address of ['/events', '/api/events']) {
        await new Client(server.url).get(address)
        expect((await new Client(server.url).get(address)).headers.get('x-cache')).toBe('HIT')
      }
    }
    for (let round = 1; round <= 5; round++) {
      const title = `Coherence check ${round}`
      expect((await admin.post('/api/events', makeEvent({ title }))).status).toBe(201)
      const page = await reader.get('/events')
      expect(page.text).toContain(title)
      const api = await reader.get('/api/events')
      expect(api.body.map((event: { title: string }) => event.title)).toContain(title)
      // …and a change through the second server reaches the first.
      const other = await signIn(two.url, ADMIN)
      const renamed = `${title} (renamed)`
      const id = api.body.find((event: { title: string }) => event.title === title).id
      expect((await other.patch(`/api/events/${id}`, { title: renamed })).status).toBe(200)
      expect((await new Client(one.url).get('/events')).text).toContain(renamed)
    }
  })
})
