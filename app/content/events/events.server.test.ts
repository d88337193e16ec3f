import { describe, expect, test } from 'vitest'

import { nextEvents, upcomingEvents } from './events.server.ts'
import type { Clock } from '#app/lib/clock.ts'
import { saveChurchInfo } from '#app/content/church-info/model.server.ts'
import { createEvent } from './model.server.ts'
import { testDatabase, testDatabases } from '#tests/test-database.ts'

/** A clock standing still at `iso`: "today" is whatever the church's zone makes of it. */
const clockAt = (iso: string): Clock => ({ now: () => new Date(iso) })

describe.each(testDatabases)('$name', (database) => {
  async function churchWith(events: Array<Record<string, unknown>>, timezone = 'Europe/Dublin') {
    const db = await testDatabase(database)
    await saveChurchInfo({ db, data: { name: 'IPC Cork', timezone } })
    for (const event of events) await createEvent({ db, data: event })
    return db
  }

  test('an event that ended yesterday is gone and one ending today is still listed, by the injected clock', async () => {
    const db = await churchWith([
      { title: 'Yesterday', starts_at: '2026-11-22T18:00', ends_at: '2026-11-22T21:00' },
      { title: 'Today', starts_at: '2026-11-23T09:00', ends_at: '2026-11-23T10:00' },
      { title: 'Began on Friday, ends today', starts_at: '2026-11-20T18:00', ends_at: '2026-11-23T12:00' },
      { title: 'Next week', starts_at: '2026-11-30T19:00' },
    ])
    // 23:59 in Dublin on the 23rd: the morning event is over, but it is still its day.
    const late = await upcomingEvents({ db, clock: clockAt('2026-11-23T23:59:00Z') })
    expect(late.today.toString()).toBe('2026-11-23')
    expect(late.oneTime.map((item) => item.event.title)).toEqual([
      'Began on Friday, ends today',
      'Today',
      'Next week',
    ])
    const tomorrow = await upcomingEvents({ db, clock: clockAt('2026-11-24T00:00:00Z') })
    expect(tomorrow.oneTime.map((item) => item.event.title)).toEqual(['Next week'])
  })

  test('"today" is the church’s date: the same instant is another day in Auckland', async () => {
    const db = await churchWith(
      [{ title: 'Sunday supper', starts_at: '2026-11-22T18:00' }],
      'Pacific/Auckland',
    )
    // 10:00 UTC on the 22nd is 23:00 on the 22nd in Auckland; 12:00 UTC is already the 23rd there.
    expect((await upcomingEvents({ db, clock: clockAt('2026-11-22T10:00:00Z') })).oneTime).toHaveLength(1)
    expect((await upcomingEvents({ db, clock: clockAt('2026-11-22T12:00:00Z') })).oneTime).toHaveLength(0)
  })

  test('a weekly 10:30 service is listed at 10:30 across the March and October clock changes', async () => {
    const db = await churchWith([
      { title: 'Morning Worship', starts_at: '2027-01-03T10:30', recurrence: 'FREQ=WEEKLY;BYDAY=SU' },
    ])
    for (const [now, expected] of [
      ['2027-03-27T12:00:00Z', '2027-03-28T10:30'],
      ['2027-03-29T12:00:00Z', '2027-04-04T10:30'],
      ['2027-10-30T12:00:00Z', '2027-10-31T10:30'],
      ['2027-11-01T12:00:00Z', '2027-11-07T10:30'],
    ]) {
      const { repeating } = await upcomingEvents({ db, clock: clockAt(now) })
      expect(repeating[0].next?.start.toString({ smallestUnit: 'minute' }), now).toBe(expected)
    }
  })

  test('the next six mix one-time events and repeating ones at their next date, soonest first', async () => {
    const db = await churchWith([
      { title: 'Carol Night', starts_at: '2026-12-20T18:00' },
      { title: 'Past Supper', starts_at: '2026-11-01T18:00' },
      { title: 'Prayer', starts_at: '2026-12-01T20:00', recurrence: 'FREQ=MONTHLY;BYDAY=1TU' },
      {
        title: 'Sunday School',
        starts_at: '2026-09-06T11:15',
        recurrence: 'FREQ=WEEKLY;BYDAY=SU',
        exdates: ['2026-11-29'],
      },
      { title: 'Retreat', starts_at: '2027-02-12T18:00', ends_at: '2027-02-14T15:00' },
      { title: 'Ended rule', starts_at: '2026-01-04T10:00', recurrence: 'FREQ=WEEKLY;COUNT=2' },
      { title: 'Harvest', date: 'Friday 2 October' },
    ])
    const { events, undated } = await nextEvents({ db, clock: clockAt('2026-11-23T12:00:00Z'), count: 6 })
    expect(
      events.map((item) => [item.event.title, item.next?.start.toString({ smallestUnit: 'minute' })]),
    ).toEqual([
      ['Prayer', '2026-12-01T20:00'],
      // 29 November is skipped.
      ['Sunday School', '2026-12-06T11:15'],
      ['Carol Night', '2026-12-20T18:00'],
      ['Retreat', '2027-02-12T18:00'],
    ])
    expect(undated.map((event) => event.title)).toEqual(['Harvest'])
  })

  test('an event whose date cannot be read stays on the public pages for 30 days after it was added, on the dashboard for good', async () => {
    const db = await churchWith([{ title: 'Harvest supper', date: 'Friday 2 October' }])
    const day = 24 * 60 * 60 * 1000
    const at = (days: number) => ({ now: () => new Date(Date.now() + days * day) })
    const soon = await upcomingEvents({ db, clock: at(29) })
    expect(soon.undated.map((event) => event.title)).toEqual(['Harvest supper'])
    expect(soon.undatedShown.map((event) => event.title)).toEqual(['Harvest supper'])
    const later = await upcomingEvents({ db, clock: at(31) })
    expect(later.undated.map((event) => event.title)).toEqual(['Harvest supper'])
    expect(later.undatedShown).toEqual([])
  })
})
