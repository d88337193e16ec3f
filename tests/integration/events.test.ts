import { describe, expect, test } from 'vitest'

import { makeChurchInfo, makeEvent } from '../factories.ts'
import { apiError, databases, useServer } from './support.ts'

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database)

  test('an event is saved with real dates; its date and time text are worked out from them', async () => {
    const answer = await ctx.admin.post('/api/events', {
      title: 'Christmas Carol Night',
      starts_at: '2026-12-20T18:00',
      ends_at: '2026-12-20T20:00',
      // Text sent along with real dates is replaced by what the dates say.
      date: 'some day',
    })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({
      starts_at: '2026-12-20T18:00',
      ends_at: '2026-12-20T20:00',
      all_day: false,
      recurrence: null,
      exdates: [],
      date: 'Sunday 20 December 2026',
      time: '6:00 PM – 8:00 PM',
      is_regular: false,
      sequence: 0,
    })
    expect((await ctx.anonymous.get(`/api/events/${answer.body.id}`)).body).toEqual(answer.body)
  })

  test('a repeating event says its rule in words, starts on the rule’s first date and counts its changes', async () => {
    const created = await ctx.admin.post('/api/events', {
      title: 'Sunday School',
      // A Tuesday: the first Sunday of the rule is the 6th.
      starts_at: '2026-12-01T11:15',
      ends_at: '2026-12-01T12:15',
      recurrence: 'rrule:freq=weekly;byday=su',
      exdates: ['2026-12-27', '2026-12-27', '2027-01-03'],
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      starts_at: '2026-12-06T11:15',
      ends_at: '2026-12-06T12:15',
      recurrence: 'FREQ=WEEKLY;BYDAY=SU',
      exdates: ['2026-12-27', '2027-01-03'],
      date: 'Every Sunday',
      time: '11:15 AM – 12:15 PM',
      is_regular: true,
      sequence: 0,
    })
    const changed = await ctx.admin.patch(`/api/events/${created.body.id}`, { location: "Children's Room" })
    expect(changed.body.sequence).toBe(1)
    const monthly = await ctx.admin.patch(`/api/events/${created.body.id}`, {
      recurrence: 'FREQ=MONTHLY;BYDAY=1SU;UNTIL=20270601',
      exdates: '2027-02-07',
    })
    expect(monthly.status).toBe(200)
    expect(monthly.body).toMatchObject({
      date: 'First Sunday of the month until 1 June 2027',
      exdates: ['2027-02-07'],
      sequence: 2,
    })
  })

  test('an all-day event has no time; several days make a date range', async () => {
    const answer = await ctx.admin.post('/api/events', {
      title: 'Parish Mission',
      starts_at: '2027-04-30T09:00',
      ends_at: '2027-05-02T17:00',
      all_day: true,
    })
    expect(answer.body).toMatchObject({
      starts_at: '2027-04-30T00:00',
      ends_at: '2027-05-02T00:00',
      date: 'Friday 30 April – Sunday 2 May 2027',
      time: null,
    })
  })

  test('old clients that send only text keep working: plain text with a year gets real dates, the rest stays text', async () => {
    const plain = await ctx.admin.post('/api/events', {
      title: 'Carols',
      date: 'Sunday 20 December 2026',
      time: '6:00 PM',
    })
    expect(plain.body).toMatchObject({ starts_at: '2026-12-20T18:00', date: 'Sunday 20 December 2026' })
    const vague = await ctx.admin.post('/api/events', { title: 'Harvest supper', date: 'Friday 2 October' })
    expect(vague.status).toBe(201)
    expect(vague.body).toMatchObject({ starts_at: null, date: 'Friday 2 October', time: null })
  })

  test.each([
    ['an unparsable date', { starts_at: 'next Sunday' }, 'starts_at', /date and time such as/],
    ['a day that does not exist', { starts_at: '2027-02-29T10:00' }, 'starts_at', /date and time such as/],
    [
      'an end before the start',
      { starts_at: '2026-12-20T18:00', ends_at: '2026-12-20T17:00' },
      'ends_at',
      /^The end is before the start$/,
    ],
    [
      'a rule the library refuses',
      { starts_at: '2026-12-20T18:00', recurrence: 'FREQ=FORTNIGHTLY' },
      'recurrence',
      /^This repeat rule is not valid: /,
    ],
    [
      'a rule with no dates',
      { starts_at: '2026-12-20T18:00', recurrence: 'FREQ=WEEKLY;UNTIL=20261201' },
      'recurrence',
      /^This rule gives no dates/,
    ],
    [
      'a rule without a first date',
      { starts_at: null, recurrence: 'FREQ=WEEKLY;BYDAY=SU' },
      'starts_at',
      /needs the date it first takes place/,
    ],
    ['a skip date that is no date', { exdates: ['Christmas'] }, 'exdates', /Skip dates must be dates/],
  ])('%s is a 400 naming the field, and nothing is saved', async (_name, fields, field, message) => {
    const before = (await ctx.anonymous.get('/api/events')).body.length
    const answer = await ctx.admin.post('/api/events', makeEvent({ ends_at: null, ...fields }))
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual(apiError({ [field]: expect.stringMatching(message) }))
    expect((await ctx.anonymous.get('/api/events')).body.length).toBe(before)
  })

  test('a change that breaks the dates is refused and the stored event stays as it was', async () => {
    const created = await ctx.admin.post('/api/events', makeEvent())
    const answer = await ctx.admin.patch(`/api/events/${created.body.id}`, { ends_at: '2030-10-12T17:00' })
    expect(answer.status).toBe(400)
    expect(answer.body.error.fields).toEqual({ ends_at: 'The end is before the start' })
    expect((await ctx.anonymous.get(`/api/events/${created.body.id}`)).body).toEqual(created.body)
  })

  test('the church’s time zone is Europe/Dublin unless set; an unknown one is a 400', async () => {
    const saved = await ctx.admin.put('/api/church_info', makeChurchInfo())
    expect(saved.body.timezone).toBe('Europe/Dublin')
    const other = await ctx.admin.put('/api/church_info', makeChurchInfo({ timezone: 'America/New_York' }))
    expect(other.body.timezone).toBe('America/New_York')
    for (const timezone of ['Europe/Atlantis', 'UTC+1', '../etc']) {
      const answer = await ctx.admin.put('/api/church_info', makeChurchInfo({ timezone }))
      expect(answer.status, timezone).toBe(400)
      expect(answer.body).toEqual(apiError({ timezone: expect.stringMatching(/time zone name/) }))
    }
    expect((await ctx.anonymous.get('/api/church_info')).body.timezone).toBe('America/New_York')
    await ctx.admin.put('/api/church_info', makeChurchInfo())
  })
})
