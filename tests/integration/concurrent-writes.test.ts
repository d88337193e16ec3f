import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { LIST_TABLE_FACTORIES, type ListTable, makeContactMessage } from '../factories.ts'
import { startServer, type TestServer } from '../test-server.ts'
import { ADMIN, type Answer, Client, databases, signIn, sleep } from './support.ts'

// `npm start` runs a worker per core, all writing to one database (one SQLite file). Writes that arrive together
// through different workers must each be answered and kept: none may fail on the other worker's lock.

const WRITERS = 40
const ROUNDS = 6
const TABLES = Object.keys(LIST_TABLE_FACTORIES) as ListTable[]

describe.each(databases)('$name', (database) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startServer({
      entry: 'scripts/start.js',
      admin: ADMIN,
      postgresUrl: database.postgresUrl,
      env: { WEB_CONCURRENCY: '2', CONTACT_RATE_LIMIT: '100000', TRUST_PROXY: 'true' },
    })
    const deadline = Date.now() + 60_000
    while ((server.output().match(/Lampstand is listening/g)?.length ?? 0) < 2) {
      if (Date.now() > deadline) throw new Error(`The second worker did not start:\n${server.output()}`)
      await sleep(100)
    }
  })

  afterAll(async () => {
    await server?.stop()
  })

  test('40 writers at once through two workers: every write is answered without a 5xx and kept', async () => {
    // A few sessions, signed in at the same time (better-auth's own writes).
    const admins = await Promise.all([1, 2, 3, 4].map(() => signIn(server.url, ADMIN)))
    const answers: Answer[] = []
    const note = <T extends Answer>(answer: T) => (answers.push(answer), answer)
    /** What each item should read as at the end: its last acknowledged record, or null once deleted. */
    const expected = new Map<string, { table: ListTable; record: unknown }>()
    const sentEmails: string[] = []

    const started = performance.now()
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, writer) => {
        const admin = admins[writer % admins.length]
        const visitor = new Client(server.url)
        for (let round = 0; round < ROUNDS; round++) {
          if (writer % 5 === 4) {
            const body = makeContactMessage({ message: `Round ${round} from writer ${writer}` })
            const answer = note(
              await visitor.post('/api/contact_messages', body, {
                headers: { 'x-forwarded-for': `198.51.100.${writer}` },
              }),
            )
            if (answer.status === 201) sentEmails.push(body.email)
            continue
          }
          const table = TABLES[(writer + round) % TABLES.length]
          const created = note(await admin.post(`/api/${table}`, LIST_TABLE_FACTORIES[table]()))
          if (created.status !== 201) continue
          const id: string = created.body.id
          expected.set(id, { table, record: created.body })
          const changed = note(await admin.patch(`/api/${table}/${id}`, LIST_TABLE_FACTORIES[table]()))
          if (changed.status === 200) expected.set(id, { table, record: changed.body })
          if (round % 2 === 1) {
            const deleted = note(await admin.delete(`/api/${table}/${id}`))
            if (deleted.status === 204) expected.set(id, { table, record: null })
          }
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000

    const failures = answers.filter((answer) => answer.status >= 500).map((answer) => answer.text)
    const statuses = new Set(answers.map((answer) => answer.status))
    console.info(
      `${database.name}: ${answers.length} writes in ${seconds.toFixed(1)} s, ${failures.length} answered 5xx`,
    )
    const logged = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":50'))
    expect(
      failures,
      logged
        .slice(0, 3)
        .map((line) => line.slice(0, 400))
        .join('\n'),
    ).toEqual([])
    expect([...statuses].sort()).toEqual([200, 201, 204])

    const reader = admins[0]
    for (const [id, { table, record }] of expected) {
      const answer = await reader.get(`/api/${table}/${id}`)
      if (record === null) expect(answer.status, `${table} ${id}`).toBe(404)
      else expect(answer.body, `${table} ${id}`).toEqual(record)
    }
    const stored: string[] = []
    for (let offset = 0; ; offset += 500) {
      const page = await reader.get<Array<{ email: string }>>(
        `/api/contact_messages?limit=500&offset=${offset}`,
      )
      stored.push(...page.body.map((message) => message.email))
      if (page.body.length < 500) break
    }
    expect(new Set(stored)).toEqual(new Set(sentEmails))
  })
})
