import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { HtmlValidate } from 'html-validate'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { createPostgresDatabase, startServer, type TestServer } from '../test-server.ts'
import { ADMIN, Client, databases, signIn, sleep } from './support.ts'

// The live page (issue 47): its state comes from the streamed services' schedules and the clock alone, through the
// page cache, which keeps each answer no longer than the state holds.

/** A Sunday in November (Irish winter time, +00:00): Sunday Worship at 10:30–12:00. */
const SUNDAY = '2026-11-29'
const WORSHIP = {
  name: 'Sunday Worship',
  starts_at: '2026-11-01T10:30',
  ends_at: '2026-11-01T12:00',
  recurrence: 'FREQ=WEEKLY;BYDAY=SU',
  streamed: true,
}

/** Each change of state ± 30 s: what /api/live and /live say then. */
const MOMENTS = [
  ['09:29:30', 'later', 'Next live: Sunday 29 November, 10:30 AM'],
  ['09:30:30', 'soon', 'Live in 60 minutes · 10:30 AM'],
  ['10:19:30', 'soon', 'Live in 11 minutes · 10:30 AM'],
  ['10:20:30', 'live', 'Live now — join us'],
  ['12:29:30', 'live', 'Live now — join us'],
  ['12:30:30', 'ended', 'The service has ended'],
] as const

