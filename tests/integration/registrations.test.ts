import { describe, expect, test } from 'vitest'

import { makeChurchInfo } from '../factories.ts'
import { apiError, Client, databases, querySql, sleep } from './support.ts'
import {
  cancelLinkOf,
  FUTURE,
  mailTo,
  person,
  signUp,
  to,
  useRegistrationServer,
  visitor,
} from './registrations-support.ts'

// Event registrations (issue 29) through the real server, on SQLite and PostgreSQL: sign-ups, the waiting list,
// cancel links and the e-mails they send. Their limits and refusals: registration-limits.test.ts.

describe.each(databases)('$name', (database) => {
  const ctx = useRegistrationServer(database)

  test('3 places: three sign-ups confirmed, the 4th waits; a cancel link (once) moves it up, e-mailed with its .ics', async () => {
    const event = await ctx.newEvent({ title: 'Youth Retreat', registration: true, capacity: 3 })
    const people = [1, 2, 3, 4].map(person)
    const statuses: string[] = []
    for (const body of people) {
      // A forged host through the proxy's header: links must still name the site's address.
      const answer = await signUp(ctx.anonymous, event.id, body, {
        ...visitor(),
        'x-forwarded-host': 'evil.example',
      })
      expect(answer.status, answer.text).toBe(201)
      statuses.push(answer.body.status)
    }
    expect(statuses).toEqual(['confirmed', 'confirmed', 'confirmed', 'waiting'])

    const [first] = await mailTo(ctx.smtp, people[0].email)
    expect(first.mail.subject).toBe('You are registered: Youth Retreat')
    const [waiting] = await mailTo(ctx.smtp, people[3].email)
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
    expect(calendar).toContain(`URL;VALUE=URI:${ctx.server.url}/events/${event.id}`)
    // The cancel link is the site's own address, never the Host the request named; the outbox keeps it sealed.
    const link = cancelLinkOf(first)
    expect(link.startsWith(`${ctx.server.url}/registrations/`)).toBe(true)
    expect(first.mail.text).not.toContain('evil.example')
    const stored = await querySql<{ sealed: number; text_body: string }>(
      ctx,
      `select sealed, text_body from outbox where to_address = '${people[0].email}'`,
    )
    expect(stored.map((row) => [Number(row.sealed), row.text_body.includes('token=')])).toEqual([[1, false]])

    // Opening the link only asks; the button cancels.
    const page = await ctx.anonymous.get(link)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Cancel your registration?')
    const token = new URL(link).searchParams.get('token')!
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    // Posted to the address without its `?token=` (the token in the form alone), as some clients do: it cancels
    // and says so (it said "This cancel link is not valid" while cancelling: an outside audit's find).
    const cancelled = await ctx.anonymous.request('POST', link.replace(/\?token=.*/, ''), {
      body: new URLSearchParams({ token }),
      headers: form,
    })
    expect(cancelled.status).toBe(200)
    expect(cancelled.text).not.toContain('not valid')
    expect(cancelled.text).toContain('Your registration is cancelled')

    // The 4th moves up, and is told so by e-mail with its own file and link.
    const [, movedUp] = await mailTo(ctx.smtp, people[3].email, 2)
    expect(movedUp.mail.subject).toBe('You are registered: Youth Retreat')
    expect(movedUp.mail.text).toContain('a place has come free')
    expect(movedUp.mail.attachments.map((file) => file.filename)).toEqual(['youth-retreat.ics'])

    // The link works once: again, it says so and changes nothing; a made-up token is no link at all.
    const again = await ctx.anonymous.request('POST', link, {
      body: new URLSearchParams({ token }),
      headers: form,
    })
    expect(again.text).toContain('This registration was already cancelled')
    // A link that names no registration it may cancel is a 404 that says so in the page (one title, no error).
    for (const forged of [
      await ctx.anonymous.get(link.replace(/token=.*/, 'token=forged')),
      await ctx.anonymous.request('POST', link, {
        body: new URLSearchParams({ token: 'forged' }),
        headers: form,
      }),
    ]) {
      expect(forged.status).toBe(404)
      expect(forged.text).toContain('This cancel link is not valid')
      expect(forged.text.match(/<title>/g)).toHaveLength(1)
    }

    const list = await ctx.admin.get(`/api/events/${event.id}/registrations`)
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
    expect((await ctx.admin.delete(`/api/events/${event.id}/registrations/${second}`)).status).toBe(204)
    expect((await ctx.admin.get(`/api/events/${event.id}/registrations/${second}`)).body.status).toBe(
      'cancelled',
    )
    // Each e-mail was sent once.
    await sleep(1_000)
    expect(to(ctx.smtp, people[3].email)).toHaveLength(2)
    expect(to(ctx.smtp, people[0].email)).toHaveLength(1)
  })

  test('20 sign-ups at once from one address (any case, any +tag) leave one registration: the others change it', async () => {
    const event = await ctx.newEvent({ title: 'Harvest Supper', registration: true, capacity: 20 })
    const mailbox = `mary.${Date.now()}`
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        signUp(new Client(ctx.server.url), event.id, {
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
    const list = await ctx.admin.get(`/api/events/${event.id}/registrations`)
    expect(
      list.body.map((entry: { people: number; status: string }) => [entry.people, entry.status]),
    ).toEqual([[5, 'confirmed']])
    // One e-mail: the sign-ups that changed nothing sent none.
    const ofMailbox = () =>
      ctx.smtp.received.filter((received) =>
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
    const event = await ctx.newEvent({ title: 'Quiet Day', registration: true, capacity: 3 })
    const stamp = Date.now()
    const aoife = { name: 'Aoife Murphy', email: `aoife.${stamp}@example.org`, people: 2 }
    const pitch = { name: 'Cheap meds at pills-now.shop', email: `victim.${stamp}@example.org`, people: 1 }
    const waiting = { name: 'Seán Ó Briain', email: `sean.${stamp}@example.org`, people: 1 }
    expect((await signUp(ctx.anonymous, event.id, aoife)).body.status).toBe('confirmed')
    expect((await signUp(ctx.anonymous, event.id, pitch)).body.status).toBe('confirmed')
    expect((await signUp(ctx.anonymous, event.id, waiting)).body.status).toBe('waiting')

    // The sender's words reach the address they typed only as far as they look like a name.
    const [toVictim] = await mailTo(ctx.smtp, pitch.email)
    expect(toVictim.mail.text).toMatch(/^Hello,\n\nThank you for registering for Quiet Day\./)
    expect(toVictim.mail.html).toContain('<p>Hello,</p>')
    expect(`${toVictim.mail.text} ${toVictim.mail.html}`).not.toContain('pills-now')
    const [toAoife] = await mailTo(ctx.smtp, aoife.email)
    expect(toAoife.mail.text).toMatch(/^Hello Aoife Murphy,\n/)

    const more = await signUp(ctx.anonymous, event.id, { ...aoife, people: 3 })
    expect(more.status).toBe(409)
    expect(more.body).toEqual(
      apiError({
        people:
          'You are already registered for this date for 2 people, and that stands: there are not enough places left for more.',
      }),
    )
    const fewer = await signUp(ctx.anonymous, event.id, {
      ...aoife,
      email: aoife.email.replace('aoife', 'AOIFE'),
      people: 1,
    })
    expect(fewer.status).toBe(200)
    expect(fewer.body).toEqual({ ok: true, status: 'confirmed', updated: true })
    const list = await ctx.admin.get(`/api/events/${event.id}/registrations`)
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
    const [changed] = await mailTo(ctx.smtp, aoife.email.replace('aoife', 'AOIFE'))
    expect(changed.mail.subject).toBe('Your registration is changed: Quiet Day')
    expect(changed.mail.text).toContain('For: 1 person')
    expect(changed.mail.text).toContain('your place is confirmed')
    expect(cancelLinkOf(changed)).toBe(cancelLinkOf(toAoife))
    const [, movedUp] = await mailTo(ctx.smtp, waiting.email, 2)
    expect(movedUp.mail.text).toMatch(/^Hello Seán Ó Briain,\n\nGood news: a place has come free/)
  })

  test('registration e-mails answer to the church’s address once Church Info has one; their .ics is an event to add (METHOD:PUBLISH), not a feed, while /calendar.ics stays one', async () => {
    const event = await ctx.newEvent({ title: 'Choir Outing', registration: true })
    const before = person(200)
    expect((await signUp(ctx.anonymous, event.id, before)).status).toBe(201)
    const [withoutAddress] = await mailTo(ctx.smtp, before.email)
    expect(withoutAddress.replyTo).toEqual([])

    const info = makeChurchInfo({ name: 'Grace Church Cork', email: 'office@grace.example' })
    expect((await ctx.admin.put('/api/church_info', info)).status).toBe(200)
    const someone = person(201)
    expect((await signUp(ctx.anonymous, event.id, someone)).status).toBe(201)
    const [confirmation] = await mailTo(ctx.smtp, someone.email)
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
    const sent = await ctx.admin.request('POST', `/admin/events/${event.id}/registrations`, {
      body: new URLSearchParams({ intent: 'email', subject: 'Bus times', message: 'The bus leaves at 9.' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(sent.status, sent.text).toBeLessThan(400)
    const [, toEveryone] = await mailTo(ctx.smtp, someone.email, 2)
    expect(toEveryone.mail.subject).toBe('Bus times')
    expect(toEveryone.replyTo).toEqual([{ name: 'Grace Church Cork', address: 'office@grace.example' }])

    // The feed keeps a feed's lines, and no METHOD.
    const feed = (await ctx.anonymous.get('/calendar.ics')).text.replace(/\r\n[ \t]/g, '').split('\r\n')
    expect(feed).toContain('X-WR-CALNAME:Grace Church Cork')
    expect(feed).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT6H')
    expect(feed.filter((line) => line.startsWith('METHOD'))).toEqual([])
  })
})
