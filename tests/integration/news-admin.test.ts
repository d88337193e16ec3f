import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { ml } from '#app/i18n/ml/catalogue.ts'
import { makeChurchInfo, makeEvent } from '../factories.ts'
import { startSmtpServer, type TestSmtpServer } from '../smtp-server.ts'
import { startServer, type TestServer } from '../test-server.ts'
import { ADMIN, Client, createEditor, databases, querySql, runSql, signIn, sleep } from './support.ts'

// Weekly news (issue 48), the staff's side: who may see the subscribers, removing and erasing one, the export,
// and the screen's Skip and Send now, through the real server and a real SMTP server.

/** Thursday 7 January 2027, 10:00 in Dublin: the next weekly news leaves on Saturday the 9th at 09:00. */
const CLOCK_START = '2027-01-07T10:00:00Z'
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

let lastAddress = 0
const visitor = () => ({ 'x-forwarded-for': `192.0.2.${(++lastAddress % 250) + 1}` })

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
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'office@example.org', TRUST_PROXY: 'true', CLOCK_START },
    })
    admin = await signIn(server.url, ADMIN)
    anonymous = new Client(server.url)
    const info = await admin.put('/api/church_info', { ...makeChurchInfo(), languages: ['en', 'ml'] })
    expect(info.status, info.text).toBe(200)
    const event = await admin.post(
      '/api/events',
      makeEvent({ title: 'Harvest supper', starts_at: '2027-01-12T19:00', ends_at: '2027-01-12T21:00' }),
    )
    expect(event.status, event.text).toBe(201)
  })

  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
  })

  /** A sign-up through the API, confirmed from outside (the links are tested in news.test.ts). */
  async function subscriber(email: string, name: string, status = 'active') {
    const signedUp = await anonymous.post('/api/subscribers', { email, name }, { headers: visitor() })
    expect(signedUp.status, signedUp.text).toBe(202)
    await runSql({ server }, `update subscribers set status = '${status}' where email = '${email}'`)
    const found = await admin.get(`/api/subscribers?q=${encodeURIComponent(email)}`)
    expect(found.body).toHaveLength(1)
    return found.body[0] as { id: string; email: string; status: string }
  }

  const act = (client: Client, fields: Record<string, string>) =>
    client.request('POST', '/admin/subscribers', {
      body: new URLSearchParams(fields).toString(),
      headers: FORM,
    })

  test('editors see the subscribers only once an administrator allows it in Settings, apart from registrations', async () => {
    const editor = await createEditor({ server, admin, anonymous }, 'news.editor@example.org')
    expect((await editor.get('/api/subscribers')).status).toBe(403)
    expect((await editor.get('/api/subscribers/digests')).status).toBe(403)
    expect((await editor.get('/admin/subscribers')).status).toBe(403)
    expect((await editor.get('/admin/subscribers.data')).status).toBe(403)
    expect((await editor.get('/admin/subscribers/export')).status).toBe(403)
    expect((await editor.post('/api/subscribers/digest/skip', {})).status).toBe(403)
    expect((await editor.get('/admin/dashboard')).text).not.toContain('href="/admin/subscribers"')
    const saved = await admin.request('POST', '/admin/settings', {
      body: new URLSearchParams({
        intent: 'registrations',
        registration_kept_days: '30',
        editors_manage_subscribers: 'on',
      }).toString(),
      headers: FORM,
    })
    expect(saved.status, saved.text).toBe(200)
    expect((await editor.get('/api/subscribers')).status).toBe(200)
    expect((await editor.get('/admin/subscribers.data')).status).toBe(200)
    expect((await editor.get('/admin/dashboard')).text).toContain('href="/admin/subscribers"')
    // Registrations stay the administrators'.
    const event = (await admin.get('/api/events')).body[0] as { id: string }
    expect((await editor.get(`/api/events/${event.id}/registrations`)).status).toBe(403)
    expect((await anonymous.get('/admin/subscribers.data')).status).not.toBe(200)
  })

  test('staff remove an address (recorded in its consent history), search, export (logged) and erase it with its history', async () => {
    const someone = await subscriber(`ruth.${Date.now()}@example.org`, 'Ruth Byrne')
    const removed = await act(admin, { intent: 'remove', id: someone.id })
    expect(removed.status, removed.text).toBe(200)
    expect((await admin.get(`/api/subscribers/${someone.id}`)).body.status).toBe('unsubscribed')
    const history = await admin.get(`/api/subscribers/consents?email=${encodeURIComponent(someone.email)}`)
    expect(history.body.map((line: { action: string }) => line.action)).toEqual(['subscribe', 'removal'])
    expect(history.body[1]).toMatchObject({ wording: 'Removed by staff', page: null })
    // Found by a part of the name, in any case; the export has it, and the log says who took a copy (no address).
    const found = await admin.get('/api/subscribers?q=RUTH%20b&status=unsubscribed')
    expect(found.body.map((item: { id: string }) => item.id)).toEqual([someone.id])
    expect(found.headers.get('x-total-count')).toBe('1')
    const csv = await admin.get('/admin/subscribers/export?status=unsubscribed')
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.text.split('\r\n')[0]).toBe(
      '"email","name","language","status","suspended_reason","created_at","confirmed_at"',
    )
    expect(csv.text).toContain(`"${someone.email}","Ruth Byrne","en","unsubscribed"`)
    const consentsCsv = await admin.get(
      `/api/subscribers/consents?email=${encodeURIComponent(someone.email)}&format=csv`,
    )
    expect(consentsCsv.text).toContain('"removal"')
    const logged = await querySql<{ action: string; item_title: string }>(
      { server },
      `select action, item_title from activity_log where section = 'subscribers' order by at`,
    )
    expect(logged).toEqual(
      expect.arrayContaining([
        { action: 'removed', item_title: 'A subscriber of the weekly news' },
        { action: 'exported', item_title: 'Subscribers: unsubscribed (CSV)' },
        { action: 'exported', item_title: 'Consent history of one address (CSV)' },
      ]),
    )
    expect(JSON.stringify(logged)).not.toContain(someone.email)

    const erased = await admin.delete(`/api/subscribers/${someone.id}`)
    expect(erased.status, erased.text).toBe(204)
    expect((await admin.get(`/api/subscribers/${someone.id}`)).status).toBe(404)
    expect((await admin.delete(`/api/subscribers/${someone.id}`)).status).toBe(404)
    const left = await querySql(
      { server },
      `select id from subscriber_consents where email = '${someone.email}' union all select id from outbox where to_address = '${someone.email}'`,
    )
    expect(left).toEqual([])
    // Erasing through the screen: the same, and a toast.
    const other = await subscriber(`sean.${Date.now()}@example.org`, 'Seán Ó Briain', 'suspended')
    const screenErase = await act(admin, { intent: 'erase', id: other.id })
    expect(screenErase.text).toContain('Subscriber erased')
    expect((await admin.get(`/api/subscribers/${other.id}`)).status).toBe(404)
  })

  test('the screen shows the coming weekly news in each language, and sends it now: its e-mails counted as they leave', async () => {
    const reader = await subscriber(`reader.${Date.now()}@example.org`, 'Nora Walsh')
    const page = await admin.get('/admin/subscribers')
    expect(page.status).toBe(200)
    expect(page.text.replace(/<!-- -->/g, '')).toContain('Leaves Saturday 9 January 2027 at 09:00')
    // Both languages' e-mails come with the page (the shown one in its frame's srcdoc).
    expect(page.text).toContain('Harvest supper')
    expect(page.text).toContain(ml.news.digest.subject.replace('{{church}}', 'Grace Church Cork'))
    // Staff's notice: checked when saved (too long, a last day past or far off), then at the top of the e-mail.
    const notice = { intent: 'digest-notice', notice_en: '<p>The hall is closed on Tuesday.</p>' }
    const tooLong = await act(admin, {
      ...notice,
      notice_en: `<p>${'x'.repeat(1001)}</p>`,
      notice_expires_on: '2027-01-31',
    })
    expect(tooLong.status).toBe(400)
    expect(tooLong.text).toContain('at most 1000 characters')
    const past = await act(admin, { ...notice, notice_expires_on: '2027-01-06' })
    expect(past.status).toBe(400)
    expect((await act(admin, { ...notice, notice_expires_on: '2027-09-01' })).status).toBe(400)
    const saved = await act(admin, {
      ...notice,
      notice_en: '<p>The hall is closed on Tuesday.<script>alert(1)</script></p>',
      notice_ml: '<p>ചൊവ്വാഴ്ച ഹാൾ അടച്ചിരിക്കും.</p>',
      notice_expires_on: '2027-01-31',
    })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.text).toContain('Weekly news notice saved')
    const sent = await act(admin, { intent: 'send-now' })
    expect(sent.status, sent.text).toBe(200)
    expect(sent.text).toContain('The weekly news is on its way')
    const start = Date.now()
    // The weekly news (with its List-Id), not the sign-up's confirmation.
    const digestTo = (mail: (typeof smtp.received)[number]) =>
      mail.envelope.to.includes(reader.email) && Boolean(mail.mail.headers.get('list'))
    while (!smtp.received.some(digestTo)) {
      if (Date.now() - start > 20_000) throw new Error('The weekly news did not arrive')
      await sleep(100)
    }
    const arrived = smtp.received.find(digestTo)!
    expect(arrived.mail.text).toContain('The hall is closed on Tuesday.')
    expect(arrived.mail.html || '').toContain('The hall is closed on Tuesday.')
    expect(arrived.mail.html || '').not.toContain('<script')
    let weeks = await admin.get('/api/subscribers/digests')
    for (let tries = 0; weeks.body[0]?.sent !== 1 && tries < 50; tries++) {
      await sleep(100)
      weeks = await admin.get('/api/subscribers/digests')
    }
    expect(weeks.body[0]).toMatchObject({
      week: '2027-01-09',
      status: 'queued',
      recipients: 1,
      sent: 1,
      waiting: 0,
      refused: 0,
    })
    // Once sent, it can be neither skipped nor sent again.
    expect((await act(admin, { intent: 'skip' })).status).toBe(409)
    expect((await act(admin, { intent: 'send-now' })).status).toBe(409)
    const logged = await querySql<{ action: string; item_title: string }>(
      { server },
      `select action, item_title from activity_log where section = 'subscribers' and action = 'sent'`,
    )
    expect(logged).toEqual([{ action: 'sent', item_title: 'Weekly news of 2027-01-09' }])
  })
})
