import ICAL from 'ical.js'
import { describe, expect, test } from 'vitest'

import { makeChurchInfo } from '../factories.ts'
import { type Client, databases, sleep, useServer } from './support.ts'

/** The text of a page as a visitor reads it: tags dropped, spaces collapsed. */
async function pageText(client: Client, path: string) {
  const answer = await client.get(path)
  expect(answer.status, path).toBe(200)
  return answer.text
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

/** The feed parsed by a real iCalendar parser (ical.js), its time zones registered. */
async function readFeed(client: Client, path = '/calendar.ics') {
  const answer = await client.get(path)
  expect(answer.status).toBe(200)
  expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
  const calendar = new ICAL.Component(ICAL.parse(answer.text))
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
  const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component))
  return {
    text: answer.text,
    calendar,
    events,
    byTitle: (title: string) => events.find((e) => e.summary === title)!,
  }
}

/** The first `count` occurrences of a parsed event, as local time and as UTC. */
function occurrences(event: ICAL.Event, count: number) {
  const iterator = event.iterator()
  const found: Array<{ local: string; utc: string }> = []
  for (let next = iterator.next(); next && found.length < count; next = iterator.next()) {
    found.push({ local: next.toString(), utc: next.toJSDate().toISOString() })
  }
  return found
}

