import ICAL from 'ical.js'
import nodeIcal from 'node-ical'
import { describe, expect, test } from 'vitest'

import { makeChurchInfo } from '../factories.ts'
import { databases, useServer } from './support.ts'

// Text that staff type (or send through the API) goes into the calendar files: a line break of any kind in a
// title, a description or a place must stay inside its property, never start a line of its own (issue 25).

/** Every character some parser takes for the end of a line (those of Python's str.splitlines, CRLF too). */
const SEPARATORS = {
  CR: '\r',
  LF: '\n',
  CRLF: '\r\n',
  'U+2028': '\u2028',
  'U+2029': '\u2029',
  NEL: '\u0085',
  VT: '\u000b',
  FF: '\u000c',
  FS: '\u001c',
  GS: '\u001d',
  RS: '\u001e',
}
// eslint-disable-next-line no-control-regex -- finding them is the point
const ANY_SEPARATOR = /\r\n|[\r\n\u2028\u2029\u0085\u000b\u000c\u001c-\u001e]/g

/** What a one-line property (a title, a calendar's name, a description) reads after the trip: each break a space. */
const oneLine = (text: string) => text.replace(ANY_SEPARATOR, ' ')
/** What a property of several lines (a place) reads after the trip: each break a newline. */
const lines = (text: string) => text.replace(ANY_SEPARATOR, '\n')

/** A value that tries to end its event and start another. */
const injection = (name: string, separator: string) =>
  `${name}${separator}END:VEVENT${separator}BEGIN:VEVENT${separator}SUMMARY:Injected`

/**
 * Each line as RFC 5545 wants it: CRLF-ended, a property name before `:` or `;`, or a folded continuation; no
 * other control character and no Unicode line or paragraph separator anywhere.
 */
function expectStrictLines(text: string) {
  expect(text.endsWith('\r\n')).toBe(true)
  for (const line of text.slice(0, -2).split('\r\n')) {
    expect(line, JSON.stringify(line)).toMatch(/^([A-Z][A-Z0-9-]*[;:]| )/)
    // eslint-disable-next-line no-control-regex -- finding them is the point
    expect(line, JSON.stringify(line)).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f\u0085\u2028\u2029]/)
  }
}

/** The file read by ical.js: its name and each VEVENT's text properties. */
function readWithIcalJs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname'),
    calname: calendar.getFirstPropertyValue('name'),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => ({
      summary: vevent.getFirstPropertyValue('summary'),
      description: vevent.getFirstPropertyValue('description'),
      location: vevent.getFirstPropertyValue('location'),
    })),
  }
}

/** The file read by node-ical, a second parser written apart from ical.js. */
function readWithNodeIcal(text: string) {
  const parsed = nodeIcal.sync.parseICS(text)
  const value = (property: unknown) =>
    typeof property === 'object' && property !== null && 'val' in property ? property.val : property
  const components = Object.values(parsed)
  return {
    events: components
      .filter((component) => component?.type === 'VEVENT')
      .map((vevent) => {
        const event = vevent as nodeIcal.VEvent
        return {
          summary: value(event.summary),
          description: value(event.description),
          location: value(event.location),
        }
      }),
  }
}

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database, { env: { CLOCK_START: '2026-11-23T12:00:00Z' } })

  test('a line break of any kind in a title, description or place stays inside it, in the feed and in the event’s own file', async () => {
    await ctx.admin.put('/api/church_info', makeChurchInfo({ name: 'IPC Cork' }))
    const made: Array<{ id: string; title: string; description: string; location: string }> = []
    for (const [name, separator] of Object.entries(SEPARATORS)) {
      const event = {
        title: injection(`Carols ${name}`, separator),
        description: `<p>${injection('Bring a friend', separator)}</p>`,
        location: injection('Church Hall', separator),
      }
      const answer = await ctx.admin.post('/api/events', {
        ...event,
        starts_at: '2026-12-20T18:00',
        ends_at: '2026-12-20T20:00',
      })
      expect(answer.status, answer.text).toBe(201)
      made.push({ id: answer.body.id, ...event })
    }
    const expected = made.map((event) => ({
      summary: oneLine(event.title),
      // A description is HTML, whose line breaks are spaces: the page shows it so, and the files too.
      description: oneLine(event.description.replace(/<\/?p>/g, '')),
      location: lines(event.location),
    }))

    const feed = await ctx.anonymous.get('/calendar.ics')
    expect(feed.status).toBe(200)
    const sortBySummary = <T extends { summary: unknown }>(events: T[]) =>
      [...events].sort((a, b) => String(a.summary).localeCompare(String(b.summary)))
    expect(sortBySummary(readWithIcalJs(feed.text).events)).toEqual(sortBySummary(expected))
    expect(sortBySummary(readWithNodeIcal(feed.text).events)).toEqual(sortBySummary(expected))
    expectStrictLines(feed.text)

    for (const [index, event] of made.entries()) {
      const file = await ctx.anonymous.get(`/events/${event.id}/calendar.ics`)
      expect(file.status).toBe(200)
      const byIcalJs = readWithIcalJs(file.text)
      expect(byIcalJs.events).toEqual([expected[index]])
      expect(byIcalJs.name).toBe(oneLine(event.title))
      expect(byIcalJs.calname).toBe(oneLine(event.title))
      expect(readWithNodeIcal(file.text).events).toEqual([expected[index]])
      expectStrictLines(file.text)
    }
  })

  test('the church’s name, the feed’s own name, stays on its line too', async () => {
    await ctx.admin.put('/api/church_info', makeChurchInfo({ name: 'IPC\r\nEND:VCALENDAR\u2028Cork' }))
    const feed = await ctx.anonymous.get('/calendar.ics')
    expect(readWithIcalJs(feed.text).name).toBe('IPC END:VCALENDAR Cork')
    expectStrictLines(feed.text)
    await ctx.admin.put('/api/church_info', makeChurchInfo({ name: 'IPC Cork' }))
  })
})
