import { type Migration, Migrator } from 'kysely'
import { describe, expect, test } from 'vitest'

import { migrateToLatest } from './migrate.server.ts'
import * as initial from './migrations/0001-initial.ts'
import { getChurchInfo } from '#app/models/church-info.server.ts'
import { listContactMessages } from '#app/models/contact-messages.server.ts'
import { emptyTestDatabase, testDatabases } from '#tests/test-database.ts'

/** The migrations named before `name`, as the database of an earlier release had them. */
function migrationsBefore(name: string) {
  return Object.fromEntries(
    Object.entries(import.meta.glob<Migration>('./migrations/*.ts', { eager: true }))
      .map(([file, migration]) => [file.replace(/^.*\/|\.ts$/g, ''), migration] as const)
      .filter(([migrationName]) => migrationName < name),
  )
}

describe.each(testDatabases)('$name', (database) => {
  /** A database as the release before migration `name` left it, holding one church info record. */
  async function churchInfoBefore(name: string, record: Record<string, unknown>) {
    const db = await emptyTestDatabase(database)
    const earlier = new Migrator({
      db: db.kysely,
      provider: { getMigrations: async () => migrationsBefore(name) },
    })
    expect((await earlier.migrateToLatest()).error).toBeUndefined()
    const stamp = '2026-01-01T00:00:00Z'
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await (db.kysely as any)
      .insertInto('church_info')
      .values({ id: 'c', created_at: stamp, updated_at: stamp, ...record })
      .execute()
    return db
  }

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

  test('church info kept before its own words existed shows what it showed, with its numbers made international', async () => {
    const db = await churchInfoBefore('0006', {
      name: 'IPC Cork',
      phone: '021 432 0199',
      whatsapp_number: '+353 87 123 4567',
    })

    expect(await migrateToLatest(db)).toContain('0006-church-words-and-phones')
    const info = await getChurchInfo({ db })
    expect(info).toMatchObject({
      phone: '+353214320199',
      whatsapp_number: '+353871234567',
      country: 'IE',
      subtitle: 'Indian Pentecostal Church of God',
      tagline: 'Spreading the Gospel and making disciples in Cork, Ireland.',
      office_hours: expect.stringMatching(/^Monday - Friday: 9:00 AM - 5:00 PM\n/),
      public_transport: expect.stringContaining('Bus routes 202 and 208'),
      parking: expect.stringContaining('Free parking'),
      facebook_url: null,
      instagram_url: null,
      youtube_url: null,
    })
  })

  test('a stored number that is no number is left as it was by the upgrade', async () => {
    const db = await churchInfoBefore('0006', {
      name: 'Grace',
      phone: 'ring the office',
      whatsapp_number: null,
    })
    await migrateToLatest(db)
    expect(await getChurchInfo({ db })).toMatchObject({ phone: 'ring the office', whatsapp_number: null })
  })

  test('messages kept before the inbox had states count as read, so the new-message count starts from zero', async () => {
    const db = await emptyTestDatabase(database)
    const earlier = new Migrator({
      db: db.kysely,
      provider: { getMigrations: async () => migrationsBefore('0008') },
    })
    expect((await earlier.migrateToLatest()).error).toBeUndefined()
    const message = { first_name: 'Órla', last_name: 'Ní Bhriain', email: 'orla@example.ie', phone: null }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await (db.kysely as any)
      .insertInto('contact_messages')
      .values([
        { ...message, id: 'a', subject: null, message: 'Dia duit', created_at: '2026-01-01T00:00:00Z' },
        { ...message, id: 'b', subject: 'Choir', message: 'Alto?', created_at: '2026-01-02T00:00:00Z' },
      ])
      .execute()

    expect(await migrateToLatest(db)).toContain('0008-mail')
    const { items } = await listContactMessages({ db })
    expect(items.map((item) => [item.id, item.status, item.spam_reason])).toEqual([
      ['b', 'read', null],
      ['a', 'read', null],
    ])
    expect((await listContactMessages({ db, status: 'new' })).total).toBe(0)
  })
})
