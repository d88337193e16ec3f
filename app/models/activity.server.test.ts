import { describe, expect, test } from 'vitest'

import {
  activityFilterChoices,
  type Actor,
  deleteOldActivity,
  listActivity,
  recordActivity,
} from './activity.server.ts'
import { inTransaction } from '#app/db/database.server.ts'
import { testDatabase, testDatabases } from '#tests/test-database.ts'

const T0 = new Date(Date.UTC(2026, 10, 25, 12, 0, 0))
const at = (days: number) => new Date(T0.getTime() + days * 24 * 60 * 60 * 1000)
const anna = (when: Date): Actor => ({
  userId: 'u-anna',
  name: 'Anna Murphy',
  email: 'anna@example.ie',
  at: when,
})
const brian = (when: Date): Actor => ({
  userId: 'u-brian',
  name: 'Brian',
  email: 'brian@example.ie',
  at: when,
})

describe.each(testDatabases)('$name', (kind) => {
  test('entries are listed newest first, paged, filtered by person and section, with the choices', async () => {
    const db = await testDatabase(kind)
    await recordActivity({ db, actor: anna(at(0)), action: 'signed_in', section: 'sign_in' })
    await recordActivity({
      db,
      actor: anna(at(1)),
      action: 'created',
      section: 'events',
      itemId: 'e1',
      itemTitle: '  Youth Night  ',
    })
    await recordActivity({ db, actor: brian(at(2)), action: 'changed', section: 'services', itemTitle: '' })
    // Anna is renamed: her entries stay as they were, the filter offers her newest name.
    await recordActivity({
      db,
      actor: { ...anna(at(3)), name: 'Anna Ní Mhurchú' },
      action: 'deleted',
      section: 'events',
      itemId: 'e1',
      itemTitle: 'Youth Night',
    })

    const all = await listActivity({ db })
    expect(all.total).toBe(4)
    expect(all.items.map((entry) => entry.action)).toEqual(['deleted', 'changed', 'created', 'signed_in'])
    expect(all.items[2]).toMatchObject({
      at: at(1).toISOString(),
      user_id: 'u-anna',
      user_name: 'Anna Murphy',
      user_email: 'anna@example.ie',
      section: 'events',
      item_id: 'e1',
      item_title: 'Youth Night',
    })
    expect(all.items[1].item_title).toBeNull()

    const page = await listActivity({ db, limit: 2, offset: 2 })
    expect(page.total).toBe(4)
    expect(page.items.map((entry) => entry.action)).toEqual(['created', 'signed_in'])

    const annas = await listActivity({ db, userId: 'u-anna', section: 'events' })
    expect(annas.items.map((entry) => entry.action)).toEqual(['deleted', 'created'])

    const choices = await activityFilterChoices({ db })
    expect(choices.people).toEqual([
      { id: 'u-anna', name: 'Anna Ní Mhurchú', email: 'anna@example.ie' },
      { id: 'u-brian', name: 'Brian', email: 'brian@example.ie' },
    ])
    expect(choices.sections.sort()).toEqual(['events', 'services', 'sign_in'])
  })

  test('an entry written in a transaction that fails is not kept', async () => {
    const db = await testDatabase(kind)
    await expect(
      inTransaction(db, async (trx) => {
        await recordActivity({
          db: trx,
          actor: anna(T0),
          action: 'created',
          section: 'events',
          itemTitle: 'x',
        })
        throw new Error('the write failed')
      }),
    ).rejects.toThrow('the write failed')
    expect((await listActivity({ db })).total).toBe(0)
  })

  test('retention deletes entries older than 12 months as of the clock, and keeps the rest', async () => {
    const db = await testDatabase(kind)
    const now = new Date(Date.UTC(2027, 11, 1, 9, 0, 0))
    const monthsAgo = (months: number, extraMs = 0) => {
      const when = new Date(now)
      when.setUTCMonth(when.getUTCMonth() - months)
      return new Date(when.getTime() + extraMs)
    }
    await recordActivity({
      db,
      actor: anna(monthsAgo(13)),
      action: 'created',
      section: 'events',
      itemTitle: 'old',
    })
    await recordActivity({
      db,
      actor: anna(monthsAgo(12, -1000)),
      action: 'created',
      section: 'events',
      itemTitle: 'just past',
    })
    await recordActivity({
      db,
      actor: anna(monthsAgo(12, 1000)),
      action: 'created',
      section: 'events',
      itemTitle: 'just within',
    })
    await recordActivity({
      db,
      actor: anna(monthsAgo(1)),
      action: 'created',
      section: 'events',
      itemTitle: 'recent',
    })
    expect(await deleteOldActivity({ db, now })).toBe(2)
    const left = await listActivity({ db })
    expect(left.items.map((entry) => entry.item_title)).toEqual(['recent', 'just within'])
    expect(await deleteOldActivity({ db, now })).toBe(0)
  })
})
