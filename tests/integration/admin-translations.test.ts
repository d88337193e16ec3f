// Issue 28, the secretary's side over HTTP: the admin forms' language tabs save translations with the record, Church
// Info's form sets the languages, and the dashboard counts what still needs a translation.
import { describe, expect, test } from 'vitest'

import { makeChurchInfo, makeService } from '../factories.ts'
import { type Client, databases, useServer } from './support.ts'

/** Posts an admin screen's form as the browser would without JavaScript: one urlencoded body. */
function adminForm(client: Client, path: string, fields: Record<string, string>) {
  return client.request('POST', path, {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
}

/** A page's text, without React's markers between text and values, its `&amp;` read. */
const pageText = async (client: Client, path: string) =>
  (await client.get(path)).text.replace(/<!-- -->/g, '').replace(/&amp;/g, '&')

/** The dashboard's heading of the items still to translate ('3 items need a translation'), or null. */
const untranslatedHeading = (dashboard: string) =>
  dashboard.match(/<h2 id="untranslated"[^>]*>(?:<svg.*?<\/svg>)?([^<]*)<\/h2>/)?.[1] ?? null

/** The words of the page's links to `href`. */
const linksTo = (page: string, href: string) =>
  [...page.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)]
    .filter(([, to]) => to === href)
    .map(([, , words]) => words)

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database)

  test('the dashboard counts the items whose written words lack a translation, and leads to each on its tab', async () => {
    // One language: nothing to translate, no count and no checklist step for it.
    await ctx.admin.put('/api/church_info', makeChurchInfo({ description: '<p>Welcome, all.</p>' }))
    let dashboard = await pageText(ctx.admin, '/admin/dashboard')
    expect(untranslatedHeading(dashboard)).toBeNull()
    expect(dashboard).not.toContain('Translate your welcome')

    await ctx.admin.put(
      '/api/church_info',
      makeChurchInfo({
        languages: ['en', 'ml'],
        description: '<p>Welcome, all.</p>',
        subtitle: null,
        tagline: null,
        address: null,
        office_hours: null,
        public_transport: null,
        parking: null,
      }),
    )
    const services = await Promise.all(
      [
        // Its name translated, its description not.
        makeService({
          name: 'Half done',
          description: '<p>Prayer and praise</p>',
          day: null,
          time: null,
          location: null,
          translations: { ml: { name: 'പകുതി' } },
        }),
        // Every written field translated; the description is an empty paragraph, nothing to translate.
        makeService({
          name: 'All done',
          description: '<p></p>',
          day: 'Sunday',
          time: null,
          location: null,
          translations: { ml: { name: 'എല്ലാം', day: 'ഞായർ' } },
        }),
        makeService({ name: 'Not begun', description: null, day: null, time: null, location: null }),
      ].map(async (service) => (await ctx.admin.post('/api/services', service)).body as { id: string }),
    )
    const [half, done, notBegun] = services.map((service) => service.id)

    dashboard = await pageText(ctx.admin, '/admin/dashboard')
    // Church info (its welcome) and two of the three services.
    expect(untranslatedHeading(dashboard)).toBe('3 items need a translation')
    expect(linksTo(dashboard, `/admin/services?edit=${half}&lang=ml`)).toEqual(['Half done'])
    expect(linksTo(dashboard, `/admin/services?edit=${notBegun}&lang=ml`)).toEqual(['Not begun'])
    // (Its own form may be linked for another reason: a service whose typed day needs times.)
    expect(dashboard).not.toContain(`edit=${done}&lang=ml`)
    expect(linksTo(dashboard, '/admin/church-info?lang=ml')).toContain('Church Info')
    // The checklist's step leads to the welcome's Malayalam tab, not yet done.
    expect(dashboard).toMatch(
      /href="\/admin\/church-info\?lang=ml"[^>]*>.*?Translate your welcome.*?\(to do\)/s,
    )

    // The welcome translated through the form's tab, with the rest of the form in the same request.
    const saved = await adminForm(ctx.admin, '/admin/church-info', {
      name: 'St Example',
      description: '<p>Welcome, all.</p>',
      languages: 'en, ml',
      'translations.ml.description': '<p>എല്ലാവർക്കും സ്വാഗതം.</p>',
    })
    expect(saved.status).toBe(200)
    const service = await adminForm(ctx.admin, '/admin/services', {
      intent: 'update',
      id: half,
      name: 'Half done',
      type: 'regular',
      description: '<p>Prayer and praise</p>',
      'translations.ml.name': 'പകുതി',
      'translations.ml.description': '<p>പ്രാർത്ഥനയും സ്തുതിയും</p>',
    })
    expect(service.status).toBe(200)

    dashboard = await pageText(ctx.admin, '/admin/dashboard')
    expect(untranslatedHeading(dashboard)).toBe('1 item needs a translation')
    expect(dashboard).not.toContain(`edit=${half}&lang=ml`)
    expect(dashboard).toMatch(/Translate your welcome.*?\(done\)/s)

    // Everything translated: said so.
    await adminForm(ctx.admin, '/admin/services', {
      intent: 'update',
      id: notBegun,
      name: 'Not begun',
      type: 'regular',
      'translations.ml.name': 'തുടങ്ങിയിട്ടില്ല',
    })
    expect(untranslatedHeading(await pageText(ctx.admin, '/admin/dashboard'))).toBe(
      'Every item is translated',
    )
  })

  test('a form saves its language tabs with the record: merged per field, an emptied field removed, a language the site lacks refused at its field', async () => {
    await ctx.admin.put('/api/church_info', makeChurchInfo({ languages: ['en', 'ml'] }))
    const created = await adminForm(ctx.admin, '/admin/services', {
      intent: 'create',
      name: 'Evening Prayer',
      type: 'regular',
      location: 'Chapel',
      'translations.ml.name': ' സന്ധ്യാ പ്രാർത്ഥന ',
      'translations.ml.location': '',
      'translations.ml.description': '<p>എല്ലാവർക്കും</p><script>x()</script>',
    })
    expect(created.status).toBe(200)
    const list = (await ctx.admin.get('/api/services')).body as Array<{
      id: string
      name: string
      translations: Record<string, Record<string, string>>
    }>
    const stored = list.find((service) => service.name === 'Evening Prayer')!
    // Trimmed and sanitised as the main text is; the empty field is no translation.
    expect(stored.translations).toEqual({
      ml: { name: 'സന്ധ്യാ പ്രാർത്ഥന', description: '<p>എല്ലാവർക്കും</p>' },
    })

    const emptied = await adminForm(ctx.admin, '/admin/services', {
      intent: 'update',
      id: stored.id,
      name: 'Evening Prayer',
      type: 'regular',
      'translations.ml.name': 'സന്ധ്യാ പ്രാർത്ഥന',
      'translations.ml.description': '',
    })
    expect(emptied.status).toBe(200)
    expect((await ctx.admin.get(`/api/services/${stored.id}`)).body).toMatchObject({
      translations: { ml: { name: 'സന്ധ്യാ പ്രാർത്ഥന' } },
    })

    // A tab of a language the site does not have (taken off in another window) is refused, nothing of it kept.
    const refused = await adminForm(ctx.admin, '/admin/services', {
      intent: 'update',
      id: stored.id,
      name: 'Changed',
      type: 'regular',
      'translations.ta.name': 'மாலை ஜெபம்',
    })
    expect(refused.status).toBe(400)
    expect(refused.text).toContain('ta is not one of the site')
    expect((await ctx.admin.get(`/api/services/${stored.id}`)).body).toMatchObject({ name: 'Evening Prayer' })
  })

  test('Church Info’s Languages field: codes in order, a wrong one named at the field, a language taken off keeps its words', async () => {
    await ctx.admin.put(
      '/api/church_info',
      makeChurchInfo({ languages: ['en', 'ml'], translations: { ml: { tagline: 'സ്വാഗതം' } } }),
    )
    const form = (languages: string, extra: Record<string, string> = {}) =>
      adminForm(ctx.admin, '/admin/church-info', { name: 'St Example', languages, ...extra })

    const wrong = await form('en, malayalam!')
    expect(wrong.status).toBe(400)
    // The action's answer names the field (the form shows it there).
    expect(wrong.text).toMatch(
      /malayalam!\\+" is not a language code \(BCP 47, such as en, ml or pt-BR\)[^]*?\\"fields\\",\{\\"_\d+\\":\d+\},\\"languages\\"/,
    )
    expect((await ctx.anonymous.get('/api/church_info')).body.languages).toEqual(['en', 'ml'])

    // Taken off with its tab's fields still in the form: saved without them, its stored words kept.
    const off = await form('EN', { 'translations.ml.tagline': 'മാറ്റി' })
    expect(off.status).toBe(200)
    let info = (await ctx.anonymous.get('/api/church_info')).body
    expect(info.languages).toEqual(['en'])
    expect(info.translations.ml.tagline).toBe('സ്വാഗതം')

    // Back, with a third, separated as people type them.
    expect((await form('en,ml\nta')).status).toBe(200)
    info = (await ctx.anonymous.get('/api/church_info')).body
    expect(info.languages).toEqual(['en', 'ml', 'ta'])
    // Left empty: English alone.
    expect((await form('  ')).status).toBe(200)
    expect((await ctx.anonymous.get('/api/church_info')).body.languages).toEqual(['en'])
  })
})