describe.each(databases)('$name', (database) => {
  describe('on Monday 23 November 2026 in Dublin', () => {
    // The server's clock: everything that depends on "today" reads it.
    const ctx = useServer(database, { env: { CLOCK_START: '2026-11-23T12:00:00Z' } })

    test('through the API: yesterday’s event is gone, next week’s and a weekly one (skipping a date) are shown on /events, / and in the feed', async () => {
      await ctx.admin.put('/api/church_info', makeChurchInfo({ name: 'IPC Cork' }))
      const post = async (body: Record<string, unknown>) => {
        const answer = await ctx.admin.post('/api/events', body)
        expect(answer.status, answer.text).toBe(201)
        return answer.body as { id: string; updated_at: string; sequence: number }
      }
      await post({ title: 'Yesterday’s Supper', starts_at: '2026-11-22T18:00', ends_at: '2026-11-22T21:00' })
      const nextWeek = await post({ title: 'Harvest Thanksgiving', starts_at: '2026-11-30T19:00' })
      const weekly = await post({
        title: 'Morning Worship',
        starts_at: '2026-11-29T10:30',
        ends_at: '2026-11-29T12:00',
        recurrence: 'FREQ=WEEKLY;BYDAY=SU',
        exdates: ['2026-11-29'],
      })

      const events = await pageText(ctx.anonymous, '/events')
      expect(events).not.toContain('Yesterday’s Supper')
      expect(events).toContain('Harvest Thanksgiving Date Monday 30 November 2026 Time 7:00 PM')
      expect(events).toContain('Every Sunday at 10:30 AM – 12:00 PM · next Sunday 6 December')
      expect(events).toContain('Subscribe')
      const page = (await ctx.anonymous.get('/events')).text
      expect(page).toMatch(/href="webcal:\/\/127\.0\.0\.1:\d+\/calendar\.ics"/)
      expect(page).toMatch(/http:\/\/127\.0\.0\.1:\d+\/calendar\.ics/)
      expect(page).toContain(`href="/events/${nextWeek.id}"`)

      const home = await pageText(ctx.anonymous, '/')
      expect(home).not.toContain('Yesterday’s Supper')
      // Soonest first: next week's one-time event (30 November), then the weekly one at its next date.
      expect(home.indexOf('Harvest Thanksgiving')).toBeLessThan(home.indexOf('Morning Worship'))
      expect(home).toContain('Next: Sunday 6 December')
      expect((await ctx.anonymous.get('/')).text).toContain(`href="/events/${weekly.id}"`)

      const feed = await readFeed(ctx.anonymous)
      expect(feed.events.map((event) => event.summary).sort()).toEqual([
        'Harvest Thanksgiving',
        'Morning Worship',
      ])
      const once = feed.byTitle('Harvest Thanksgiving')
      expect(once.startDate.toString()).toBe('2026-11-30T19:00:00')
      expect(once.startDate.zone?.tzid).toBe('Europe/Dublin')
      const repeating = feed.byTitle('Morning Worship')
      expect(repeating.isRecurring()).toBe(true)
      expect(repeating.component.getFirstPropertyValue('rrule')?.toString()).toBe('FREQ=WEEKLY;BYDAY=SU')
      expect(
        repeating.component
          .getAllProperties('exdate')
          .map((property) => property.getFirstValue()?.toString()),
      ).toEqual(['2026-11-29T10:30:00'])
      expect(occurrences(repeating, 2).map((date) => date.local)).toEqual([
        '2026-12-06T10:30:00',
        '2026-12-13T10:30:00',
      ])
      expect(feed.calendar.getAllSubcomponents('vtimezone')[0].getFirstPropertyValue('tzid')).toBe(
        'Europe/Dublin',
      )
      // Stable whatever Host asks: the site's host once known, 'lampstand' until then (decision 0018).
      expect(repeating.uid).toBe(`${weekly.id}@lampstand`)
      expect(repeating.component.getFirstPropertyValue('sequence')).toBe(0)
      expect(repeating.component.getFirstPropertyValue('last-modified')?.toString()).toBe(
        ICAL.Time.fromJSDate(new Date(weekly.updated_at), true).toString(),
      )

      // An edit keeps the UID, raises SEQUENCE and moves LAST-MODIFIED.
      await sleep(1100)
      const changed = await ctx.admin.patch(`/api/events/${weekly.id}`, { location: 'Main Hall' })
      const after = (await readFeed(ctx.anonymous)).byTitle('Morning Worship')
      expect(after.uid).toBe(repeating.uid)
      expect(after.component.getFirstPropertyValue('sequence')).toBe(1)
      expect(after.location).toBe('Main Hall')
      expect(after.component.getFirstPropertyValue('last-modified')?.toString()).toBe(
        ICAL.Time.fromJSDate(new Date(changed.body.updated_at), true).toString(),
      )
    })

    test('an event’s page has its details, a map or directions, and Add to calendar (.ics and Google Calendar)', async () => {
      const answer = await ctx.admin.post('/api/events', {
        title: 'Baptism at Myrtleville',
        description: '<p>Come and cheer.</p>',
        starts_at: '2026-12-06T14:00',
        ends_at: '2026-12-06T16:00',
        location: 'Myrtleville Beach',
        latitude: 51.7836,
        longitude: -8.2981,
      })
      const id = answer.body.id as string
      const page = (await ctx.anonymous.get(`/events/${id}`)).text
      const text = await pageText(ctx.anonymous, `/events/${id}`)
      expect(text).toContain('Baptism at Myrtleville')
      expect(text).toContain('Sunday 6 December 2026, 2:00 PM – 4:00 PM')
      expect(text).toContain('Myrtleville Beach')
      expect(text).toContain('Come and cheer.')
      expect(page).toContain('data-map')
      expect(page).toContain(`href="/events/${id}/calendar.ics"`)
      const google = /href="(https:\/\/calendar\.google\.com\/calendar\/render\?[^"]+)"/.exec(page)![1]
      const params = new URL(google.replaceAll('&amp;', '&')).searchParams
      expect(params.get('dates')).toBe('20261206T140000/20261206T160000')
      expect(params.get('ctz')).toBe('Europe/Dublin')
      expect(params.get('text')).toBe('Baptism at Myrtleville')
      // Structured data and a share card of its own, and its place in the sitemap.
      expect(page).toContain('"@type":"Event"')
      expect(page).toContain('"startDate":"2026-12-06T14:00:00+00:00"')
      // At its own place, not at the church's address.
      expect(page).toContain(
        '"location":{"@type":"Place","name":"Myrtleville Beach","address":"Myrtleville Beach","geo":{"@type":"GeoCoordinates","latitude":51.7836,"longitude":-8.2981}}',
      )
      const image = /<meta property="og:image" content="[^"]*(\/og\/events\/[^"]+)"/.exec(page)![1]
      const card = await ctx.anonymous.get(image.replaceAll('&amp;', '&'))
      expect(card.status).toBe(200)
      expect(card.headers.get('content-type')).toBe('image/jpeg')
      expect((await ctx.anonymous.get('/sitemap.xml')).text).toContain(`/events/${id}</loc>`)

      const file = await ctx.anonymous.get(`/events/${id}/calendar.ics`)
      expect(file.headers.get('content-disposition')).toBe(
        'attachment; filename="baptism-at-myrtleville.ics"',
      )
      const calendar = new ICAL.Component(ICAL.parse(file.text))
      expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1)
      expect((await ctx.anonymous.get('/events/00000000-0000-4000-8000-000000000000')).status).toBe(404)
    })

    test('Google Calendar gets a well-formed UNTIL, and a series with skipped dates is offered as a file only', async () => {
      const weekly = await ctx.admin.post('/api/events', {
        title: 'Evening Prayer',
        starts_at: '2026-12-06T19:00',
        ends_at: '2026-12-06T20:00',
        recurrence: 'FREQ=WEEKLY;BYDAY=SU;UNTIL=20270601',
      })
      const page = (await ctx.anonymous.get(`/events/${weekly.body.id}`)).text
      const google = /href="(https:\/\/calendar\.google\.com\/calendar\/render\?[^"]+)"/.exec(page)![1]
      const params = new URL(google.replaceAll('&amp;', '&')).searchParams
      // A timed start with a time zone: UNTIL is the last day's end in Cork, in UTC (Irish summer time: UTC+1).
      expect(params.get('recur')).toBe('RRULE:FREQ=WEEKLY;BYDAY=SU;UNTIL=20270601T225959Z')

      const skipped = await ctx.admin.post('/api/events', {
        title: 'Sunday Worship',
        starts_at: '2026-12-06T10:30',
        recurrence: 'FREQ=WEEKLY;BYDAY=SU',
        exdates: ['2026-12-27'],
      })
      const withSkips = (await ctx.anonymous.get(`/events/${skipped.body.id}`)).text
      expect(withSkips).not.toContain('calendar.google.com')
      expect(withSkips).toContain(`href="/events/${skipped.body.id}/calendar.ics"`)
      expect(await pageText(ctx.anonymous, `/events/${skipped.body.id}`)).toContain(
        'Google Calendar can import it',
      )
    })

    test('a repeating series that has ended leaves the sitemap as it left /events', async () => {
      const counted = await ctx.admin.post('/api/events', {
        title: 'Autumn Bible Course',
        starts_at: '2026-10-04T19:00',
        recurrence: 'FREQ=WEEKLY;BYDAY=SU;COUNT=3',
      })
      const until = await ctx.admin.post('/api/events', {
        title: 'October Prayer Week',
        starts_at: '2026-10-05T07:00',
        recurrence: 'FREQ=DAILY;UNTIL=20261011',
      })
      const ongoing = await ctx.admin.post('/api/events', {
        title: 'Thursday Prayer',
        starts_at: '2026-10-01T20:00',
        recurrence: 'FREQ=WEEKLY;BYDAY=TH',
      })
      const sitemap = (await ctx.anonymous.get('/sitemap.xml')).text
      const events = await pageText(ctx.anonymous, '/events')
      for (const ended of [counted, until]) {
        expect(sitemap).not.toContain(`/events/${ended.body.id}</loc>`)
        expect(events).not.toContain(ended.body.title)
      }
      expect(sitemap).toContain(`/events/${ongoing.body.id}</loc>`)
      expect(events).toContain('Thursday Prayer')
    })

    test('the page of an event that is over says so and offers no calendar links', async () => {
      const answer = await ctx.admin.post('/api/events', { title: 'Old Fair', starts_at: '2026-10-03T10:00' })
      const text = await pageText(ctx.anonymous, `/events/${answer.body.id}`)
      expect(text).toContain('This event took place on Saturday 3 October 2026.')
      expect(text).not.toContain('Add to calendar')
    })
  })

  describe('a weekly 10:30 service across Dublin’s clock changes of 2027', () => {
    for (const [clock, next, utc] of [
      ['2027-03-27T12:00:00Z', 'Sunday 28 March', '2027-03-28T09:30:00.000Z'],
      ['2027-10-30T12:00:00Z', 'Sunday 31 October', '2027-10-31T10:30:00.000Z'],
    ] as const) {
      describe(`on ${clock}`, () => {
        const ctx = useServer(database, { env: { CLOCK_START: clock } })

        test(`is at 10:30 on the page, in the API and in the feed (${next})`, async () => {
          const created = await ctx.admin.post('/api/events', {
            title: 'Morning Worship',
            starts_at: '2027-01-03T10:30',
            recurrence: 'FREQ=WEEKLY;BYDAY=SU',
          })
          expect(created.body).toMatchObject({ date: 'Every Sunday', time: '10:30 AM' })
          const events = await pageText(ctx.anonymous, '/events')
          expect(events).toContain(`Every Sunday at 10:30 AM · next ${next}`)
          expect(await pageText(ctx.anonymous, `/events/${created.body.id}`)).toContain(
            `${next} 2027, 10:30 AM`,
          )
          const feed = await readFeed(ctx.anonymous)
          const dates = occurrences(feed.byTitle('Morning Worship'), 60).filter((date) =>
            date.local.startsWith(`2027-${next.includes('March') ? '03-2' : '10-'}`),
          )
          const around = dates.find((date) => date.utc === utc)
          expect(around?.local.endsWith('T10:30:00')).toBe(true)
          expect(dates.every((date) => date.local.endsWith('T10:30:00'))).toBe(true)
        })

        test('an event kept with only its typed date is stamped by the server’s clock, and listed', async () => {
          const created = await ctx.admin.post('/api/events', {
            title: 'Parish Picnic',
            date: 'Some day in summer',
          })
          expect(created.status, created.text).toBe(201)
          expect(created.body).toMatchObject({
            starts_at: null,
            created_at: expect.stringMatching(clock.slice(0, 10)),
          })
          // Shown for 30 days after it was added: by the clock the site runs on, not the machine's.
          expect(await pageText(ctx.anonymous, '/events')).toContain('Parish Picnic')
        })
      })
    }
  })

  describe('just before midnight in Dublin', () => {
    const ctx = useServer(database, { env: { CLOCK_START: '2026-11-23T23:59:52Z' } })

    test('a cached page drops an event that ended today at the church’s midnight, with no change to the content', async () => {
      await ctx.admin.post('/api/events', { title: 'Late Vigil', starts_at: '2026-11-23T20:00' })
      const before = await ctx.anonymous.get('/events')
      expect(before.text).toContain('Late Vigil')
      const again = await ctx.anonymous.get('/events')
      expect(again.headers.get('x-cache')).toBe('HIT')
      expect(again.text).toContain('Late Vigil')
      await sleep(9000)
      const after = await ctx.anonymous.get('/events')
      expect(after.headers.get('x-cache')).toBe('MISS')
      expect(after.text).not.toContain('Late Vigil')
    })
  })
})
