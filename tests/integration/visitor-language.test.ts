import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { makeChurchInfo, makeEvent, makeSermon, makeSermonSeries } from '../factories.ts'
import { startSmtpServer, type TestSmtpServer } from '../smtp-server.ts'
import { startServer, type TestServer } from '../test-server.ts'
import { ADMIN, Client, databases, formToken, runSql, signIn, sleep } from './support.ts'

// Issue 46: the language a visitor used reaches what they get back, on a site in English and Malayalam: the
// e-mails of a sign-up made on a Malayalam page, a Malayalam sermon page's lengths, a Malayalam podcast feed.

const ML_TITLE = 'യുവജന ധ്യാനം'

describe.each(databases)('$name', (database) => {
  let smtp: TestSmtpServer
  let server: TestServer
  let admin: Client
  let anonymous: Client

  beforeAll(async () => {
    smtp = await startSmtpServer()
    server = await startServer({
      admin: ADMIN,
      postgresUrl: database.postgresUrl,
      publicUrl: true,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'office@example.org' },
    })
    admin = await signIn(server.url, ADMIN)
    anonymous = new Client(server.url)
    const church = await admin.put('/api/church_info', makeChurchInfo({ languages: ['en', 'ml'] }))
    expect(church.status, church.text).toBe(200)
  })

  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
  })

  async function mailTo(address: string, timeoutMs = 20_000) {
    const start = Date.now()
    for (;;) {
      const found = smtp.received.find((received) => received.envelope.to.includes(address))
      if (found) return found
      if (Date.now() - start > timeoutMs) throw new Error(`No e-mail to ${address} within ${timeoutMs} ms`)
      await sleep(100)
    }
  }

  test('a sign-up on a Malayalam event page is confirmed in Malayalam, its links and .ics in Malayalam too', async () => {
    const created = await admin.post(
      '/api/events',
      makeEvent({
        title: 'Youth Retreat',
        registration: true,
        capacity: 10,
        translations: { ml: { title: ML_TITLE } },
      }),
    )
    expect(created.status, created.text).toBe(201)
    const event = created.body as { id: string }
    const email = `ml.${Date.now()}@example.org`
    const posted = await fetch(`${server.url}/ml/events/${event.id}`, {
      method: 'POST',
      body: new URLSearchParams({ name: 'Anna Thomas', email, people: '2', form_token: formToken(server) }),
      headers: { origin: server.url },
      redirect: 'manual',
    })
    expect(posted.status).toBe(200)
    // The page answers in its language too.
    expect(await posted.text()).toContain('നിങ്ങൾ രജിസ്റ്റർ ചെയ്തു!')

    const { mail } = await mailTo(email)
    expect(mail.subject).toBe(`നിങ്ങൾ രജിസ്റ്റർ ചെയ്തു: ${ML_TITLE}`)
    const text = mail.text ?? ''
    expect(text).toContain('നമസ്കാരം Anna Thomas,')
    expect(text).toContain('ആളുകൾ: 2 പേർ')
    expect(text).not.toContain('Thank you for registering')
    // Its links lead to the Malayalam pages, on the site's address.
    expect(text).toContain(`${server.url}/ml/events/${event.id}`)
    const cancelLink = new RegExp(`${server.url}/ml/registrations/\\S+/cancel\\?token=\\S+`).exec(text)?.[0]
    expect(cancelLink).toBeDefined()
    expect(mail.html).toContain('lang="ml"')
    // The calendar file names the event as the Malayalam page does.
    const ics = mail.attachments.find((attachment) => attachment.filename === 'youth-retreat.ics')
    expect(ics?.content.toString('utf8')).toContain(`SUMMARY:${ML_TITLE}`)

    // The cancel link opens the Malayalam page of the registration, in Malayalam about the event in Malayalam.
    const cancelPage = await anonymous.get(cancelLink!.slice(server.url.length))
    expect(cancelPage.status).toBe(200)
    expect(cancelPage.text).toContain(ML_TITLE)
    expect(cancelPage.text).toContain('രജിസ്ട്രേഷൻ റദ്ദാക്കണോ?')
    expect(cancelPage.text).toContain(`href="/ml/events/${event.id}"`)

    // Staff's e-mail to everyone: their words, its last line in the person's language.
    const sent = await admin.request('POST', `/admin/events/${event.id}/registrations`, {
      body: new URLSearchParams({ intent: 'email', subject: 'Parking', message: 'Park behind the hall.' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(sent.status).toBeLessThan(400)
    const start = Date.now()
    let everyone = smtp.received.filter((received) => received.envelope.to.includes(email))
    while (everyone.length < 2 && Date.now() - start < 20_000) {
      await sleep(100)
      everyone = smtp.received.filter((received) => received.envelope.to.includes(email))
    }
    expect(everyone[1]?.mail.text).toContain(`നിങ്ങൾ ${ML_TITLE} എന്ന പരിപാടിക്ക് രജിസ്റ്റർ ചെയ്തിട്ടുണ്ട്.`)
  })

  test('a Malayalam sermon page gives its length in Malayalam units, and the series has a Malayalam feed', async () => {
    const series = await admin.post(
      '/api/sermon_series',
      makeSermonSeries({ title: 'I am', translations: { ml: { title: 'ഞാൻ ആകുന്നു' } } }),
    )
    expect(series.status, series.text).toBe(201)
    const seriesId = (series.body as { id: string }).id
    // The file's figures as the audio upload records them (audio-uploads.test.ts uploads real ones).
    await runSql(
      { server },
      `insert into audio_files (id, secure_url, original_name, type, bytes, duration_seconds, created_at) values ('/media/shepherd.mp3', '/media/shepherd.mp3', null, 'audio/mpeg', 2000000, 2712, '2026-11-20T10:00:00.000Z')`,
    )
    const sermon = await admin.post(
      '/api/sermons',
      makeSermon({
        title: 'The Good Shepherd',
        preached_on: '2026-11-22',
        series_id: seriesId,
        audio_url: '/media/shepherd.mp3',
        translations: { ml: { title: 'നല്ല ഇടയൻ' } },
      }),
    )
    expect(sermon.status, sermon.text).toBe(201)
    const sermonId = (sermon.body as { id: string }).id

    // 2,712 s: "45 min" in English, its units' Malayalam name on the Malayalam page.
    expect((await anonymous.get(`/sermons/${sermonId}`)).text).toContain('(45 min)')
    const mlPage = (await anonymous.get(`/ml/sermons/${sermonId}`)).text
    expect(mlPage).toContain('(45 മിനിറ്റ്)')
    expect(mlPage).not.toContain('45 min')
    // The podcast's links on Malayalam pages lead to the Malayalam feeds (the page's head, its buttons, its data).
    expect(mlPage).toContain(`"webFeed":"${server.url}/ml/sermons/feed.xml"`)
    const mlList = (await anonymous.get('/ml/sermons')).text
    expect(mlList).toContain(`href="${server.url}/ml/sermons/feed.xml"`)
    expect(mlList).toContain(`href="${server.url}/ml/sermons/series/${seriesId}/feed.xml"`)
    expect(mlList).not.toContain(`${server.url}/sermons/feed.xml`)
    const mlSeries = (await anonymous.get(`/ml/sermons/series/${seriesId}`)).text
    expect(mlSeries).toContain(`href="${server.url}/ml/sermons/series/${seriesId}/feed.xml"`)
    expect(mlSeries).not.toContain(`${server.url}/sermons/series/${seriesId}/feed.xml`)

    const english = await anonymous.get(`/sermons/series/${seriesId}/feed.xml`)
    expect(english.status).toBe(200)
    expect(english.text).toContain('<language>en-ie</language>')
    const malayalam = await anonymous.get(`/ml/sermons/series/${seriesId}/feed.xml`)
    expect(malayalam.status).toBe(200)
    expect(malayalam.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    expect(malayalam.text).toContain('<language>ml</language>')
    expect(malayalam.text).toContain('<title>നല്ല ഇടയൻ</title>')
    expect(malayalam.text).toContain(`<link>${server.url}/ml/sermons/${sermonId}</link>`)
    expect(malayalam.text).toContain(`<atom:link href="${server.url}/ml/sermons/series/${seriesId}/feed.xml"`)
    // The church's podcast has its Malayalam feed as well; a prefix that is no language of the site is none.
    expect((await anonymous.get('/ml/sermons/feed.xml')).text).toContain('<language>ml</language>')
    expect((await anonymous.get(`/ta/sermons/series/${seriesId}/feed.xml`)).status).toBe(404)
  })
})
