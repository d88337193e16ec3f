import { Migrator } from 'kysely'
import { describe, expect, test } from 'vitest'

import { migrateToLatest } from './migrate.server.ts'
import * as initial from './migrations/0001-initial.ts'
import { listContactMessages } from '#app/models/contact-messages.server.ts'
import { emptyTestDatabase, testDatabases } from '#tests/test-database.ts'

describe.each(testDatabases)('$name', (database) => {
  test('messages kept before the search columns existed are found and sorted after the upgrade', async () => {
    const db = await emptyTestDatabase(database)
    // The schema as the first release left it, with two messages in it.
    const first = new Migrator({
      db: db.kysely,
      provider: { getMigrations: async () => ({ '0001-initial': initial }) },
    })
    expect((await first.migrateToLatest()).error).toBeUndefined()
    const message = { last_name: 'Ó Súilleabháin', phone: null, subject: null, message: 'Dia duit' }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await (db.kysely as any)
      .insertInto('contact_messages')
      .values([
        {
          ...message,
          id: 'a',
          first_name: 'Órla',
          email: 'orla@example.ie',
          created_at: '2026-01-01T00:00:00Z',
        },
        {
          ...message,
          id: 'b',
          first_name: 'Niamh',
          email: 'niamh@example.ie',
          created_at: '2026-01-02T00:00:00Z',
        },
      ])
      .execute()

    expect((await migrateToLatest(db))[0]).toBe('0002-message-search')
    const found = await listContactMessages({ db, q: 'orla' })
    expect(found.items.map((item) => item.first_name)).toEqual(['Órla'])
    expect(found.items[0]).not.toHaveProperty('search_text')
    const sorted = await listContactMessages({ db, sort: 'first_name', dir: 'desc' })
    expect(sorted.items.map((item) => item.first_name)).toEqual(['Órla', 'Niamh'])
  })
})