describe.each(databases)('$name', (database) => {
  let dataDir: string
  let env: Record<string, string>
  let dropDatabase: (() => Promise<void>) | undefined
  let serviceId: string
  const servers: TestServer[] = []

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-live-'))
    env = {}
    if (database.postgresUrl) {
      const own = await createPostgresDatabase(database.postgresUrl)
      dropDatabase = own.drop
      env.DATABASE_URL = own.url
    }
    const first = await startServer({
      dataDir,
      admin: ADMIN,
      env: { ...env, CLOCK_START: `${SUNDAY}T08:00:00Z` },
    })
    servers.push(first)
    const admin = await signIn(first.url, ADMIN)
    // Nothing is streamed yet: no live page.
    expect((await admin.get('/api/live')).status).toBe(404)
    expect((await admin.get('/live')).status).toBe(404)
    const languages = await admin.put('/api/church_info', { name: 'Grace Church', languages: ['en', 'ml'] })
    expect(languages.status, languages.text).toBe(200)
    const made = await admin.post('/api/services', WORSHIP)
    expect(made.status, made.text).toBe(201)
    expect(made.body).toMatchObject({
      starts_at: '2026-11-01T10:30',
      recurrence: 'FREQ=WEEKLY;BYDAY=SU',
      exdates: [],
      streamed: true,
      day: 'Every Sunday',
      time: '10:30 AM – 12:00 PM',
    })
    serviceId = made.body.id
    await first.stop()
    servers.length = 0
  })

  afterAll(async () => {
    for (const server of servers) await server.stop()
    await dropDatabase?.()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test.each(MOMENTS)('at %s the live page is %s', async (time, state, heading) => {
    const server = await startServer({ dataDir, env: { ...env, CLOCK_START: `${SUNDAY}T${time}Z` } })
    servers.push(server)
    try {
      const visitor = new Client(server.url)
      const answer = await visitor.get('/api/live')
      expect(answer.status, answer.text).toBe(200)
      expect(answer.body).toEqual({
        state,
        service: { id: serviceId, name: 'Sunday Worship' },
        starts_at: `${SUNDAY}T10:30:00+00:00`,
        ends_at: `${SUNDAY}T12:00:00+00:00`,
        video_id: null,
        page: '/live',
      })
      expect(answer.headers.get('x-lampstand-valid-until')).toBeNull()
      const page = await visitor.get('/live')
      expect(page.status).toBe(200)
      expect(page.text.includes(heading), heading).toBe(true)
      // Its markup as valid as every public page's, in each state.
      const report = await new HtmlValidate({ extends: ['html-validate:standard'] }).validateString(page.text)
      expect(report.results.flatMap((result) => result.messages.map((message) => message.message))).toEqual(
        [],
      )
      // The stream is a box of our own until the visitor asks: nothing from YouTube in the page.
      expect(page.text).not.toMatch(/<iframe|<script[^>]+youtube/)
      // While about to start or on, the broadcast as structured data, with Dublin's winter offset.
      if (state === 'soon' || state === 'live') {
        expect(page.text).toContain('"@type":"BroadcastEvent","isLiveBroadcast":true')
        expect(page.text).toContain(`"startDate":"${SUNDAY}T10:30:00+00:00"`)
      } else {
        expect(page.text).not.toContain('BroadcastEvent')
      }
      // The home page's band: above the slides while soon or live, a plain link; absent otherwise.
      const home = (await visitor.get('/')).text
      // (The navigation links the page too, as "Live".)
      const band =
        [...home.matchAll(/<a href="\/live"[^>]*>(.*?)<\/a>/g)]
          .map((link) => link[1])
          .find((text) => /Live now|Live in/.test(text)) ?? ''
      if (state === 'live') expect(band.includes('Live now — join us'), band).toBe(true)
      else if (state === 'soon') expect(/Live in \d+ minutes?/.test(band), band).toBe(true)
      else expect(band).toBe('')
      const inMalayalam = await visitor.get('/ml/live')
      expect(inMalayalam.status).toBe(200)
      expect(inMalayalam.text.includes('<html lang="ml"'), 'lang="ml"').toBe(true)
      const inWords = await new HtmlValidate({ extends: ['html-validate:standard'] }).validateString(
        inMalayalam.text,
      )
      expect(inWords.results.flatMap((result) => result.messages.map((message) => message.message))).toEqual(
        [],
      )
      expect(inMalayalam.text.includes('എല്ലാ ആരാധനാ സമയങ്ങളും'), 'in Malayalam').toBe(true)
      // Add to calendar, except while live: the service's file, with its rule, leading back to the live page.
      expect(page.text.includes('href="/live/calendar.ics"'), 'Add to calendar').toBe(state !== 'live')
      expect(inMalayalam.text.includes('href="/ml/live/calendar.ics"')).toBe(state !== 'live')
      if (state === 'later') {
        const file = await visitor.get('/live/calendar.ics')
        expect(file.status).toBe(200)
        expect(file.headers.get('content-type')).toContain('text/calendar')
        const unfolded = file.text.replace(/\r\n[ \t]/g, '')
        expect(unfolded).toContain('SUMMARY:Sunday Worship')
        expect(unfolded).toContain('RRULE:FREQ=WEEKLY;BYDAY=SU')
        expect(unfolded).toContain('DTSTART;TZID=Europe/Dublin:20261101T103000')
        expect(unfolded).toMatch(/URL(;VALUE=URI)?:http:\/\/[^\r]+\/live\r\n/)
        expect(page.text).toContain('https://calendar.google.com/calendar/render?')
      }
    } finally {
      await server.stop()
      servers.pop()
    }
  })

  test('the dashboard says when a streamed service is live, and when its recording never reached a channel', async () => {
    // A Sunday after the service was saved (records are dated by the real clock, the pages by CLOCK_START).
    const sunday = '2027-01-03'
    const during = await startServer({ dataDir, env: { ...env, CLOCK_START: `${sunday}T10:40:00Z` } })
    servers.push(during)
    const live = (await (await signIn(during.url, ADMIN)).get('/admin/dashboard')).text.replace(
      /<!-- -->/g,
      '',
    )
    expect(live).toContain('Live now: Sunday Worship')
    await during.stop()
    servers.pop()
    // 15:30, past the recording's window (3 hours after the end): no channel was set to find it on.
    const after = await startServer({ dataDir, env: { ...env, CLOCK_START: `${sunday}T15:30:00Z` } })
    servers.push(after)
    const dashboard = (await (await signIn(after.url, ADMIN)).get('/admin/dashboard')).text.replace(
      /<!-- -->/g,
      '',
    )
    expect(dashboard).not.toContain('Live now')
    expect(dashboard).toContain('No recording of Sunday Worship on Sunday 3 January, 10:30 AM')
    expect(dashboard).toContain('No YouTube channel is set')
    await after.stop()
    servers.pop()
  })

  test('the page cache keeps an answer only until the state changes: soon, then live at 10:20 without a restart', async () => {
    const server = await startServer({ dataDir, env: { ...env, CLOCK_START: `${SUNDAY}T10:19:56Z` } })
    servers.push(server)
    const visitor = new Client(server.url)
    for (const address of ['/api/live', '/live']) {
      const first = await visitor.get(address)
      expect(/"state":"soon"|Live in 11 minutes/.test(first.text), address).toBe(true)
      const again = await visitor.get(address)
      expect(again.headers.get('x-cache'), address).toBe('HIT')
    }
    // 10:20:00 passes: the kept answers are stale, the next ones are live.
    await sleep(5000)
    const api = await visitor.get('/api/live')
    expect(api.headers.get('x-cache')).toBe('MISS')
    expect(api.body.state).toBe('live')
    const page = await visitor.get('/live')
    expect(page.headers.get('x-cache')).toBe('MISS')
    expect(page.text.includes('Live now — join us')).toBe(true)
  })
})
