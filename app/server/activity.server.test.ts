import { describe, expect, test } from 'vitest'

import { activityPage, recentActivity } from './activity.server.ts'
import { saveChurchInfo } from '#app/content/church-info/model.server.ts'
import { recordActivity } from '#app/models/activity.server.ts'
import { makeChurchInfo } from '#tests/factories.ts'
import { testDatabase, testDatabases } from '#tests/test-database.ts'

// 25 November 2026, 09:30 in Dublin (UTC+0 in winter).
const NOW = new Date(Date.UTC(2026, 10, 25, 9, 30))
const clock = { now: () => NOW }
const person = (at: Date) => ({ userId: 'u1', name: 'Anna Murphy', email: 'anna@example.ie', at })

describe.each(testDatabases)('$name', (kind) => {
  test('entries read as sentences with their time said as a person would, in the church’s time zone', async () => {
    const db = await testDatabase(kind)
    const at = (iso: string) => new Date(iso)
    await recordActivity({
      db,
      actor: person(at('2025-12-30T18:05:00Z')),
      action: 'signed_in',
      section: 'sign_in',
    })
    await recordActivity({
      db,
      actor: person(at('2026-11-20T08:00:00Z')),
      action: 'reordered',
      section: 'services',
    })
    await recordActivity({
      db,
      actor: person(at('2026-11-24T23:59:00Z')),
      action: 'moved',
      section: 'contact_messages',
      itemTitle: '2 messages to Archived',
    })
    await recordActivity({
      db,
      actor: person(at('2026-11-25T00:01:00Z')),
      action: 'changed',
      section: 'events',
      itemId: 'e1',
      itemTitle: 'Harvest Supper',
    })
    await recordActivity({
      db,
      actor: person(at('2026-11-25T09:00:00Z')),
      action: 'role_changed',
      section: 'staff',
      itemTitle: 'brian@example.ie to Editor',
    })
    const rows = await recentActivity({ db, clock, limit: 10 })
    expect(
      rows.map(({ verb, item, quoted, section, when }) => ({ verb, item, quoted, section, when })),
    ).toEqual([
      {
        verb: 'changed the role of',
        item: 'brian@example.ie to Editor',
        quoted: false,
        section: 'Staff',
        when: 'Today, 09:00',
      },
      { verb: 'changed', item: 'Harvest Supper', quoted: true, section: 'Events', when: 'Today, 00:01' },
      {
        verb: 'moved',
        item: '2 messages to Archived',
        quoted: false,
        section: 'Messages',
        when: 'Yesterday, 23:59',
      },
      // A deed about a whole list names the list.
      { verb: 'reordered', item: 'Services', quoted: false, section: 'Services', when: 'Fri 20 Nov, 08:00' },
      { verb: 'signed in', item: null, quoted: false, section: 'Sign-in', when: 'Tue 30 Dec 2025, 18:05' },
    ])
    expect(rows[0]).toMatchObject({
      person: 'Anna Murphy',
      email: 'anna@example.ie',
      at: '2026-11-25T09:00:00.000Z',
    })

    // In another time zone the same moments fall on other days.
    await saveChurchInfo({ db, data: makeChurchInfo({ timezone: 'America/New_York' }) })
    const page = await activityPage({ db, clock, page: 1, section: 'events' })
    expect(page.total).toBe(1)
    expect(page.rows[0].when).toBe('Yesterday, 19:01')
    expect(page.sections.map((section) => section.label)).toEqual([
      'Events',
      'Messages',
      'Services',
      'Sign-in',
      'Staff',
    ])
  })
})
