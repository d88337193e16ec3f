import { HtmlValidate } from 'html-validate'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { makeChurchInfo, makeEvent } from '../factories.ts'
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../smtp-server.ts'
import { startServer, type TestServer } from '../test-server.ts'
import {
  ADMIN,
  type Answer,
  apiError,
  Client,
  createEditor,
  databases,
  querySql,
  signIn,
  sleep,
} from './support.ts'

// Event registrations (issue 29) through the real server: `npm start`'s supervisor with two workers on one
// database, a real SMTP server receiving the e-mails, on SQLite and PostgreSQL.

let lastAddress = 0
/** Each visitor their own address (TRUST_PROXY reads it), so the per-IP limit is the contact form's. */
const visitor = () => ({ 'x-forwarded-for': `198.51.100.${(++lastAddress % 250) + 1}` })

/** The factory's events' start: well after the test's today, in the church's zone. */
const FUTURE = '2030-10-12T18:00'

function signUp(
  client: Client,
  eventId: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = visitor(),
) {
  return client.post(`/api/events/${eventId}/registrations`, body, { headers })
}

const person = (n: number) => ({
  name: `Person ${n}`,
  email: `person${n}.${Date.now()}@example.org`,
  people: 1,
})

const to = (smtp: TestSmtpServer, address: string) =>
  smtp.received.filter((received) => received.envelope.to.includes(address))

async function mailTo(smtp: TestSmtpServer, address: string, count = 1, timeoutMs = 20_000) {
  const start = Date.now()
  while (to(smtp, address).length < count) {
    if (Date.now() - start > timeoutMs) throw new Error(`No e-mail to ${address} within ${timeoutMs} ms`)
    await sleep(100)
  }
  return to(smtp, address)
}

/** The cancel link of a registration's e-mail. */
const cancelLinkOf = (mail: ReceivedMail) =>
  /https?:\/\/\S+\/registrations\/\S+\/cancel\?token=\S+/.exec(mail.mail.text ?? '')![0]

