import { Migrator } from 'kysely'
import { describe, expect, test } from 'vitest'

import { getMigrations } from 'better-auth/db/migration'

import { migrateToLatest } from './migrate.server.ts'
import { migrateAuthTables } from '#app/auth/auth.server.ts'
import { readEnv } from '#app/env.server.ts'
import * as initial from './migrations/0001-initial.ts'
import { getChurchInfo } from '#app/content/church-info/model.server.ts'
import { createEvent, listEvents } from '#app/content/events/model.server.ts'
import { listRegistrations } from '#app/content/registrations/model.server.ts'
import { createRegistration } from '#app/content/registrations/sign-up-model.server.ts'
import { listMinistries } from '#app/content/ministries/model.server.ts'
import { listCarouselSlides } from '#app/content/carousel/model.server.ts'
import { listContactMessages } from '#app/content/messages/model.server.ts'
import { listGalleryImages } from '#app/content/gallery/model.server.ts'
import { listLeadershipTeam } from '#app/content/leadership/model.server.ts'
import { countAdministrators } from '#app/models/users.server.ts'
import { churchInfoBefore, databaseBefore, migrationsBefore } from '#tests/earlier-database.ts'
import { emptyTestDatabase, testDatabases } from '#tests/test-database.ts'

// Upgrades of a database an earlier release left: what it kept reads as it did. Schedules typed as text:
// migrate-schedules.server.test.ts.

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

  test('church info kept before its own words existed shows what it showed, with its numbers made international', async () => {
    const db = await churchInfoBefore(database, '0006', {
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
    const db = await churchInfoBefore(database, '0006', {
      name: 'Grace',
      phone: 'ring the office',
      whatsapp_number: null,
    })
    await migrateToLatest(db)
    expect(await getChurchInfo({ db })).toMatchObject({ phone: 'ring the office', whatsapp_number: null })
  })

  test('messages kept before the inbox had states count as read, so the new-message count starts from zero', async () => {
    const db = await databaseBefore(database, '0008')
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

  test('a database that ran a later migration first (0008 before 0007) still gets the earlier one', async () => {
    const db = await emptyTestDatabase(database)
    const all = migrationsBefore('9999')
    const without0007 = Object.fromEntries(Object.entries(all).filter(([name]) => !name.startsWith('0007')))
    const earlier = new Migrator({ db: db.kysely, provider: { getMigrations: async () => without0007 } })
    expect((await earlier.migrateToLatest()).error).toBeUndefined()
    expect(await migrateToLatest(db)).toEqual(['0007-event-dates'])
    expect(await listEvents({ db })).toEqual([])
  })

  test('pictures stored before they had descriptions: gallery images and slides take their title, leaders and ministries none', async () => {
    const db = await databaseBefore(database, '0009')
    const stamp = { created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const kysely = db.kysely as any
    const image_url = '/images/photo.jpg'
    await kysely
      .insertInto('gallery_images')
      .values({ id: 'g', title: 'Easter sunrise', category: 'worship', image_url, ...stamp })
      .execute()
    await kysely
      .insertInto('carousel_slides')
      .values({ id: 's', title: 'Welcome Home', subtitle: null, image_url, order: 1, ...stamp })
      .execute()
    await kysely
      .insertInto('leadership_team')
      .values({ id: 'l', name: 'Pastor Thomas', role: 'Pastor', bio: null, image_url, order: 1, ...stamp })
      .execute()
    await kysely
      .insertInto('ministries')
      .values({ id: 'm', name: 'Choir', description: null, image_url, activities: '[]', order: 1, ...stamp })
      .execute()

    expect(await migrateToLatest(db)).toContain('0009-image-descriptions')
    expect((await listGalleryImages({ db }))[0].image_alt).toBe('Easter sunrise')
    expect((await listCarouselSlides({ db }))[0].image_alt).toBe('Welcome Home')
    expect((await listLeadershipTeam({ db }))[0].image_alt).toBeNull()
    expect((await listMinistries({ db }))[0].image_alt).toBeNull()
  })

  test('everyone who could sign in before roles existed is an administrator after the upgrade', async () => {
    const db = await databaseBefore(database, '0010')
    // better-auth's tables as the release before roles made them: no admin plugin, so no role column.
    const before = await getMigrations({ database: { db: db.kysely, type: db.dialect } })
    await before.runMigrations()
    const stamp = new Date('2026-01-01T00:00:00Z')
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await (db.kysely as any)
      .insertInto('user')
      .values(
        ['pastor', 'secretary'].map((name) => ({
          id: name,
          name,
          email: `${name}@example.org`,
          emailVerified: db.dialect === 'sqlite' ? 1 : true,
          createdAt: db.dialect === 'sqlite' ? stamp.toISOString() : stamp,
          updatedAt: db.dialect === 'sqlite' ? stamp.toISOString() : stamp,
        })),
      )
      .execute()

    expect(await migrateToLatest(db)).toContain('0010-staff-roles')
    const env = readEnv({ DATA_DIR: '/nonexistent' })
    await migrateAuthTables({ db, env, secret: 'x'.repeat(32) })
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const users = await (db.kysely as any)
      .selectFrom('user')
      .select(['email', 'role', 'banned'])
      .orderBy('email')
      .execute()
    expect(users.map((user: { email: string; role: string }) => [user.email, user.role])).toEqual([
      ['pastor@example.org', 'admin'],
      ['secretary@example.org', 'admin'],
    ])
    expect(await countAdministrators({ db })).toBe(2)
  })

  test('registrations kept before the one-per-address rule get their mailbox key; a duplicate stays without one', async () => {
    const db = await databaseBefore(database, '0020')
    const event = await createEvent({
      db,
      data: { title: 'Retreat', starts_at: '2030-03-01T10:00', registration: true, capacity: 10 },
    })
    const row = (id: string, email: string, status: string, minute: number) => ({
      id,
      event_id: event.id,
      occurrence: '2030-03-01T10:00',
      ends_on: '2030-03-01',
      name: id,
      email,
      people: 2,
      note: null,
      status,
      spam_reason: null,
      search_text: id,
      created_at: `2026-01-01T00:0${minute}:00.000Z`,
      updated_at: `2026-01-01T00:0${minute}:00.000Z`,
    })
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await (db.kysely as any)
      .insertInto('registrations')
      .values([
        row('cancelled', 'MARY@example.org', 'cancelled', 1),
        row('first', 'Mary@Example.org', 'confirmed', 2),
        row('again', 'mary+2@example.org', 'waiting', 3),
        row('other', 'sean@example.org', 'confirmed', 4),
      ])
      .execute()

    expect(await migrateToLatest(db)).toContain('0020-registration-limits')
    const keys = await db.kysely
      .selectFrom('registrations')
      .select(['id', 'email_key'])
      .orderBy('created_at')
      .execute()
    expect(keys.map((entry) => [entry.id, entry.email_key])).toEqual([
      ['cancelled', 'mary@example.org'],
      ['first', 'mary@example.org'],
      ['again', null],
      ['other', 'sean@example.org'],
    ])
    // A live second for the mailbox is refused by the database itself; the next sign-up changes the first.
    await expect(
      db.kysely
        .insertInto('registrations')
        .values({ ...row('third', 'mary@example.org', 'confirmed', 5), email_key: 'mary@example.org' })
        .execute(),
    ).rejects.toThrow(/unique/i)
    const saved = await createRegistration({
      db,
      eventId: event.id,
      occurrence: '2030-03-01T10:00',
      endsOn: '2030-03-01',
      input: { name: 'Mary', email: 'mary@example.org', people: 1, note: null },
      clock: { now: () => new Date('2026-01-02T00:00:00Z') },
    })
    expect(saved && 'updated' in saved && [saved.updated, saved.registration.id]).toEqual([true, 'first'])
    const { items } = await listRegistrations({ db, eventId: event.id })
    // The place it gave back moved the waiting list up.
    expect(items.map((entry) => [entry.id, entry.status, entry.people])).toEqual([
      ['cancelled', 'cancelled', 2],
      ['first', 'confirmed', 1],
      ['again', 'confirmed', 2],
      ['other', 'confirmed', 2],
    ])
  })
})
