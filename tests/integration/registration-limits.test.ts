import { HtmlValidate } from 'html-validate'
import { describe, expect, test } from 'vitest'

import { type Answer, apiError, Client, createEditor, databases, sleep } from './support.ts'
import { person, signUp, useRegistrationServer } from './registrations-support.ts'

// Event registrations' limits through the real server, on SQLite and PostgreSQL: places under a crowd, per address,
// per connection and per form token; what /events offers; refusals; who may manage them. Sign-ups and their e-mails:
// registrations.test.ts.

describe.each(databases)('$name', (database) => {
  const ctx = useRegistrationServer(database)

  test('50 sign-ups at once through two workers never confirm more than the places', async () => {
    const event = await ctx.newEvent({ title: 'Family Fun Day', registration: true, capacity: 20 })
    const answers: Answer[] = await Promise.all(
      Array.from({ length: 50 }, (_, n) => signUp(new Client(ctx.server.url), event.id, person(100 + n))),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(201))
    const list = await ctx.admin.get(`/api/events/${event.id}/registrations?limit=500`)
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
    expect((await ctx.admin.delete(`/api/events/${event.id}/registrations/${confirmed[0].id}`)).status).toBe(
      204,
    )
    const after = await ctx.admin.get(`/api/events/${event.id}/registrations?status=confirmed&limit=500`)
    expect(after.body).toHaveLength(20)
    expect(after.body.map((entry: { id: string }) => entry.id)).toContain(waiting[0].id)
  })

  test('20 sign-ups at once from one connection hold at most half of a 20-place date, and the dashboard tells staff', async () => {
    const event = await ctx.newEvent({ title: 'Parish Pilgrimage', registration: true, capacity: 20 })
    const connection = { 'x-forwarded-for': '203.0.113.77' }
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        signUp(new Client(ctx.server.url), event.id, person(300 + n), connection),
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
    const list = await ctx.admin.get(`/api/events/${event.id}/registrations?status=confirmed`)
    expect(list.body).toHaveLength(10)
    // Another connection still has its own places.
    expect((await signUp(ctx.anonymous, event.id, person(399))).status).toBe(201)

    const dashboard = (await ctx.admin.get('/admin/dashboard')).text.replace(/<!-- -->/g, '')
    expect(dashboard).toMatch(/\d+ dates? (has|have) half (its|their) places or more taken by one person/)
    expect(dashboard).toContain('Parish Pilgrimage')
    expect(dashboard).toMatch(
      /Parish Pilgrimage<\/a><span> — [^<]+: One connection \(IP address\) holds 10 of 20 places/,
    )
  })

  test('one form token carries 3 sign-ups: of 20 sent with it at once, 3 are taken', async () => {
    const event = await ctx.newEvent({ title: 'Bible Study Weekend', registration: true, capacity: 50 })
    const page = (await ctx.anonymous.get(`/events/${event.id}`)).text
    const token = /name="form_token" value="([^"]+)"/.exec(page)![1]
    // The form's timing rule: a person takes a few seconds to fill it in.
    await sleep(3_100)
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        signUp(new Client(ctx.server.url), event.id, { ...person(400 + n), form_token: token }),
      ),
    )
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3)
    const refused = answers.filter((answer) => answer.status === 429)
    expect(refused).toHaveLength(17)
    expect(refused[0].body.error.message).toBe(
      'This form has already been sent several times. Please reload the page and try again.',
    )
    const list = await ctx.admin.get(`/api/events/${event.id}/registrations`)
    expect(list.body.map((entry: { status: string }) => entry.status)).toEqual(Array(3).fill('confirmed'))
  })

  test('/events offers Register Now while places last, the waiting list once full (the cached page made again), Learn More once closed; the event page says when sign-ups close', async () => {
    const supper = await ctx.newEvent({
      title: 'Supper for one',
      registration: true,
      capacity: 1,
      registration_closes_at: '2030-10-10T12:00',
    })
    await ctx.newEvent({
      title: 'Supper gone by',
      registration: true,
      registration_closes_at: '2020-01-01T12:00',
    })
    /** The action of an event's card on /events: its words before the title said to screen readers. */
    const action = async (title: string) => {
      const html = (await ctx.anonymous.get('/events')).text
      const card = html.split('<article').find((part) => part.includes(`>${title}<`))
      return />([^<>]+)<span class="[^"]*">: /.exec(card ?? '')?.[1]
    }
    expect(await action('Supper for one')).toBe('Register Now')
    expect(await action('Supper gone by')).toBe('Learn More')
    expect((await signUp(ctx.anonymous, supper.id, person(90))).status).toBe(201)
    expect(await action('Supper for one')).toBe('Join the Waiting List')
    const page = (await ctx.anonymous.get(`/events/${supper.id}`)).text
    expect(page).toMatch(/Registrations close on Thursday 10 October 2030, 12:00\sPM\./)
    // The event's own form says the same as its card once the date is full.
    const button = (html: string) =>
      /<button type="submit"[^>]*>[\s\S]*?<span[^>]*>([^<]+)<\/span>/.exec(html)?.[1]
    expect(button(page)).toBe('Join the Waiting List')
    const other = await ctx.newEvent({ title: 'Supper for two', registration: true, capacity: 2 })
    expect(button((await ctx.anonymous.get(`/events/${other.id}`)).text)).toBe('Register')
  })

  test('refusals answer like every table: 400 with field messages, 401, 404, 409, 415', async () => {
    const event = await ctx.newEvent({ title: 'Women’s Conference', registration: true })
    const empty = await signUp(ctx.anonymous, event.id, {})
    expect(empty.status).toBe(400)
    expect(empty.body).toEqual(apiError({ name: 'Name is required', email: 'Email is required' }))
    const many = await signUp(ctx.anonymous, event.id, { ...person(1), people: 11, email: 'not an address' })
    expect(many.status).toBe(400)
    expect(many.body).toEqual(
      apiError({
        people: 'Number of people must be a whole number from 1 to 10',
        email: 'Enter a valid email address',
      }),
    )
    // A repeating event registers for one of its dates.
    const weekly = await ctx.newEvent({
      title: 'Youth Night',
      registration: true,
      capacity: 2,
      recurrence: 'FREQ=WEEKLY;BYDAY=SA',
    })
    const noDate = await signUp(ctx.anonymous, weekly.id, { ...person(2), occurrence: '1999-01-01T19:00' })
    expect(noDate.status).toBe(400)
    expect(noDate.body).toEqual(apiError({ occurrence: 'Choose one of the dates offered' }))
    const page = await ctx.anonymous.get(`/events/${weekly.id}`)
    // The form's markup is as valid as every public page's (tests/integration/html-valid.test.ts).
    const report = await new HtmlValidate({ extends: ['html-validate:standard'] }).validateString(page.text)
    expect(report.results.flatMap((result) => result.messages.map((message) => message.message))).toEqual([])
    const dates = [...page.text.matchAll(/<option value="(\d{4}-\d\d-\d\dT\d\d:\d\d)"/g)].map(
      (match) => match[1],
    )
    expect(dates.length).toBeGreaterThan(1)
    // The second date's places are its own: it fills apart from the first.
    for (const n of [3, 4, 5]) {
      expect(
        (await signUp(ctx.anonymous, weekly.id, { ...person(n), occurrence: dates[1] })).body.status,
      ).toBe(n === 5 ? 'waiting' : 'confirmed')
    }
    expect((await signUp(ctx.anonymous, weekly.id, { ...person(6), occurrence: dates[0] })).body.status).toBe(
      'confirmed',
    )
    // An event without registrations, an unknown one, a body that is not JSON, and the list without a session.
    const closed = await ctx.newEvent({ title: 'Easter Sunrise Service' })
    expect((await signUp(ctx.anonymous, closed.id, person(7))).status).toBe(409)
    expect((await signUp(ctx.anonymous, '00000000-0000-4000-8000-000000000000', person(8))).status).toBe(404)
    const text = await ctx.anonymous.request('POST', `/api/events/${event.id}/registrations`, {
      body: 'name=A',
    })
    expect(text.status).toBe(415)
    expect((await ctx.anonymous.get(`/api/events/${event.id}/registrations`)).status).toBe(401)
    expect(
      (
        await ctx.anonymous.delete(
          `/api/events/${event.id}/registrations/00000000-0000-4000-8000-000000000000`,
        )
      ).status,
    ).toBe(401)
    // A filled honeypot is answered like a success and kept nowhere.
    const robot = await signUp(ctx.anonymous, event.id, { ...person(9), website: 'http://spam.example' })
    expect(robot.status).toBe(201)
    expect((await ctx.admin.get(`/api/events/${event.id}/registrations`)).body).toEqual([])
  })

  test('editors manage registrations only once an administrator allows it in Settings; the privacy policy says when they go', async () => {
    const event = await ctx.newEvent({ title: 'Baptism at Myrtleville', registration: true })
    const editor = await createEditor(ctx, 'youth.leader@example.org')
    const screen = `/admin/events/${event.id}/registrations`
    expect((await editor.get(`/api/events/${event.id}/registrations`)).status).toBe(403)
    expect((await editor.get(screen)).status).toBe(403)
    const saved = await ctx.admin.request('POST', '/admin/settings', {
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
    const policy = (await ctx.anonymous.get('/privacy-policy')).text.replace(/<!-- -->/g, '')
    expect(policy).toContain('Registrations are erased by themselves 14 days after the event.')
  })
})
