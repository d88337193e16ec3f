import { describe, expect, test } from 'vitest'

import { siteSetupSteps } from './site-setup.server.ts'
import { saveAboutUs } from '#app/content/about/model.server.ts'
import { createCarouselSlide } from '#app/content/carousel/model.server.ts'
import { saveChurchInfo } from '#app/content/church-info/model.server.ts'
import { createService } from '#app/content/services/model.server.ts'
import { saveNotificationRecipients } from '#app/models/settings.server.ts'
import { testDatabase, testDatabases } from '#tests/test-database.ts'

describe.each(testDatabases)('$name', (database) => {
  const done = async (db: Parameters<typeof siteSetupSteps>[0]['db']) =>
    Object.fromEntries((await siteSetupSteps({ db })).map((step) => [step.key, step.done]))

  test('a new site has every step to do; each is ticked by what it asks for', async () => {
    const db = await testDatabase(database)
    expect(await done(db)).toEqual({
      contact: false,
      logo: false,
      about: false,
      services: false,
      carousel: false,
      notifications: false,
    })

    // A name alone is not enough to find or reach the church.
    await saveChurchInfo({ db, data: { name: 'Grace Church' } })
    expect((await done(db)).contact).toBe(false)
    await saveChurchInfo({
      db,
      data: { name: 'Grace Church', address: '1 Main Street', email: 'hi@grace.ie' },
    })
    expect((await done(db)).contact).toBe(true)
    await saveChurchInfo({
      db,
      data: {
        name: 'Grace Church',
        address: '1 Main Street',
        phone: '021 432 0199',
        logo_url: '/media/logo.webp',
      },
    })
    expect(await done(db)).toMatchObject({ contact: true, logo: true, about: false })

    await saveAboutUs({
      db,
      data: {
        history: '<p>1990</p>',
        mission: '<p>Love</p>',
        vision: '<p>Home</p>',
        values: '<p>Welcome</p>',
      },
    })
    await createService({ db, data: { name: 'Sunday Worship' } })
    expect(await done(db)).toMatchObject({ about: true, services: true, carousel: false })
    await createCarouselSlide({
      db,
      data: { title: 'Welcome', image_url: '/media/slide.webp', image_alt: 'The church door' },
    })
    expect((await done(db)).carousel).toBe(true)
    await saveNotificationRecipients({ db, data: { recipients: 'office@grace.ie' } })
    expect(Object.values(await done(db)).every(Boolean)).toBe(true)
  })
})
