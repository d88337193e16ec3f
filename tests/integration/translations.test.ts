import { describe, expect, test } from 'vitest'

import { makeChurchInfo, makeMinistry, makeService } from '../factories.ts'
import { apiError, databases, useServer } from './support.ts'

// Issue 28: the site's languages are a setting, and every record's words may have a translation per field.
describe.each(databases)('$name', (database) => {
  const ctx = useServer(database)

  test('through the API alone: Malayalam added, a service named in it, read back with ?lang=ml field by field', async () => {
    // One language until chosen: a translation has nowhere to go.
    const early = await ctx.admin.post(
      '/api/services',
      makeService({ translations: { ml: { name: 'ആരാധന' } } }),
    )
    expect(early.status).toBe(400)
    expect(early.body).toEqual(
      apiError({ 'translations.ml': expect.stringContaining('not one of the site') }),
    )

    const info = await ctx.admin.put('/api/church_info', makeChurchInfo({ languages: ['en', 'ML'] }))
    expect(info.status).toBe(200)
    expect(info.body.languages).toEqual(['en', 'ml'])
    // A write that does not mention the languages (the Church Info form of before) keeps them.
    await ctx.admin.put('/api/church_info', makeChurchInfo({ tagline: 'Welcome' }))
    expect((await ctx.anonymous.get('/api/church_info')).body.languages).toEqual(['en', 'ml'])

    const created = await ctx.admin.post(
      '/api/services',
      makeService({
        name: 'Sunday Worship',
        location: 'Main hall',
        translations: {
          ml: { name: ' ഞായറാഴ്ച ആരാധന ', description: '<p>എല്ലാവർക്കും</p><script>x()</script>' },
        },
      }),
    )
    expect(created.status).toBe(201)
    // Trimmed and sanitised as the main text is.
    expect(created.body.translations).toEqual({
      ml: { name: 'ഞായറാഴ്ച ആരാധന', description: '<p>എല്ലാവർക്കും</p>' },
    })
    const id = created.body.id

    const english = (await ctx.anonymous.get(`/api/services/${id}`)).body
    expect(english).toMatchObject({ name: 'Sunday Worship', location: 'Main hall' })
    const malayalam = await ctx.anonymous.get(`/api/services/${id}?lang=ml`)
    expect(malayalam.body).toMatchObject({ name: 'ഞായറാഴ്ച ആരാധന', location: 'Main hall' })
    const list = (await ctx.anonymous.get('/api/services?lang=ml')).body
    expect(list.find((service: { id: string }) => service.id === id).name).toBe('ഞായറാഴ്ച ആരാധന')
    // The English list is not the Malayalam one from the cache.
    const englishList = (await ctx.anonymous.get('/api/services')).body
    expect(englishList.find((service: { id: string }) => service.id === id).name).toBe('Sunday Worship')
    expect((await ctx.anonymous.get('/api/services?lang=en')).body[0].translations).toBeDefined()

    // The pages: /ml/services in Malayalam where translated, English inside lang="en" where not; /services as before.
    const page = await ctx.anonymous.get('/ml/services')
    expect(page.status).toBe(200)
    expect(page.text).toMatch(/<html lang="ml"/)
    expect(page.text).toMatch(/<h3 class="[^"]*">ഞായറാഴ്ച ആരാധന<\/h3>/)
    expect(page.text).toMatch(/<span lang="en">Main hall<\/span>/)
    const englishPage = await ctx.anonymous.get('/services')
    expect(englishPage.text).toMatch(/<html lang="en-IE"/)
    expect(englishPage.text).toContain('Sunday Worship')
    expect(englishPage.text).not.toContain('ഞായറാഴ്ച ആരാധന')
    // Each names both, itself included, and x-default; the switch leads to the same page in the other language.
    for (const [text, canonical] of [
      [page.text, '/ml/services'],
      [englishPage.text, '/services'],
    ]) {
      const origin = ctx.server.url
      expect(text).toContain(`<link rel="canonical" href="${origin}${canonical}"/>`)
      expect(text).toContain(`<link rel="alternate" hrefLang="en" href="${origin}/services"/>`)
      expect(text).toContain(`<link rel="alternate" hrefLang="ml" href="${origin}/ml/services"/>`)
      expect(text).toContain(`<link rel="alternate" hrefLang="x-default" href="${origin}/services"/>`)
    }
    expect(page.text).toMatch(/<a href="\/services" hrefLang="en"[^>]*>English<\/a>/)
    // The one-line suggestion of Malayalam is there, hidden, written in Malayalam, for the script to show to a
    // visitor whose browser prefers it (hidden, it draws no glyph and fetches no font).
    const suggestion = /<aside lang="ml" hidden=""[^>]*data-language-suggestion="ml"[^>]*>.*?<\/aside>/
    expect(englishPage.text).toMatch(suggestion)
    // Named in English on English pages: they hold no Malayalam letter, so they never fetch the Malayalam font.
    expect(englishPage.text).toMatch(/<a href="\/ml\/services" hrefLang="ml"[^>]*>Malayalam<\/a>/)
    expect(englishPage.text.replace(suggestion, '')).not.toMatch(/[\u0D00-\u0D7F]/)
    // A first part that names no language of the site is the 404 page it always was.
    for (const path of ['/ta/services', '/en/services', '/wp-login.php', '/about/services'])
      expect((await ctx.anonymous.get(path)).status, path).toBe(404)
    expect((await ctx.anonymous.get('/api/services')).headers.get('content-type')).toMatch(/json/)

    // Merged per language and field; an empty string removes that field's translation.
    const changed = await ctx.admin.patch(`/api/services/${id}`, {
      translations: { ml: { location: 'പ്രധാന ഹാൾ', description: '' } },
    })
    expect(changed.status).toBe(200)
    expect(changed.body.translations).toEqual({ ml: { name: 'ഞായറാഴ്ച ആരാധന', location: 'പ്രധാന ഹാൾ' } })
    // An edit of the English text leaves the translations as they were.
    const edited = await ctx.admin.patch(`/api/services/${id}`, { name: 'Sunday Service' })
    expect(edited.body).toMatchObject({ name: 'Sunday Service', translations: changed.body.translations })
  })

  test('a ministry’s activities: translated as text of one per line, read with ?lang=ml and on /ml/ministries as the list', async () => {
    await ctx.admin.put('/api/church_info', makeChurchInfo({ languages: ['en', 'ml'] }))
    const english = ['Saturday Youth Night', 'Annual youth retreat']
    const youth = (
      await ctx.admin.post('/api/ministries', makeMinistry({ name: 'Youth Ministry', activities: english }))
    ).body
    // PUT with the translation as text, one activity per line (as the form's textarea sends it).
    const put = await ctx.admin.put(`/api/ministries/${youth.id}`, {
      ...makeMinistry({ name: 'Youth Ministry', activities: english }),
      translations: {
        ml: { name: 'യുവജന ശുശ്രൂഷ', activities: ' ശനിയാഴ്ച യുവജന സന്ധ്യ\r\n\nവാർഷിക യുവജന ക്യാമ്പ് ' },
      },
    })
    expect(put.status).toBe(200)
    // The answer keeps the translation as text of one activity per line; the activities themselves are English.
    expect(put.body.activities).toEqual(english)
    expect(put.body.translations).toEqual({
      ml: { name: 'യുവജന ശുശ്രൂഷ', activities: 'ശനിയാഴ്ച യുവജന സന്ധ്യ\nവാർഷിക യുവജന ക്യാമ്പ്' },
    })
    // POST takes a list as well.
    const prayer = await ctx.admin.post(
      '/api/ministries',
      makeMinistry({
        name: 'Prayer Ministry',
        activities: ['Friday prayer meeting'],
        translations: { ml: { activities: [' വെള്ളിയാഴ്ച പ്രാർത്ഥനാ യോഗം ', ''] } },
      }),
    )
    expect(prayer.status).toBe(201)
    expect(prayer.body.translations).toEqual({ ml: { activities: 'വെള്ളിയാഴ്ച പ്രാർത്ഥനാ യോഗം' } })
    const untranslated = (
      await ctx.admin.post('/api/ministries', makeMinistry({ name: 'Outreach', activities: ['Food bank'] }))
    ).body

    const list = (await ctx.anonymous.get('/api/ministries?lang=ml')).body as Array<Record<string, unknown>>
    const inMalayalam = (id: string) => list.find((ministry) => ministry.id === id)!
    expect(inMalayalam(youth.id)).toMatchObject({
      name: 'യുവജന ശുശ്രൂഷ',
      activities: ['ശനിയാഴ്ച യുവജന സന്ധ്യ', 'വാർഷിക യുവജന ക്യാമ്പ്'],
      translations: put.body.translations,
    })
    expect(inMalayalam(prayer.body.id).activities).toEqual(['വെള്ളിയാഴ്ച പ്രാർത്ഥനാ യോഗം'])
    expect(inMalayalam(untranslated.id).activities).toEqual(['Food bank'])
    expect((await ctx.anonymous.get(`/api/ministries/${youth.id}?lang=ml`)).body.activities).toEqual([
      'ശനിയാഴ്ച യുവജന സന്ധ്യ',
      'വാർഷിക യുവജന ക്യാമ്പ്',
    ])
    expect((await ctx.anonymous.get(`/api/ministries/${youth.id}`)).body.activities).toEqual(english)

    // The page lists them in Malayalam; a ministry's activities without a translation inside lang="en".
    const page = (await ctx.anonymous.get('/ml/ministries')).text.replace(/<!-- -->/g, '')
    const items = (html: string) =>
      [...html.matchAll(/<li class="[^"]*"><svg[^]*?<\/svg>([^<]*)<\/li>/g)].map(([, text]) => text)
    expect(items(page)).toEqual([
      'ശനിയാഴ്ച യുവജന സന്ധ്യ',
      'വാർഷിക യുവജന ക്യാമ്പ്',
      'വെള്ളിയാഴ്ച പ്രാർത്ഥനാ യോഗം',
      'Food bank',
    ])
    expect(page).toMatch(/<ul class="[^"]*" lang="en">(?:(?!<\/ul>)[^])*Food bank/)
    expect(page).not.toMatch(/<ul class="[^"]*" lang="en">(?:(?!<\/ul>)[^])*വാർഷിക യുവജന ക്യാമ്പ്/)
    expect(items((await ctx.anonymous.get('/ministries')).text)).toEqual([
      ...english,
      'Friday prayer meeting',
      'Food bank',
    ])

    // The form's Malayalam tab: a textarea of one per line, under the English activities.
    const form = (await ctx.admin.get(`/admin/ministries?edit=${youth.id}&lang=ml`)).text
    expect(form).toMatch(
      /<textarea[^>]*name="translations\.ml\.activities"[^>]*>ശനിയാഴ്ച യുവജന സന്ധ്യ\nവാർഷിക യുവജന ക്യാമ്പ്<\/textarea>/,
    )
    expect(form).toContain(
      '<span lang="en" class="block whitespace-pre-line">Saturday Youth Night\nAnnual youth retreat</span>',
    )

    // A translation its field refuses is a 400 at its name, nothing of it kept.
    const refused = await ctx.admin.patch(`/api/ministries/${youth.id}`, {
      translations: { ml: { activities: 'x'.repeat(201) } },
    })
    expect(refused.body).toEqual(
      apiError({ 'translations.ml.activities': 'Each activity must be at most 200 characters' }),
    )
    // Emptied, it falls back to the English list.
    await ctx.admin.patch(`/api/ministries/${youth.id}`, { translations: { ml: { activities: '' } } })
    expect((await ctx.anonymous.get(`/api/ministries/${youth.id}?lang=ml`)).body).toMatchObject({
      name: 'യുവജന ശുശ്രൂഷ',
      activities: english,
    })
  })

  test('a translation in an unknown language, of a field that has none, or that its field refuses is a 400', async () => {
    await ctx.admin.put('/api/church_info', makeChurchInfo({ languages: ['en', 'ml'] }))
    const service = (await ctx.admin.post('/api/services', makeService())).body
    const refused = async (translations: unknown) => {
      const answer = await ctx.admin.patch(`/api/services/${service.id}`, { translations })
      expect(answer.status).toBe(400)
      return answer.body.error.fields
    }
    expect(await refused({ ta: { name: 'x' } })).toEqual({
      'translations.ta': "ta is not one of the site's other languages (ml)",
    })
    expect(await refused({ en: { name: 'x' } })).toEqual({
      'translations.en': "en is the site's main language: change the fields themselves",
    })
    expect(await refused({ ml: { type: 'special', image: 'x' } })).toMatchObject({
      'translations.ml.type': expect.stringContaining(
        'type cannot be translated (these can: name, description',
      ),
    })
    expect(await refused({ ml: { name: 'x'.repeat(201) } })).toEqual({
      'translations.ml.name': expect.stringMatching(/^Name must be at most/),
    })
    expect(await refused(['ml'])).toEqual({
      translations: expect.stringMatching(/^Translations must be an object/),
    })
    // Nothing of a refused write is kept.
    expect((await ctx.anonymous.get(`/api/services/${service.id}`)).body.translations).toEqual({})
    expect((await ctx.anonymous.get('/api/services?lang=ta')).body).toEqual(
      apiError({ lang: "lang must be one of the site's languages (en, ml)" }),
    )
    const badLanguages = await ctx.admin.put(
      '/api/church_info',
      makeChurchInfo({ languages: ['en', 'not a code'] }),
    )
    expect(badLanguages.body).toEqual(
      apiError({ languages: expect.stringContaining('is not a language code') }),
    )
  })
})
