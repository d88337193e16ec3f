import { describe, expect, test } from 'vitest'

import { makeCarouselSlide, makeGalleryImage, makeLeadershipMember, makeMinistry } from '../factories.ts'
import { apiError, databases, useServer } from './support.ts'

const REQUIRED = [
  ['gallery_images', makeGalleryImage],
  ['carousel_slides', makeCarouselSlide],
] as const
const OPTIONAL = [
  ['leadership_team', makeLeadershipMember],
  ['ministries', makeMinistry],
] as const

/** The `alt` of every `<img>` of a page, as the browser reads it (entities decoded). */
function altTexts(html: string) {
  return [...html.matchAll(/<img\b[^>]*\balt="([^"]*)"/g)].map(([, alt]) =>
    alt.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&amp;', '&'),
  )
}

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database)

  test.each(REQUIRED)(
    '%s: an image description is required, saved, changed and kept by other changes',
    async (table, make) => {
      const { image_alt: _, ...without } = make()
      for (const body of [without, { ...without, image_alt: '   ' }, { ...without, image_alt: null }]) {
        const refused = await ctx.admin.post(`/api/${table}`, body)
        expect(refused.status).toBe(400)
        expect(refused.body).toEqual(apiError({ image_alt: 'Image description is required' }))
      }
      const tooLong = await ctx.admin.post(`/api/${table}`, make({ image_alt: 'x'.repeat(301) }))
      expect(tooLong.body).toEqual(
        apiError({ image_alt: 'Image description must be at most 300 characters' }),
      )

      const created = await ctx.admin.post(
        `/api/${table}`,
        make({ image_alt: '  Children in nativity costumes around a manger  ' }),
      )
      expect(created.status).toBe(201)
      expect(created.body.image_alt).toBe('Children in nativity costumes around a manger')
      const { id } = created.body as { id: string }
      expect((await ctx.anonymous.get(`/api/${table}/${id}`)).body.image_alt).toBe(
        'Children in nativity costumes around a manger',
      )

      const renamed = await ctx.admin.patch(`/api/${table}/${id}`, { title: 'Nativity 2026' })
      expect(renamed.status).toBe(200)
      expect(renamed.body.image_alt).toBe('Children in nativity costumes around a manger')
      const described = await ctx.admin.patch(`/api/${table}/${id}`, {
        image_alt: 'Three shepherds and a donkey',
      })
      expect(described.body.image_alt).toBe('Three shepherds and a donkey')
      const emptied = await ctx.admin.patch(`/api/${table}/${id}`, { image_alt: '' })
      expect(emptied.status).toBe(400)
      expect(emptied.body).toEqual(apiError({ image_alt: 'Image description is required' }))
      const list = (await ctx.anonymous.get(`/api/${table}`)).body as Array<{ id: string; image_alt: string }>
      expect(list.find((item) => item.id === id)?.image_alt).toBe('Three shepherds and a donkey')
    },
  )

  test.each(OPTIONAL)(
    '%s: an image description is optional; empty is stored as null',
    async (table, make) => {
      const without = await ctx.admin.post(`/api/${table}`, make())
      expect(without.status).toBe(201)
      expect(without.body.image_alt).toBeNull()
      const described = await ctx.admin.post(
        `/api/${table}`,
        make({ image_url: '/images/people.jpg', image_alt: 'Smiling, in a blue shirt, outside the church' }),
      )
      expect(described.body.image_alt).toBe('Smiling, in a blue shirt, outside the church')
      const emptied = await ctx.admin.patch(`/api/${table}/${described.body.id}`, { image_alt: '  ' })
      expect(emptied.status).toBe(200)
      expect(emptied.body.image_alt).toBeNull()
    },
  )

  test('the descriptions are the alt of the pictures on the public pages', async () => {
    const gallery = await ctx.admin.post(
      '/api/gallery_images',
      makeGalleryImage({ title: 'Harvest', image_alt: 'Baskets of apples & "pumpkins" by the pulpit' }),
    )
    const slide = await ctx.admin.post(
      '/api/carousel_slides',
      makeCarouselSlide({ title: 'Welcome', image_alt: 'The church door open on a bright morning' }),
    )
    const leader = await ctx.admin.post(
      '/api/leadership_team',
      makeLeadershipMember({
        name: 'Pastor Áine Ní Riain',
        image_url: '/images/aine.jpg',
        image_alt: 'Áine smiling, in a green cardigan',
      }),
    )
    // A description kept without its picture: the stand-in picture is named by the person.
    await ctx.admin.post(
      '/api/leadership_team',
      makeLeadershipMember({ name: 'Brother Ciarán', image_url: null, image_alt: 'Ciarán at the organ' }),
    )
    const ministry = await ctx.admin.post(
      '/api/ministries',
      makeMinistry({ name: 'Choir', image_url: '/images/choir.jpg', image_alt: 'The choir in red robes' }),
    )
    const undescribed = await ctx.admin.post(
      '/api/ministries',
      makeMinistry({ name: 'Food bank', image_url: '/images/food.jpg', image_alt: null }),
    )
    for (const answer of [gallery, slide, leader, ministry, undescribed]) expect(answer.status).toBe(201)

    const home = altTexts((await ctx.anonymous.get('/')).text)
    expect(home).toContain('Baskets of apples & "pumpkins" by the pulpit')
    expect(home).toContain('The church door open on a bright morning')
    expect(home).toContain('Áine smiling, in a green cardigan')
    expect(home).toContain('The choir in red robes')
    expect(altTexts((await ctx.anonymous.get('/gallery')).text)).toContain(
      'Baskets of apples & "pumpkins" by the pulpit',
    )
    const about = altTexts((await ctx.anonymous.get('/about')).text)
    expect(about).toContain('Áine smiling, in a green cardigan')
    expect(about).toContain('Brother Ciarán')
    expect(about).not.toContain('Ciarán at the organ')
    const ministries = altTexts((await ctx.anonymous.get('/ministries')).text)
    expect(ministries).toContain('The choir in red robes')
    expect(ministries).toContain('Food bank')
  })
})
