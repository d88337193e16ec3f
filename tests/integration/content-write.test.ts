import { describe, expect, test } from 'vitest'

import {
  insertItem,
  LIST_TABLE_FACTORIES,
  type ListTable,
  makeAboutUs,
  makeChurchInfo,
  makeGalleryImage,
  makeMinistry,
  makeService,
} from '../factories.ts'
import { LIST_TABLES, REQUIRED_FIELDS } from './content-tables.ts'
import { apiError, databases, useServer } from './support.ts'

/** Rich-text fields per table (sanitised on every write). */
const RICH_TEXT: [string, string][] = [
  ['services', 'description'],
  ['events', 'description'],
  ['ministries', 'description'],
  ['leadership_team', 'bio'],
  ['getting_here', 'description'],
  ['sermons', 'summary'],
  ['sermon_series', 'description'],
  ['speakers', 'bio'],
]

const DIRTY_HTML =
  '<p onclick="steal()" style="color:red">Hello <strong>bold</strong> <em>kind</em> <b>b</b></p>' +
  '<script>alert("x")</script><img src="x" onerror="alert(1)">' +
  '<ul><li>One</li><li>Two</li></ul>' +
  '<a href="javascript:alert(1)">bad link</a> ' +
  '<a href="https://example.org/page" onmouseover="x()">external</a> ' +
  '<a href="/about">inside</a> <a href="mailto:office@example.org">mail</a>' +
  '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>'

