import { describe, expect, test } from 'vitest'

import { migrateToLatest } from './migrate.server.ts'
import { getChurchInfo } from '#app/content/church-info/model.server.ts'
import { listEvents } from '#app/content/events/model.server.ts'
import { listMinistries } from '#app/content/ministries/model.server.ts'
import { listServices } from '#app/content/services/model.server.ts'
import { churchInfoBefore } from '#tests/earlier-database.ts'
import { testDatabases } from '#tests/test-database.ts'

// Upgrades of events and services whose times an earlier release kept as typed text: real dates and schedules
// where the text is plain, the rest left as typed.

describe.each(testDatabases)('$name', (database) => {
  test('events typed as text before they had real dates get them where the text is plain; the rest stay as typed', async () => {
    const db = await churchInfoBefore(database, '0007', { name: 'IPC Cork' })
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

  test('services typed as text get a real schedule where the text is plain, written back in the site’s words; the rest stay as typed', async () => {
    const db = await churchInfoBefore(database, '0021', { name: 'IPC Cork', timezone: 'Europe/Dublin' })
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
})