describe.each(databases)('$name', (database) => {
  let smtp: TestSmtpServer
  let server: TestServer
  let admin: Client
  let anonymous: Client

  beforeAll(async () => {
    smtp = await startSmtpServer()
    server = await startServer({
      entry: 'scripts/start.js',
      admin: ADMIN,
      postgresUrl: database.postgresUrl,
      publicUrl: true,
      env: {
        WEB_CONCURRENCY: '2',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'office@example.org',
        TRUST_PROXY: 'true',
        CONTACT_RATE_LIMIT: '100000',
      },
    })
    const deadline = Date.now() + 60_000
    while ((server.output().match(/Lampstand is listening/g)?.length ?? 0) < 2) {
      if (Date.now() > deadline) throw new Error(`The second worker did not start:\n${server.output()}`)
      await sleep(100)
    }
    admin = await signIn(server.url, ADMIN)
    anonymous = new Client(server.url)
  })

  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
  })

  async function newEvent(fields: Record<string, unknown>) {
    const created = await admin.post('/api/events', makeEvent(fields))
    expect(created.status, created.text).toBe(201)
    return created.body as { id: string; title: string }
  }

  test('3 places: three sign-ups confirmed, the 4th waits; a cancel link (once) moves it up, e-mailed with its .ics', async () => {
    const event = await newEvent({ title: 'Youth Retreat', registration: true, capacity: 3 })
    const people = [1, 2, 3, 4].map(person)
    const statuses: string[] = []
    for (const body of people) {
      // A forged host through the proxy's header: links must still name the site's address.
      const answer = await signUp(anonymous, event.id, body, {
        ...visitor(),
        'x-forwarded-host': 'evil.example',
      })
      expect(answer.status, answer.text).toBe(201)
      statuses.push(answer.body.status)
    }
    expect(statuses).toEqual(['confirmed', 'confirmed', 'confirmed', 'waiting'])

    const [first] = await mailTo(smtp, people[0].email)
    expect(first.mail.subject).toBe('You are registered: Youth Retreat')
    const [waiting] = await mailTo(smtp, people[3].email)
    expect(waiting.mail.subject).toBe('You are on the waiting list: Youth Retreat')
    // Its calendar file is attached too, and the text says what it is for (no empty line where that was).
    expect(waiting.mail.text).toContain('keeps the date in your calendar, in case a place comes free')
    expect(waiting.mail.text).not.toMatch(/\n\n\n/)
    // The date's calendar file rides along.
    const ics = first.mail.attachments.find((file) => file.filename === 'youth-retreat.ics')!
    expect(ics.contentType).toBe('text/calendar')
    const calendar = ics.content.toString('utf8').replace(/\r\n[ \t]/g, '')
    expect(calendar).toContain('BEGIN:VEVENT')
    expect(calendar).toContain(`DTSTART;TZID=Europe/Dublin:${FUTURE.replace(/[-:]/g, '')}00`)
    expect(calendar).toContain(`URL;VALUE=URI:${server.url}/events/${event.id}`)
    // The cancel link is the site's own address, never the Host the request named; the outbox keeps it sealed.
    const link = cancelLinkOf(first)
    expect(link.startsWith(`${server.url}/registrations/`)).toBe(true)
    expect(first.mail.text).not.toContain('evil.example')
    const stored = await querySql<{ sealed: number; text_body: string }>(
      { server },
      `select sealed, text_body from outbox where to_address = '${people[0].email}'`,
    )
    expect(stored.map((row) => [Number(row.sealed), row.text_body.includes('token=')])).toEqual([[1, false]])

    // Opening the link only asks; the button cancels.
    const page = await anonymous.get(link)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Cancel your registration?')
    const token = new URL(link).searchParams.get('token')!
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    // Posted to the address without its `?token=` (the token in the form alone), as some clients do: it cancels
    // and says so (it said "This cancel link is not valid" while cancelling: an outside audit's find).
    const cancelled = await anonymous.request('POST', link.replace(/\?token=.*/, ''), {
      body: new URLSearchParams({ token }),
      headers: form,
    })
    expect(cancelled.status).toBe(200)
    expect(cancelled.text).not.toContain('not valid')
    expect(cancelled.text).toContain('Your registration is cancelled')

    // The 4th moves up, and is told so by e-mail with its own file and link.
    const [, movedUp] = await mailTo(smtp, people[3].email, 2)
    expect(movedUp.mail.subject).toBe('You are registered: Youth Retreat')
    expect(movedUp.mail.text).toContain('a place has come free')
    expect(movedUp.mail.attachments.map((file) => file.filename)).toEqual(['youth-retreat.ics'])

    // The link works once: again, it says so and changes nothing; a made-up token is no link at all.
    const again = await anonymous.request('POST', link, {
      body: new URLSearchParams({ token }),
      headers: form,
    })
    expect(again.text).toContain('This registration was already cancelled')
    // A link that names no registration it may cancel is a 404 that says so in the page (one title, no error).
    for (const forged of [
      await anonymous.get(link.replace(/token=.*/, 'token=forged')),
      await anonymous.request('POST', link, {
        body: new URLSearchParams({ token: 'forged' }),
        headers: form,
      }),
    ]) {
      expect(forged.status).toBe(404)
      expect(forged.text).toContain('This cancel link is not valid')
      expect(forged.text.match(/<title>/g)).toHaveLength(1)
    }

    const list = await admin.get(`/api/events/${event.id}/registrations`)
    expect(list.status).toBe(200)
    expect(list.headers.get('x-total-count')).toBe('4')
    expect(list.body.map((entry: { email: string; status: string }) => [entry.email, entry.status])).toEqual([
      [people[0].email, 'cancelled'],
      [people[1].email, 'confirmed'],
      [people[2].email, 'confirmed'],
      [people[3].email, 'confirmed'],
    ])
    // Staff cancel one by hand (DELETE): nobody waits, so nobody moves up; a second DELETE finds it cancelled.
    const second = list.body[1].id
    expect((await admin.delete(`/api/events/${event.id}/registrations/${second}`)).status).toBe(204)
    expect((await admin.get(`/api/events/${event.id}/registrations/${second}`)).body.status).toBe('cancelled')
    // Each e-mail was sent once.
    await sleep(1_000)
    expect(to(smtp, people[3].email)).toHaveLength(2)
    expect(to(smtp, people[0].email)).toHaveLength(1)
  })

  test('50 sign-ups at once through two workers never confirm more than the places', async () => {
    const event = await newEvent({ title: 'Family Fun Day', registration: true, capacity: 20 })
    const answers: Answer[] = await Promise.all(
      Array.from({ length: 50 }, (_, n) => signUp(new Client(server.url), event.id, person(100 + n))),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(201))
    const list = await admin.get(`/api/events/${event.id}/registrations?limit=500`)
    const confirmed = list.body.filter((entry: { status: string }) => entry.status === 'confirmed')
    const waiting = list.body.filter((entry: { status: string }) => entry.status === 'waiting')
    expect(confirmed).toHaveLength(20)
    expect(waiting).toHaveLength(30)
    // What each visitor was told is what was stored.
    expect(answers.filter((answer) => answer.body.status === 'confirmed')).toHaveLength(20)
    // First come, first served: each sign-up is timed when its turn came, so nobody waiting is listed as having
    // come before someone who got a place (timed as they arrived, 40 of 45 did on PostgreSQL).
    const times = (entries: { created_at: string }[]) => entries.map((entry) => Date.parse(entry.created_at))
    expect(Math.max(...times(confirmed))).toBeLessThan(Math.min(...times(waiting)))
    // The waiting list's first moves up when a place comes free.
    expect((await admin.delete(`/api/events/${event.id}/registrations/${confirmed[0].id}`)).status).toBe(204)
    const after = await admin.get(`/api/events/${event.id}/registrations?status=confirmed&limit=500`)
    expect(after.body).toHaveLength(20)
    expect(after.body.map((entry: { id: string }) => entry.id)).toContain(waiting[0].id)
  })

  test('20 sign-ups at once from one address (any case, any +tag) leave one registration: the others change it', async () => {
    const event = await newEvent({ title: 'Harvest Supper', registration: true, capacity: 20 })
    const mailbox = `mary.${Date.now()}`
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        signUp(new Client(server.url), event.id, {
          name: 'Mary Murphy',
          email: n % 2 ? `${mailbox.toUpperCase()}@Example.org` : `${mailbox}+${n}@example.org`,
          people: 5,
        }),
      ),
    )
    // The first is made (201, as always); the rest find it and change it (200, `updated`).
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(19).fill(200), 201])
    expect(answers.filter((answer) => answer.status === 201).map((answer) => answer.body)).toEqual([
      { ok: true, status: 'confirmed' },
    ])
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body)))).toEqual(
      new Set([
        JSON.stringify({ ok: true, status: 'confirmed' }),
        JSON.stringify({ ok: true, status: 'confirmed', updated: true }),
      ]),
    )
    const list = await admin.get(`/api/events/${event.id}/registrations`)
    expect(
      list.body.map((entry: { people: number; status: string }) => [entry.people, entry.status]),
    ).toEqual([[5, 'confirmed']])
    // One e-mail: the sign-ups that changed nothing sent none.
    const ofMailbox = () =>
      smtp.received.filter((received) =>
        received.envelope.to.some((address) => address.toLowerCase().startsWith(mailbox)),
      )
    const start = Date.now()
    while (ofMailbox().length < 1 && Date.now() - start < 20_000) await sleep(100)
    await sleep(1_000)
    expect(ofMailbox().map((received) => received.mail.subject)).toEqual([
      'You are registered: Harvest Supper',
    ])
  })

  test('a change asking for more places than are left stands as it was; one for fewer moves the waiting list up; the e-mails greet by a name only when it looks like one', async () => {
    const event = await newEvent({ title: 'Quiet Day', registration: true, capacity: 3 })
    const stamp = Date.now()
    const aoife = { name: 'Aoife Murphy', email: `aoife.${stamp}@example.org`, people: 2 }
    const pitch = { name: 'Cheap meds at pills-now.shop', email: `victim.${stamp}@example.org`, people: 1 }
    const waiting = { name: 'Seán Ó Briain', email: `sean.${stamp}@example.org`, people: 1 }
    expect((await signUp(anonymous, event.id, aoife)).body.status).toBe('confirmed')
    expect((await signUp(anonymous, event.id, pitch)).body.status).toBe('confirmed')
    expect((await signUp(anonymous, event.id, waiting)).body.status).toBe('waiting')

    // The sender's words reach the address they typed only as far as they look like a name.
    const [toVictim] = await mailTo(smtp, pitch.email)
    expect(toVictim.mail.text).toMatch(/^Hello,\n\nThank you for registering for Quiet Day\./)
    expect(toVictim.mail.html).toContain('<p>Hello,</p>')
    expect(`${toVictim.mail.text} ${toVictim.mail.html}`).not.toContain('pills-now')
    const [toAoife] = await mailTo(smtp, aoife.email)
    expect(toAoife.mail.text).toMatch(/^Hello Aoife Murphy,\n/)

    const more = await signUp(anonymous, event.id, { ...aoife, people: 3 })
    expect(more.status).toBe(409)
    expect(more.body).toEqual(
      apiError({
        people:
          'You are already registered for this date for 2 people, and that stands: there are not enough places left for more.',
      }),
    )
    const fewer = await signUp(anonymous, event.id, {
      ...aoife,
      email: aoife.email.replace('aoife', 'AOIFE'),
      people: 1,
    })
    expect(fewer.status).toBe(200)
    expect(fewer.body).toEqual({ ok: true, status: 'confirmed', updated: true })
    const list = await admin.get(`/api/events/${event.id}/registrations`)
    expect(
      list.body.map((entry: { name: string; people: number; status: string }) => [
        entry.name,
        entry.people,
        entry.status,
      ]),
    ).toEqual([
      ['Aoife Murphy', 1, 'confirmed'],
      [pitch.name, 1, 'confirmed'],
      ['Seán Ó Briain', 1, 'confirmed'],
    ])
    // To the address as it was typed this time.
    const [changed] = await mailTo(smtp, aoife.email.replace('aoife', 'AOIFE'))
    expect(changed.mail.subject).toBe('Your registration is changed: Quiet Day')
    expect(changed.mail.text).toContain('For: 1 person')
    expect(changed.mail.text).toContain('your place is confirmed')
    expect(cancelLinkOf(changed)).toBe(cancelLinkOf(toAoife))
    const [, movedUp] = await mailTo(smtp, waiting.email, 2)
    expect(movedUp.mail.text).toMatch(/^Hello Seán Ó Briain,\n\nGood news: a place has come free/)
  })

  test('20 sign-ups at once from one connection hold at most half of a 20-place date, and the dashboard tells staff', async () => {
    const event = await newEvent({ title: 'Parish Pilgrimage', registration: true, capacity: 20 })
    const connection = { 'x-forwarded-for': '203.0.113.77' }
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        signUp(new Client(server.url), event.id, person(300 + n), connection),
      ),
    )
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10)
    const refused = answers.filter((answer) => answer.status === 409)
    expect(refused).toHaveLength(10)
    for (const answer of refused) {
      expect(answer.body).toEqual(
        apiError({
          people:
            'Sign-ups from your connection already hold 10 of the 10 places one connection may hold on this date. For a larger group, please contact the church office.',
        }),
      )
    }
    const list = await admin.get(`/api/events/${event.id}/registrations?status=confirmed`)
    expect(list.body).toHaveLength(10)
    // Another connection still has its own places.
    expect((await signUp(anonymous, event.id, person(399))).status).toBe(201)

    const dashboard = (await admin.get('/admin/dashboard')).text.replace(/<!-- -->/g, '')
    expect(dashboard).toMatch(/\d+ dates? (has|have) half (its|their) places or more taken by one person/)
    expect(dashboard).toContain('Parish Pilgrimage')
    expect(dashboard).toMatch(
      /Parish Pilgrimage<\/a><span> — [^<]+: One connection \(IP address\) holds 10 of 20 places/,
    )
  })

  test('one form token carries 3 sign-ups: of 20 sent with it at once, 3 are taken', async () => {
    const event = await newEvent({ title: 'Bible Study Weekend', registration: true, capacity: 50 })
    const page = (await anonymous.get(`/events/${event.id}`)).text
    const token = /name="form_token" value="([^"]+)"/.exec(page)![1]
    // The form's timing rule: a person takes a few seconds to fill it in.
    await sleep(3_100)
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        signUp(new Client(server.url), event.id, { ...person(400 + n), form_token: token }),
      ),
    )
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3)
    const refused = answers.filter((answer) => answer.status === 429)
    expect(refused).toHaveLength(17)
    expect(refused[0].body.error.message).toBe(
      'This form has already been sent several times. Please reload the page and try again.',
    )
    const list = await admin.get(`/api/events/${event.id}/registrations`)
    expect(list.body.map((entry: { status: string }) => entry.status)).toEqual(Array(3).fill('confirmed'))
  })

  test('/events offers Register Now while places last, the waiting list once full (the cached page made again), Learn More once closed; the event page says when sign-ups close', async () => {
    const supper = await newEvent({
      title: 'Supper for one',
      registration: true,
      capacity: 1,
      registration_closes_at: '2030-10-10T12:00',
    })
    await newEvent({
      title: 'Supper gone by',
      registration: true,
      registration_closes_at: '2020-01-01T12:00',
    })
    /** The action of an event's card on /events: its words before the title said to screen readers. */
    const action = async (title: string) => {
      const html = (await anonymous.get('/events')).text
      const card = html.split('<article').find((part) => part.includes(`>${title}<`))
      return />([^<>]+)<span class="[^"]*">: /.exec(card ?? '')?.[1]
    }
    expect(await action('Supper for one')).toBe('Register Now')
    expect(await action('Supper gone by')).toBe('Learn More')
    expect((await signUp(anonymous, supper.id, person(90))).status).toBe(201)
    expect(await action('Supper for one')).toBe('Join the Waiting List')
    const page = (await anonymous.get(`/events/${supper.id}`)).text
    expect(page).toMatch(/Registrations close on Thursday 10 October 2030, 12:00\sPM\./)
    // The event's own form says the same as its card once the date is full.
    const button = (html: string) =>
      /<button type="submit"[^>]*>[\s\S]*?<span[^>]*>([^<]+)<\/span>/.exec(html)?.[1]
    expect(button(page)).toBe('Join the Waiting List')
    const other = await newEvent({ title: 'Supper for two', registration: true, capacity: 2 })
    expect(button((await anonymous.get(`/events/${other.id}`)).text)).toBe('Register')
  })

  test('refusals answer like every table: 400 with field messages, 401, 404, 409, 415', async () => {
    const event = await newEvent({ title: 'Women’s Conference', registration: true })
    const empty = await signUp(anonymous, event.id, {})
    expect(empty.status).toBe(400)
    expect(empty.body).toEqual(apiError({ name: 'Name is required', email: 'Email is required' }))
    const many = await signUp(anonymous, event.id, { ...person(1), people: 11, email: 'not an address' })
    expect(many.status).toBe(400)
    expect(many.body).toEqual(
      apiError({
        people: 'Number of people must be a whole number from 1 to 10',
        email: 'Enter a valid email address',
      }),
    )
    // A repeating event registers for one of its dates.
    const weekly = await newEvent({
      title: 'Youth Night',
      registration: true,
      capacity: 2,
      recurrence: 'FREQ=WEEKLY;BYDAY=SA',
    })
    const noDate = await signUp(anonymous, weekly.id, { ...person(2), occurrence: '1999-01-01T19:00' })
    expect(noDate.status).toBe(400)
    expect(noDate.body).toEqual(apiError({ occurrence: 'Choose one of the dates offered' }))
    const page = await anonymous.get(`/events/${weekly.id}`)
    // The form's markup is as valid as every public page's (tests/integration/html-valid.test.ts).
    const report = await new HtmlValidate({ extends: ['html-validate:standard'] }).validateString(page.text)
    expect(report.results.flatMap((result) => result.messages.map((message) => message.message))).toEqual([])
    const dates = [...page.text.matchAll(/<option value="(\d{4}-\d\d-\d\dT\d\d:\d\d)"/g)].map(
      (match) => match[1],
    )
    expect(dates.length).toBeGreaterThan(1)
    // The second date's places are its own: it fills apart from the first.
    for (const n of [3, 4, 5]) {
      expect((await signUp(anonymous, weekly.id, { ...person(n), occurrence: dates[1] })).body.status).toBe(
        n === 5 ? 'waiting' : 'confirmed',
      )
    }
    expect((await signUp(anonymous, weekly.id, { ...person(6), occurrence: dates[0] })).body.status).toBe(
      'confirmed',
    )
    // An event without registrations, an unknown one, a body that is not JSON, and the list without a session.
    const closed = await newEvent({ title: 'Easter Sunrise Service' })
    expect((await signUp(anonymous, closed.id, person(7))).status).toBe(409)
    expect((await signUp(anonymous, '00000000-0000-4000-8000-000000000000', person(8))).status).toBe(404)
    const text = await anonymous.request('POST', `/api/events/${event.id}/registrations`, { body: 'name=A' })
    expect(text.status).toBe(415)
    expect((await anonymous.get(`/api/events/${event.id}/registrations`)).status).toBe(401)
    expect(
      (await anonymous.delete(`/api/events/${event.id}/registrations/00000000-0000-4000-8000-000000000000`))
        .status,
    ).toBe(401)
    // A filled honeypot is answered like a success and kept nowhere.
    const robot = await signUp(anonymous, event.id, { ...person(9), website: 'http://spam.example' })
    expect(robot.status).toBe(201)
    expect((await admin.get(`/api/events/${event.id}/registrations`)).body).toEqual([])
  })

  test('editors manage registrations only once an administrator allows it in Settings; the privacy policy says when they go', async () => {
    const event = await newEvent({ title: 'Baptism at Myrtleville', registration: true })
    const editor = await createEditor({ server, admin, anonymous }, 'youth.leader@example.org')
    const screen = `/admin/events/${event.id}/registrations`
    expect((await editor.get(`/api/events/${event.id}/registrations`)).status).toBe(403)
    expect((await editor.get(screen)).status).toBe(403)
    const saved = await admin.request('POST', '/admin/settings', {
      body: new URLSearchParams({
        intent: 'registrations',
        registration_kept_days: '14',
        editors_manage_registrations: 'on',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(saved.status, saved.text).toBe(200)
    expect((await editor.get(`/api/events/${event.id}/registrations`)).status).toBe(200)
    expect((await editor.get(screen)).status).toBe(200)
    const policy = (await anonymous.get('/privacy-policy')).text.replace(/<!-- -->/g, '')
    expect(policy).toContain('Registrations are erased by themselves 14 days after the event.')
  })

  test('registration e-mails answer to the church’s address once Church Info has one; their .ics is an event to add (METHOD:PUBLISH), not a feed, while /calendar.ics stays one', async () => {
    const event = await newEvent({ title: 'Choir Outing', registration: true })
    const before = person(200)
    expect((await signUp(anonymous, event.id, before)).status).toBe(201)
    const [withoutAddress] = await mailTo(smtp, before.email)
    expect(withoutAddress.replyTo).toEqual([])

    const info = makeChurchInfo({ name: 'Grace Church Cork', email: 'office@grace.example' })
    expect((await admin.put('/api/church_info', info)).status).toBe(200)
    const someone = person(201)
    expect((await signUp(anonymous, event.id, someone)).status).toBe(201)
    const [confirmation] = await mailTo(smtp, someone.email)
    expect(confirmation.from).toEqual([{ name: '', address: 'office@example.org' }])
    expect(confirmation.replyTo).toEqual([{ name: 'Grace Church Cork', address: 'office@grace.example' }])
    const ics = confirmation.mail.attachments.find((file) => file.filename === 'choir-outing.ics')!
    expect(ics.headers.get('content-type')).toEqual({
      value: 'text/calendar',
      params: { charset: 'utf-8', method: 'PUBLISH', name: 'choir-outing.ics' },
    })
    const calendar = ics.content.toString('utf8').replace(/\r\n[ \t]/g, '')
    const lines = calendar.split('\r\n')
    expect(lines).toContain('METHOD:PUBLISH')
    expect(calendar).toContain('BEGIN:VEVENT')
    for (const feedLine of ['X-WR-CALNAME', 'NAME', 'REFRESH-INTERVAL', 'X-PUBLISHED-TTL', 'URL:']) {
      expect(
        lines.filter((line) => line.startsWith(feedLine)),
        feedLine,
      ).toEqual([])
    }
    // With a METHOD, DTSTAMP is when the file was made (RFC 5545 §3.8.7.2): now, not the event's last edit.
    const stamp = /^DTSTAMP:(\d{8}T\d{6})Z$/m.exec(calendar)![1]
    const made = Date.parse(stamp.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)$/, '$1-$2-$3T$4:$5:$6Z'))
    expect(Math.abs(made - Date.now())).toBeLessThan(120_000)

    // Staff's e-mail to everyone registered answers to the church too.
    const sent = await admin.request('POST', `/admin/events/${event.id}/registrations`, {
      body: new URLSearchParams({ intent: 'email', subject: 'Bus times', message: 'The bus leaves at 9.' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(sent.status, sent.text).toBeLessThan(400)
    const [, toEveryone] = await mailTo(smtp, someone.email, 2)
    expect(toEveryone.mail.subject).toBe('Bus times')
    expect(toEveryone.replyTo).toEqual([{ name: 'Grace Church Cork', address: 'office@grace.example' }])

    // The feed keeps a feed's lines, and no METHOD.
    const feed = (await anonymous.get('/calendar.ics')).text.replace(/\r\n[ \t]/g, '').split('\r\n')
    expect(feed).toContain('X-WR-CALNAME:Grace Church Cork')
    expect(feed).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT6H')
    expect(feed.filter((line) => line.startsWith('METHOD'))).toEqual([])
  })
})
