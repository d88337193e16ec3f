import { type Migration, Migrator } from 'kysely'
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
import { listServices } from '#app/content/services/model.server.ts'
import { listCarouselSlides } from '#app/content/carousel/model.server.ts'
import { listContactMessages } from '#app/content/messages/model.server.ts'
import { listGalleryImages } from '#app/content/gallery/model.server.ts'
import { listLeadershipTeam } from '#app/content/leadership/model.server.ts'
import { countAdministrators } from '#app/models/users.server.ts'
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

  test('events typed as text before they had real dates get them where the text is plain; the rest stay as typed', async () => {
    const db = await churchInfoBefore('0007', { name: 'IPC Cork' })
    // The demo content's events as the release before this one stored them, and two it cannot be sure of.
    const typed = [
      ['Christmas Carol Night', 'Sunday 20 December 2026', '6:00 PM', false],
      ['Family Fun Day', 'Saturday 9 January 2027', '11:00 AM', false],
      ['Youth Retreat in West Cork', '12–14 February 2027', 'Friday 6:00 PM', false],
      ["Women's Conference", 'Saturday 6 March 2027', '10:00 AM', false],
      ['Easter Sunrise Service', 'Sunday 28 March 2027', '6:30 AM', false],
      ['Baptism at Myrtleville', 'Sunday 27 June 2027', '2:00 PM', false],
      ['Sunday School', 'Every Sunday', '11:15 AM', true],
      ['Youth Night', 'Every Saturday', '7:00 PM', true],
      ['Cottage Prayer Meetings', 'First Tuesday of the month', '8:00 PM', true],
      ['Harvest Supper', 'Friday 2 October', '6:00 PM', false],
      ['Bible Study', 'Most Wednesdays', '7:30 PM', true],
    ] as const
    const stamp = '2026-11-23T10:00:00.000Z'
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await (db.kysely as any)
      .insertInto('events')
      .values(
        typed.map(([title, date, time, regular], index) => ({
          id: `e${String(index).padStart(2, '0')}`,
          title,
          date,
          time,
          is_regular: regular ? 1 : 0,
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .execute()
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await (db.kysely as any)
      .insertInto('ministries')
      .values([
        { id: 'm1', name: 'Youth', activities: '[]', created_at: '2026-01-02T00:00:00Z', updated_at: stamp },
        {
          id: 'm2',
          name: 'Children',
          activities: '[]',
          created_at: '2026-01-01T00:00:00Z',
          updated_at: stamp,
        },
      ])
      .execute()

    expect(await migrateToLatest(db)).toContain('0007-event-dates')
    const events = new Map((await listEvents({ db })).map((event) => [event.title, event]))
    const dated = [...events.values()].filter((event) => event.starts_at !== null)
    // All nine of the demo content's events; the two unsure ones stay as typed.
    expect(dated.map((event) => event.title).sort()).toEqual(
      typed
        .slice(0, 9)
        .map(([title]) => title)
        .sort(),
    )
    expect(events.get('Christmas Carol Night')).toMatchObject({
      starts_at: '2026-12-20T18:00',
      date: 'Sunday 20 December 2026',
      time: '6:00 PM',
      recurrence: null,
      exdates: [],
      sequence: 0,
    })
    expect(events.get('Youth Retreat in West Cork')).toMatchObject({
      starts_at: '2027-02-12T18:00',
      ends_at: '2027-02-14T23:59',
      date: 'Friday 12 – Sunday 14 February 2027',
    })
    expect(events.get('Sunday School')).toMatchObject({
      starts_at: '2026-11-29T11:15',
      recurrence: 'FREQ=WEEKLY;BYDAY=SU',
      date: 'Every Sunday',
      time: '11:15 AM',
      is_regular: true,
    })
    expect(events.get('Cottage Prayer Meetings')).toMatchObject({
      starts_at: '2026-12-01T20:00',
      recurrence: 'FREQ=MONTHLY;BYDAY=1TU',
      date: 'First Tuesday of the month',
    })
    expect(events.get('Harvest Supper')).toMatchObject({
      starts_at: null,
      date: 'Friday 2 October',
      time: '6:00 PM',
    })
    expect(events.get('Bible Study')).toMatchObject({
      starts_at: null,
      date: 'Most Wednesdays',
      is_regular: true,
    })
    expect(await getChurchInfo({ db })).toMatchObject({ timezone: 'Europe/Dublin' })
    // Ministries keep the order they were shown in (oldest first), now as positions staff can change.
    expect((await listMinistries({ db })).map((ministry) => [ministry.name, ministry.order])).toEqual([
      ['Children', 1],
      ['Youth', 2],
    ])
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
    const db = await emptyTestDatabase(database)
    const earlier = new Migrator({
      db: db.kysely,
      provider: { getMigrations: async () => migrationsBefore('0009') },
    })
    expect((await earlier.migrateToLatest()).error).toBeUndefined()
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
    const db = await emptyTestDatabase(database)
    const earlier = new Migrator({
      db: db.kysely,
      provider: { getMigrations: async () => migrationsBefore('0010') },
    })
    expect((await earlier.migrateToLatest()).error).toBeUndefined()
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

  test('services typed as text get a real schedule where the text is plain, written back in the site’s words; the rest stay as typed', async () => {
    const db = await churchInfoBefore('0021', { name: 'IPC Cork', timezone: 'Europe/Dublin' })
    // The demo content's services as the release before this one stored them (Monday 23 November 2026).
    const typed = [
      ['Sunday Worship Service', 'Sunday', '10:30 AM', 'ഞായർ'],
      ['Malayalam Service', 'Sunday', '4:00 PM', 'ഞായർ'],
      ['Midweek Bible Study', 'Wednesday', '7:30 PM', 'ബുധൻ'],
      ['Friday Prayer Meeting', 'Friday', '8:00 PM - 9:30 PM', 'വെള്ളി'],
      ['Prayer and Fasting', '1st Friday', '7:00 PM', null],
      ['Baptism Service', 'Last Sunday of June', '2:00 PM', null],
      ['Christmas Carol Service', 'Sunday 20 December', '6:00 PM', null],
      ['Easter Sunrise Service', 'Easter Sunday', '6:30 AM', null],
      ['Youth Service', 'Sunday', 'after lunch', null],
    ] as const
    const stamp = '2026-11-23T10:00:00.000Z'
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await (db.kysely as any)
      .insertInto('services')
      .values(
        typed.map(([name, day, time, mlDay], index) => ({
          id: `s${index}`,
          name,
          day,
          time,
          order: index + 1,
          translations: JSON.stringify(mlDay ? { ml: { name: `${name} (ml)`, day: mlDay, time: time } } : {}),
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .execute()

    expect(await migrateToLatest(db)).toContain('0021-service-schedules')
    const services = new Map((await listServices({ db })).map((service) => [service.name, service]))
    const schedule = (name: string) => {
      const { starts_at, ends_at, recurrence, day, time, streamed } = services.get(name)!
      return { starts_at, ends_at, recurrence, day, time, streamed }
    }
    expect(schedule('Sunday Worship Service')).toEqual({
      starts_at: '2026-11-29T10:30',
      ends_at: null,
      recurrence: 'FREQ=WEEKLY;BYDAY=SU',
      day: 'Every Sunday',
      time: '10:30 AM',
      streamed: false,
    })
    expect(schedule('Friday Prayer Meeting')).toMatchObject({
      starts_at: '2026-11-27T20:00',
      ends_at: '2026-11-27T21:30',
      recurrence: 'FREQ=WEEKLY;BYDAY=FR',
      time: '8:00 PM – 9:30 PM',
    })
    expect(schedule('Prayer and Fasting')).toMatchObject({
      starts_at: '2026-12-04T19:00',
      recurrence: 'FREQ=MONTHLY;BYDAY=1FR',
      day: 'First Friday of the month',
    })
    expect(schedule('Baptism Service')).toMatchObject({
      starts_at: '2027-06-27T14:00',
      recurrence: 'FREQ=YEARLY;BYMONTH=6;BYDAY=-1SU',
    })
    // Its words in another language are written from the rule now; its own name there stays.
    expect(services.get('Sunday Worship Service')!.translations).toEqual({
      ml: { name: 'Sunday Worship Service (ml)' },
    })
    // A day without its year, a feast, a time in words: as typed, with no schedule (the dashboard asks).
    for (const name of ['Christmas Carol Service', 'Easter Sunrise Service', 'Youth Service']) {
      const kept = typed.find(([each]) => each === name)!
      expect(schedule(name), name).toEqual({
        starts_at: null,
        ends_at: null,
        recurrence: null,
        day: kept[1],
        time: kept[2],
        streamed: false,
      })
    }
  })

  test('registrations kept before the one-per-address rule get their mailbox key; a duplicate stays without one', async () => {
    const db = await emptyTestDatabase(database)
    const earlier = new Migrator({
      db: db.kysely,
      provider: { getMigrations: async () => migrationsBefore('0020') },
    })
    expect((await earlier.migrateToLatest()).error).toBeUndefined()
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
