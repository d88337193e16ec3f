import { describe, expect, test } from 'vitest'

import { contentModel } from './content-model.server.ts'
import { singleRecordModel } from './single-record-model.server.ts'
import type { Db } from '#app/db/database.server.ts'
import { ValidationError } from '#app/lib/errors.ts'
import { testDatabase, testDatabases } from '#tests/test-database.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Creates records one after another (a few milliseconds apart, so their creation times differ). */
async function createAll<T>(create: (data: T) => Promise<{ id: string }>, items: T[]) {
  const ids: string[] = []
  for (const item of items) {
    ids.push((await create(item)).id)
    await sleep(3)
  }
  return ids
}

describe.each(testDatabases)('$name', (database) => {
  let db: Db
  const services = contentModel('services')
  const leaders = contentModel('leadership_team')
  const ministries = contentModel('ministries')
  const events = contentModel('events')

  const setUp = async () => {
    db = await testDatabase(database)
  }
  const service = (name: string) => ({ name, type: 'regular' })
  const leader = (name: string) => ({ name, role: 'Elder' })

  test('a table ordered by creation lists oldest first; one ordered by position lists by its order', async () => {
    await setUp()
    const serviceIds = await createAll((data) => services.create({ db, data }), ['A', 'B', 'C'].map(service))
    expect((await services.list({ db })).map((record) => record.id)).toEqual(serviceIds)
    expect((await services.list({ db, limit: 2 })).map((record) => record.id)).toEqual(serviceIds.slice(0, 2))
    expect(await services.count({ db })).toBe(3)

    await createAll((data) => leaders.create({ db, data }), ['X', 'Y'].map(leader))
    // A new item goes last; one given an order takes it.
    const third = await leaders.create({ db, data: { ...leader('Z'), order: 1 } })
    expect((await leaders.list({ db })).map((record) => [record.name, record.order])).toEqual([
      ['X', 1],
      ['Z', 1],
      ['Y', 2],
    ])
    expect(third.order).toBe(1)
  })

  test('create, update and delete keep to the schema and the stored forms of booleans and lists', async () => {
    await setUp()
    const ministry = await ministries.create({
      db,
      data: {
        name: 'Youth',
        activities: 'Games night\n\nBible study',
        description: '<p>Hi<script>x</script></p>',
      },
    })
    expect(ministry).toMatchObject({
      name: 'Youth',
      activities: ['Games night', 'Bible study'],
      description: '<p>Hi</p>',
    })
    expect(ministry.created_at).toBe(ministry.updated_at)
    const stored = await db.kysely
      .selectFrom('ministries')
      .select('activities')
      .where('id', '=', ministry.id)
      .executeTakeFirstOrThrow()
    expect(JSON.parse(stored.activities)).toEqual(['Games night', 'Bible study'])

    const event = await events.create({ db, data: { title: 'Supper', is_regular: 'on' } })
    expect(event.is_regular).toBe(true)
    const row = await db.kysely.selectFrom('events').select('is_regular').executeTakeFirstOrThrow()
    expect(row.is_regular).toBe(1)

    // A partial change is merged with the stored record and validated whole.
    await sleep(3)
    const changed = await ministries.update({ db, id: ministry.id, data: { name: 'Youth Club' } })
    expect(changed).toMatchObject({ name: 'Youth Club', activities: ['Games night', 'Bible study'] })
    expect(changed!.updated_at > ministry.updated_at).toBe(true)
    await expect(ministries.update({ db, id: ministry.id, data: { name: '' } })).rejects.toBeInstanceOf(
      ValidationError,
    )
    expect(await ministries.update({ db, id: 'no-such-id', data: { name: 'X' } })).toBeNull()
    await expect(ministries.create({ db, data: { description: 'no name' } })).rejects.toMatchObject({
      fields: { name: 'Name is required' },
    })

    expect(await ministries.delete({ db, id: ministry.id })).toBe(true)
    expect(await ministries.delete({ db, id: ministry.id })).toBe(false)
    expect(await ministries.get({ db, id: ministry.id })).toBeNull()
  })

  test('reorder numbers the whole list 1..n at once, and refuses a list that does not name every item once', async () => {
    await setUp()
    const [a, b, c] = await createAll((data) => leaders.create({ db, data }), ['A', 'B', 'C'].map(leader))
    const names = async () => (await leaders.list({ db })).map((record) => `${record.name}${record.order}`)
    expect(await leaders.reorder!({ db, ids: [c, a, b] })).toHaveLength(3)
    expect(await names()).toEqual(['C1', 'A2', 'B3'])

    for (const ids of [[a, b], [a, b, c, 'unknown'], [a, a, b], 'not a list', [1, 2, 3]]) {
      await expect(leaders.reorder!({ db, ids })).rejects.toBeInstanceOf(ValidationError)
    }
    expect(await names()).toEqual(['C1', 'A2', 'B3'])
    // Only tables ordered by position can be reordered (events go by their dates).
    expect(events.reorder).toBeUndefined()
  })

  test('every change counts in the content version, and a refused or empty one does not', async () => {
    await setUp()
    const version = () => db.contentVersion.current()
    const start = version()
    const created = await services.create({ db, data: service('A') })
    expect(version()).toBe(start + 1)
    await services.update({ db, id: created.id, data: { name: 'B' } })
    expect(version()).toBe(start + 2)
    await expect(services.create({ db, data: {} })).rejects.toBeInstanceOf(ValidationError)
    await services.delete({ db, id: 'no-such-id' })
    expect(version()).toBe(start + 2)
    const [x, y] = await createAll((data) => leaders.create({ db, data }), ['X', 'Y'].map(leader))
    await leaders.reorder!({ db, ids: [y, x] })
    expect(version()).toBe(start + 5)
    await services.delete({ db, id: created.id })
    expect(version()).toBe(start + 6)
    await singleRecordModel('about_us').save({
      db,
      data: { mission: 'M', vision: 'V', values: 'Va', history: 'H' },
    })
    expect(version()).toBe(start + 7)
  })

  test('a single-record table keeps one record, replaced whole by each save', async () => {
    await setUp()
    const churchInfo = singleRecordModel('church_info')
    expect(await churchInfo.get({ db })).toBeNull()
    const first = await churchInfo.save({ db, data: { name: 'Grace', email: 'office@grace.example' } })
    const second = await churchInfo.save({ db, data: { name: 'Grace Church' } })
    expect(second).toMatchObject({ id: first.id, name: 'Grace Church', email: null })
    const rows = await db.kysely.selectFrom('church_info').select('id').execute()
    expect(rows).toHaveLength(1)
  })
})
