import ICAL from 'ical.js'
import { describe, expect, test } from 'vitest'

import { saveChurchInfo } from '#app/content/church-info/model.server.ts'
import { calendarIcs } from '#app/dates/calendar.server.ts'
import { feedEvents } from '#app/content/events/events.server.ts'
import { createEvent } from '#app/content/events/model.server.ts'
import { makeChurchInfo, makeEvent } from '#tests/factories.ts'
import { testDatabase, testDatabases } from '#tests/test-database.ts'

import { digestIn } from './weekly.server.ts'

/** Saturday 9 January 2027, 09:00 in Dublin: the week runs to Friday 15 January. */
const NOW = new Date('2027-01-09T09:00:00Z')
const LAST_DAY = '2027-01-15'

const EVENTS = [
  { title: 'Parish supper', starts_at: '2027-01-12T19:00', ends_at: '2027-01-12T21:00' },
  // Over before the hour (07:30–08:00 today), then Mondays, Wednesdays and Fridays, but the skipped Wednesday.
  {
    title: 'Morning prayer',
    starts_at: '2027-01-02T07:30',
    ends_at: '2027-01-02T08:00',
    recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE,FR,SA',
    exdates: ['2027-01-13'],
  },
  // Still on at the hour (08:00–10:00), then every other day until it ends.
  {
    title: 'Youth camp',
    starts_at: '2027-01-09T08:00',
    ends_at: '2027-01-09T10:00',
    recurrence: 'FREQ=DAILY;INTERVAL=2;UNTIL=20270114T235959Z',
  },
  // Second Thursday of the month, and one next month: outside the week.
  {
    title: 'Elders',
    starts_at: '2026-12-10T20:00',
    ends_at: '2026-12-10T21:00',
    recurrence: 'FREQ=MONTHLY;BYDAY=2TH',
  },
  { title: 'February retreat', starts_at: '2027-02-12T18:00', ends_at: '2027-02-14T15:00' },
]

/** Each date of the feed's events in the week as ical.js expands it: the title and the local start. */
function icalWeek(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
  const dates: string[] = []
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component)
    const length = event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()
    const iterator = event.iterator()
    for (let start = iterator.next(); start; start = iterator.next()) {
      const local = start.toString().slice(0, 16)
      if (local.slice(0, 10) > LAST_DAY) break
      // Still to come, or still on, at the hour.
      if (start.toJSDate().getTime() + length < NOW.getTime()) continue
      dates.push(`${local} ${event.summary}`)
    }
  }
  return dates.sort()
}

describe.each(testDatabases)('$name', (kind) => {
  test('the weekly news lists exactly the dates ical.js expands from the calendar feed for the week', async () => {
    const db = await testDatabase(kind)
    await saveChurchInfo({ db, data: makeChurchInfo({ timezone: 'Europe/Dublin', languages: ['en'] }) })
    for (const event of EVENTS) await createEvent({ db, data: makeEvent(event) })
    const clock = { now: () => NOW }

    const { zone, events } = await feedEvents({ db, clock })
    const ics = calendarIcs(events, {
      origin: 'https://grace.example',
      siteAddress: 'https://grace.example',
      churchName: 'Grace Church Cork',
      zone,
    })
    const digest = await digestIn({ db, clock, language: 'en', languages: ['en'] })
    const listed = digest!.dates
      .filter((date) => date.kind === 'event')
      .map((date) => `${date.start.slice(0, 16)} ${date.title}`)
      .sort()
    expect(listed).toEqual(icalWeek(ics))
    expect(listed).toEqual([
      '2027-01-09T08:00 Youth camp',
      '2027-01-11T07:30 Morning prayer',
      '2027-01-11T08:00 Youth camp',
      '2027-01-12T19:00 Parish supper',
      '2027-01-13T08:00 Youth camp',
      '2027-01-14T20:00 Elders',
      '2027-01-15T07:30 Morning prayer',
    ])
  })
})
