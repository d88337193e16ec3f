import { describe, expect, test } from 'vitest'

import { makeChurchInfo } from '../factories.ts'
import { apiError, databases, useServer } from './support.ts'

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database)

  test('a WhatsApp number typed as dialled in Ireland is stored in international form and links to wa.me', async () => {
    const saved = await ctx.admin.put(
      '/api/church_info',
      makeChurchInfo({ whatsapp_number: '087 123 4567', phone: '(021) 432-0199' }),
    )
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({
      whatsapp_number: '+353871234567',
      phone: '+353214320199',
      country: 'IE',
    })
    const read = await ctx.anonymous.get('/api/church_info')
    expect(read.body).toMatchObject({ whatsapp_number: '+353871234567', phone: '+353214320199' })

    const page = (await ctx.anonymous.get('/contact')).text
    expect(page).toContain('href="https://wa.me/353871234567"')
    expect(page).toMatch(/<a href="tel:\+353214320199"[^>]*>\+353 21 432 0199<\/a>/)
  })

  test('a number that is no number is refused with a message naming the field, and nothing is saved', async () => {
    await ctx.admin.put('/api/church_info', makeChurchInfo({ whatsapp_number: '087 123 4567' }))
    const refused = await ctx.admin.put('/api/church_info', makeChurchInfo({ whatsapp_number: '12' }))
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual(
      apiError({
        whatsapp_number: expect.stringMatching(/^WhatsApp number is not a valid phone number in Ireland/),
      }),
    )
    expect((await ctx.anonymous.get('/api/church_info')).body.whatsapp_number).toBe('+353871234567')
  })

  test('the weekly news leaves Saturday at 09:00 until set; a write that leaves the day and hour out keeps them', async () => {
    const first = await ctx.admin.put('/api/church_info', makeChurchInfo())
    expect(first.body).toMatchObject({ digest_day: 6, digest_hour: 9 })
    const set = await ctx.admin.put('/api/church_info', {
      ...makeChurchInfo(),
      digest_day: 5,
      digest_hour: 18,
    })
    expect(set.status, set.text).toBe(200)
    expect(set.body).toMatchObject({ digest_day: 5, digest_hour: 18 })
    const kept = await ctx.admin.put('/api/church_info', makeChurchInfo({ tagline: 'Changed' }))
    expect(kept.body).toMatchObject({ tagline: 'Changed', digest_day: 5, digest_hour: 18 })
    expect((await ctx.anonymous.get('/api/church_info')).body).toMatchObject({
      digest_day: 5,
      digest_hour: 18,
    })
    const refused = await ctx.admin.put('/api/church_info', {
      ...makeChurchInfo(),
      digest_day: 7,
      digest_hour: 24,
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual(
      apiError({ digest_day: expect.any(String), digest_hour: expect.any(String) }),
    )
  })

  test('numbers are read in the church’s country', async () => {
    const saved = await ctx.admin.put(
      '/api/church_info',
      makeChurchInfo({ country: 'GB', phone: '020 7946 0958', whatsapp_number: '+353 87 123 4567' }),
    )
    expect(saved.body).toMatchObject({
      country: 'GB',
      phone: '+442079460958',
      whatsapp_number: '+353871234567',
    })
    const refused = await ctx.admin.put('/api/church_info', makeChurchInfo({ country: 'Narnia' }))
    expect(refused.body).toEqual(apiError({ country: 'Country must be a country code such as IE' }))
  })

  test("the congregation's own words show on the public pages at the very next request after a save", async () => {
    await ctx.admin.put(
      '/api/church_info',
      makeChurchInfo({
        subtitle: 'Église évangélique',
        tagline: 'Good news in Galway since 1990.',
        office_hours: 'Tuesday - Thursday: 10:00 AM - 1:00 PM\nBy appointment otherwise',
        public_transport: 'The 405 bus stops outside.\nA 10-minute walk from Ceannt station.',
        parking: 'Park on Quay Street.',
        instagram_url: 'instagram.com/galwaychurch',
      }),
    )
    const home = (await ctx.anonymous.get('/')).text
    expect(home).toContain('Église évangélique')
    expect(home).toContain('Good news in Galway since 1990.')
    expect(home).toContain('href="https://instagram.com/galwaychurch"')
    expect(home).not.toMatch(/facebook\.com|youtube\.com/)
    // Times keep their AM/PM on the same line (a no-break space).
    const contact = (await ctx.anonymous.get('/contact')).text.replaceAll('\u00a0', ' ')
    for (const text of [
      'Tuesday - Thursday',
      '10:00 AM - 1:00 PM',
      'By appointment otherwise',
      'The 405 bus',
    ]) {
      expect(contact).toContain(text)
    }
    expect(contact).toContain('Park on Quay Street.')
    // Nothing of the demo congregation's words is fixed in the pages any more.
    expect(contact).not.toMatch(/202 and 208|Monday - Friday|Indian Pentecostal|Spreading the Gospel/)
    const services = (await ctx.anonymous.get('/services')).text
    expect(services).toContain('The 405 bus stops outside. A 10-minute walk from Ceannt station.')

    // Left empty, each of them is simply not shown.
    await ctx.admin.put('/api/church_info', makeChurchInfo())
    const bare = (await ctx.anonymous.get('/contact')).text
    for (const text of ['Église évangélique', 'Galway', 'Office Hours', 'Getting Here', 'Follow Us']) {
      expect(bare).not.toContain(text)
    }
    expect((await ctx.anonymous.get('/services')).text).not.toMatch(/Public Transport|Parking/)
  })
})