function expectClean(html: string) {
  expect(html).not.toMatch(/<script|alert\("x"\)|<img|<iframe|<style|display:none/i)
  expect(html).not.toMatch(/\son\w+=/i)
  expect(html).not.toMatch(/javascript:/i)
  expect(html).not.toMatch(/style=/i)
  expect(html).toContain('<p>Hello <strong>bold</strong> <em>kind</em> <b>b</b></p>')
  expect(html).toContain('<ul><li>One</li><li>Two</li></ul>')
  expect(html).toContain(
    '<a href="https://example.org/page" target="_blank" rel="noopener noreferrer">external</a>',
  )
  expect(html).toContain('<a href="/about">inside</a>')
  expect(html).toContain('<a href="mailto:office@example.org">mail</a>')
  expect(html).toContain('bad link')
}

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database)

  test.each(LIST_TABLES)(
    'POST /api/%s with an empty body is 400 naming each required field',
    async (table) => {
      const answer = await ctx.admin.post(`/api/${table}`, {})
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual(apiError(REQUIRED_FIELDS[table]))
      expect(Object.keys(answer.body.error.fields).sort()).toEqual(Object.keys(REQUIRED_FIELDS[table]).sort())
    },
  )

  test.each(LIST_TABLES)('POST /api/%s treats a blank required field as missing', async (table) => {
    const [field, message] = Object.entries(REQUIRED_FIELDS[table])[0]
    const answer = await ctx.admin.post(`/api/${table}`, LIST_TABLE_FACTORIES[table]({ [field]: '   ' }))
    expect(answer.status).toBe(400)
    expect(answer.body.error.fields).toEqual({ [field]: message })
  })

  test('a service type other than regular or special is refused; a missing type is regular', async () => {
    const bad = await ctx.admin.post('/api/services', makeService({ type: 'weekly' }))
    expect(bad.status).toBe(400)
    expect(bad.body.error.fields).toEqual({ type: 'Type must be regular or special' })
    const special = await ctx.admin.post('/api/services', makeService({ type: 'special' }))
    expect(special.body.type).toBe('special')
    const defaulted = await ctx.admin.post('/api/services', makeService({ type: undefined }))
    expect(defaulted.status).toBe(201)
    expect(defaulted.body.type).toBe('regular')
  })

  test('a gallery category outside the five of the spec is refused', async () => {
    for (const category of ['sports', 'Worship', '', null]) {
      const answer = await ctx.admin.post('/api/gallery_images', makeGalleryImage({ category }))
      expect(answer.status, String(category)).toBe(400)
      expect(answer.body.error.fields).toEqual({
        category: category
          ? 'Category must be one of worship, prayer, youth, children, events'
          : 'Category is required',
      })
    }
    for (const category of ['worship', 'prayer', 'youth', 'children', 'events']) {
      const answer = await ctx.admin.post('/api/gallery_images', makeGalleryImage({ category }))
      expect(answer.status, category).toBe(201)
    }
  })

  test('an image address must be one of ours; other hosts, javascript: and path tricks are refused', async () => {
    for (const image_url of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '/media/../auth-secret',
      'file:///etc/passwd',
      // Another host: showing it would send each visitor's address there.
      'https://images.example/photo.jpg',
    ]) {
      const answer = await ctx.admin.post('/api/gallery_images', makeGalleryImage({ image_url }))
      expect(answer.status, image_url).toBe(400)
      expect(answer.body.error.fields).toHaveProperty('image_url')
    }
    for (const image_url of ['/media/abc-960.webp', '/images/default-event.webp']) {
      const answer = await ctx.admin.post('/api/gallery_images', makeGalleryImage({ image_url }))
      expect(answer.status, image_url).toBe(201)
    }
  })

  test('an event kept as text stores is_regular as a boolean, also from form values', async () => {
    for (const [value, expected] of [
      [true, true],
      [false, false],
      ['on', true],
      ['true', true],
      ['false', false],
      [undefined, false],
    ] as const) {
      const answer = await ctx.admin.post(
        '/api/events',
        LIST_TABLE_FACTORIES.events({
          starts_at: null,
          ends_at: null,
          date: 'Most Fridays',
          is_regular: value,
        }),
      )
      expect(answer.status).toBe(201)
      expect(answer.body.is_regular, String(value)).toBe(expected)
      expect((await ctx.anonymous.get(`/api/events/${answer.body.id}`)).body.is_regular).toBe(expected)
    }
  })

  test('ministry activities given one per line are stored as a list without blank lines', async () => {
    const answer = await ctx.admin.post(
      '/api/ministries',
      makeMinistry({ activities: 'Bible study\n\n  Games night  \r\n   \nOutreach\n' }),
    )
    expect(answer.status).toBe(201)
    expect(answer.body.activities).toEqual(['Bible study', 'Games night', 'Outreach'])
    const listed = await ctx.anonymous.get(`/api/ministries/${answer.body.id}`)
    expect(listed.body.activities).toEqual(['Bible study', 'Games night', 'Outreach'])
    const none = await ctx.admin.post('/api/ministries', makeMinistry({ activities: undefined }))
    expect(none.body.activities).toEqual([])
    const fromList = await ctx.admin.post(
      '/api/ministries',
      makeMinistry({ activities: ['Choir', ' ', 'Tea'] }),
    )
    expect(fromList.body.activities).toEqual(['Choir', 'Tea'])
  })

  test('church info needs a name, a valid email, and saves unparsable or empty coordinates as null', async () => {
    const empty = await ctx.admin.put('/api/church_info', {})
    expect(empty.status).toBe(400)
    expect(empty.body).toEqual(apiError({ name: 'Name is required' }))
    const badEmail = await ctx.admin.put('/api/church_info', makeChurchInfo({ email: 'not an email' }))
    expect(badEmail.status).toBe(400)
    expect(badEmail.body.error.fields).toEqual({ email: 'Enter a valid email address' })
    for (const [latitude, longitude, expected] of [
      ['', '', [null, null]],
      ['north', 'abc', [null, null]],
      [null, undefined, [null, null]],
      ['51.8969', ' -8.4863 ', [51.8969, -8.4863]],
      ['51,8969', '-8,4863', [51.8969, -8.4863]],
      ['51.8 N', '0x10', [null, null]],
      [51.9, -8.5, [51.9, -8.5]],
      [91, -181, [null, null]],
    ] as const) {
      const answer = await ctx.admin.put('/api/church_info', makeChurchInfo({ latitude, longitude }))
      expect(answer.status).toBe(200)
      expect([answer.body.latitude, answer.body.longitude], `${latitude} ${longitude}`).toEqual(expected)
      const stored = await ctx.anonymous.get('/api/church_info')
      expect([stored.body.latitude, stored.body.longitude]).toEqual(expected)
    }
  })

  test('about us needs mission, vision, values and history', async () => {
    const answer = await ctx.admin.put('/api/about_us', { image_url: null })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual(
      apiError({
        mission: 'Mission is required',
        vision: 'Vision is required',
        values: 'Values is required',
        history: 'History is required',
      }),
    )
  })

  test.each(RICH_TEXT)('%s.%s is sanitised on create and on update', async (table, field) => {
    const created = await insertItem(ctx.admin, table as ListTable, { [field]: DIRTY_HTML })
    expectClean(created[field] as string)
    expectClean((await ctx.anonymous.get(`/api/${table}/${created.id}`)).body[field])
    const updated = await ctx.admin.patch(`/api/${table}/${created.id}`, {
      [field]: `<p>New</p>${DIRTY_HTML}`,
    })
    expect(updated.status).toBe(200)
    expectClean(updated.body[field])
  })

  test('a required rich text left with no words once sanitised is refused like an empty one, never a 500', async () => {
    const created = await ctx.admin.post('/api/getting_here', {
      transport_type: 'bus',
      title: 'By bus',
      description: '<script>alert(1)</script>',
    })
    expect(created.status).toBe(400)
    expect(created.body).toEqual(apiError({ description: 'Description is required' }))
    const item = await insertItem(ctx.admin, 'getting_here', {})
    for (const description of ['<img src=x onerror=alert(1)>', '<p></p>', '<p>&nbsp;</p>']) {
      const patched = await ctx.admin.patch(`/api/getting_here/${item.id}`, { description })
      expect(patched.status, description).toBe(400)
      expect(patched.body.error.fields).toEqual({ description: 'Description is required' })
    }
    expect((await ctx.anonymous.get(`/api/getting_here/${item.id}`)).body).toEqual(item)
    const about = await ctx.admin.put('/api/about_us', makeAboutUs({ history: '<style>p{}</style>' }))
    expect(about.status).toBe(400)
    expect(about.body.error.fields).toEqual({ history: 'History is required' })
    // An optional one is simply empty.
    const church = await ctx.admin.put('/api/church_info', makeChurchInfo({ description: '<p></p>' }))
    expect(church.status).toBe(200)
    expect(church.body.description).toBeNull()
  })

  test('church info description and the four about-us texts are sanitised', async () => {
    const church = await ctx.admin.put('/api/church_info', makeChurchInfo({ description: DIRTY_HTML }))
    expectClean(church.body.description)
    expectClean((await ctx.anonymous.get('/api/church_info')).body.description)
    const about = await ctx.admin.put(
      '/api/about_us',
      makeAboutUs({ mission: DIRTY_HTML, vision: DIRTY_HTML, values: DIRTY_HTML, history: DIRTY_HTML }),
    )
    for (const field of ['mission', 'vision', 'values', 'history']) expectClean(about.body[field])
  })

  test('a body that is JSON but not an object is 400', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) {
      const answer = await ctx.admin.request('POST', '/api/services', {
        body,
        headers: { 'content-type': 'application/json' },
      })
      expect(answer.status, body).toBe(400)
      expect(answer.body).toEqual(apiError())
    }
  })
})
