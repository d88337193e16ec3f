import crypto from 'node:crypto'

import { describe, expect, test } from 'vitest'

import { makeContactMessage } from '../factories.ts'
import { apiError, databases, sleep, useServer } from './support.ts'

const RATE_LIMIT = 3

interface StoredMessage {
  id: string
  first_name: string
  last_name: string
  email: string
  phone: string | null
  subject: string | null
  message: string
  created_at: string
  status: string
  spam_reason: string | null
}

let lastAddress = 0
/** Each visitor gets an address of their own (the server trusts X-Forwarded-For here), so limits stay apart. */
const visitorAddress = () => `203.0.113.${++lastAddress}`

/** A word no other test uses, to find this test's messages among all of them. */
const uniqueWord = () => `w${crypto.randomBytes(5).toString('hex')}`

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database, { env: { CONTACT_RATE_LIMIT: String(RATE_LIMIT), TRUST_PROXY: 'true' } })

  /** Sends the contact form as a visitor from an address of its own. */
  function send(body: Record<string, unknown>, address = visitorAddress()) {
    return ctx.anonymous.post('/api/contact_messages', body, {
      headers: { 'x-forwarded-for': address },
    })
  }

  async function search(query: string) {
    return ctx.admin.get<StoredMessage[]>(`/api/contact_messages?${query}`)
  }

  test('a visitor can send a message, and the administrator reads it as sent', async () => {
    const word = uniqueWord()
    const body = makeContactMessage({ message: `Hello ${word}`, phone: '', subject: undefined })
    const answer = await send(body)
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({ ok: true })
    const list = await search(`q=${word}`)
    expect(list.status).toBe(200)
    expect(list.body).toEqual([
      {
        id: expect.any(String),
        first_name: 'Mary',
        last_name: 'Murphy',
        email: body.email,
        phone: null,
        subject: null,
        message: `Hello ${word}`,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
        status: 'new',
        spam_reason: null,
      },
    ])
    const one = await ctx.admin.get(`/api/contact_messages/${list.body[0].id}`)
    expect(one.status).toBe(200)
    expect(one.body).toEqual(list.body[0])
  })

  test('the contact form requires first name, last name, a valid email and a message', async () => {
    const empty = await send({})
    expect(empty.status).toBe(400)
    expect(empty.body).toEqual(
      apiError({
        first_name: 'First name is required',
        last_name: 'Last name is required',
        email: 'Email is required',
        message: 'Message is required',
      }),
    )
    const badEmail = await send(makeContactMessage({ email: 'mary at example' }))
    expect(badEmail.status).toBe(400)
    expect(badEmail.body.error).toMatchObject({ fields: { email: 'Enter a valid email address' } })
  })

  test('a message with the hidden honeypot field filled in is answered like any other but not kept', async () => {
    const word = uniqueWord()
    const answer = await send(
      makeContactMessage({ message: `Buy now ${word}`, website: 'https://spam.example' }),
    )
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({ ok: true })
    const list = await search(`q=${word}`)
    expect(list.body).toEqual([])
    expect(list.headers.get('x-total-count')).toBe('0')
  })

  test('one address may send only CONTACT_RATE_LIMIT messages in ten minutes; others are unaffected', async () => {
    const address = visitorAddress()
    for (let index = 0; index < RATE_LIMIT; index += 1) {
      expect((await send(makeContactMessage(), address)).status).toBe(201)
    }
    const limited = await send(makeContactMessage(), address)
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual(apiError())
    expect(limited.headers.get('retry-after')).toBe('600')
    expect((await send(makeContactMessage(), visitorAddress())).status).toBe(201)
  })

  test('the administrator sees messages newest first with the total in X-Total-Count', async () => {
    const word = uniqueWord()
    for (const name of ['First', 'Second', 'Third']) {
      expect((await send(makeContactMessage({ first_name: name, message: word }))).status).toBe(201)
      await sleep(5)
    }
    const list = await search(`q=${word}`)
    expect(list.body.map((message) => message.first_name)).toEqual(['Third', 'Second', 'First'])
    expect(list.headers.get('x-total-count')).toBe('3')
    expect(list.headers.get('cache-control')).toBe('no-store')
    const all = await ctx.admin.get<StoredMessage[]>('/api/contact_messages')
    const created = all.body.map((message) => message.created_at)
    expect(created).toEqual([...created].sort().reverse())
    expect(Number(all.headers.get('x-total-count'))).toBe(all.body.length)
  })

  test('search is case-insensitive across first name, last name, email, subject and message', async () => {
    const word = uniqueWord()
    const upper = word.toUpperCase()
    await send(makeContactMessage({ first_name: `Ann${upper}` }))
    await send(makeContactMessage({ last_name: `Byrne${word}` }))
    await send(makeContactMessage({ email: `${word}@example.org` }))
    await send(makeContactMessage({ subject: `About ${upper}` }))
    await send(makeContactMessage({ message: `Text with ${word} inside` }))
    for (const query of [word, upper, word.slice(2, 8)]) {
      const list = await search(`q=${encodeURIComponent(query)}`)
      expect(list.body, query).toHaveLength(5)
      expect(list.headers.get('x-total-count')).toBe('5')
    }
  })

  test('names with accents (Áine, Órla) are found in any case, with or without the fada, and sort among the rest', async () => {
    const word = uniqueWord()
    for (const first_name of ['Zoe', 'Órla', 'alice', 'Áine', 'Émile']) {
      await send(makeContactMessage({ first_name, last_name: 'Ó Súilleabháin', message: word }))
    }
    const names = async (query: string) =>
      (await search(`q=${encodeURIComponent(query)}&sort=first_name`)).body.map((m) => m.first_name)
    for (const query of ['Áine', 'áine', 'ÁINE', 'aine']) expect(await names(query), query).toEqual(['Áine'])
    for (const query of ['Órla', 'órla', 'orla']) expect(await names(query), query).toEqual(['Órla'])
    expect(await names('áine ó súilleabháin')).toEqual(['Áine'])
    expect(await names(word)).toEqual(['Áine', 'alice', 'Émile', 'Órla', 'Zoe'])
  })

  test('search treats % and _ as plain characters', async () => {
    const word = uniqueWord()
    await send(makeContactMessage({ message: `${word} 100% sure` }))
    await send(makeContactMessage({ message: `${word} 100 sure` }))
    await send(makeContactMessage({ message: `${word} a_b` }))
    await send(makeContactMessage({ message: `${word} axb` }))
    expect((await search(`q=${encodeURIComponent(`${word} 100%`)}`)).body).toHaveLength(1)
    expect((await search(`q=${encodeURIComponent(`${word} a_b`)}`)).body).toHaveLength(1)
  })

  test('messages sort by name, email or subject both ways, with empty subjects last', async () => {
    const word = uniqueWord()
    for (const [first_name, email, subject] of [
      ['bella', `c${word}@example.org`, 'Beta'],
      ['Aoife', `a${word}@example.org`, ''],
      ['Cian', `b${word}@example.org`, 'alpha'],
    ]) {
      await send(makeContactMessage({ first_name, email, subject, message: word }))
      await sleep(5)
    }
    const names = async (query: string) => (await search(`q=${word}&${query}`)).body.map((m) => m.first_name)
    expect(await names('sort=first_name')).toEqual(['Aoife', 'bella', 'Cian'])
    expect(await names('sort=first_name&dir=desc')).toEqual(['Cian', 'bella', 'Aoife'])
    expect(await names('sort=email&dir=asc')).toEqual(['Aoife', 'Cian', 'bella'])
    expect(await names('sort=subject&dir=asc')).toEqual(['Cian', 'bella', 'Aoife'])
    expect(await names('sort=subject&dir=desc')).toEqual(['bella', 'Cian', 'Aoife'])
    expect(await names('sort=created_at&dir=asc')).toEqual(['bella', 'Aoife', 'Cian'])
    // An unknown column or direction falls back to the default, newest first.
    expect(await names('sort=password&dir=sideways')).toEqual(['Cian', 'Aoife', 'bella'])
  })

  test('limit and offset page through the messages while X-Total-Count stays the full count', async () => {
    const word = uniqueWord()
    for (let index = 1; index <= 5; index += 1) {
      await send(makeContactMessage({ first_name: `P${index}`, message: word }))
    }
    const page = await search(`q=${word}&sort=first_name&limit=2&offset=2`)
    expect(page.body.map((message) => message.first_name)).toEqual(['P3', 'P4'])
    expect(page.headers.get('x-total-count')).toBe('5')
    const rest = await search(`q=${word}&sort=first_name&limit=2&offset=4`)
    expect(rest.body.map((message) => message.first_name)).toEqual(['P5'])
  })

  test('paging numbers that are not whole numbers in range are refused with 400 and a field message', async () => {
    for (const query of [
      'offset=1e20',
      'offset=1e400',
      'offset=-1',
      'offset=2.5',
      'offset=abc',
      'limit=1e20',
      'limit=0',
    ]) {
      const answer = await search(query)
      expect(answer.status, query).toBe(400)
      expect(answer.body, query).toEqual(apiError({ [query.split('=')[0]]: expect.any(String) }))
    }
    const fine = await search('offset=0&limit=500')
    expect(fine.status).toBe(200)
  })

  test('the inbox page of a huge page number shows the last page instead of failing', async () => {
    await send(makeContactMessage({ message: uniqueWord() }))
    for (const page of ['99999999999999999999', '1e400', '9007199254740993']) {
      const answer = await ctx.admin.get(`/admin/messages?page=${page}`)
      expect(answer.status, page).toBe(302)
      expect(answer.headers.get('location'), page).toMatch(/page=\d{1,3}$/)
      const data = await ctx.admin.get(`/admin/messages.data?page=${page}`)
      expect(data.status, `.data ${page}`).not.toBe(500)
    }
  })

  test('a contact form post that is not form data is refused with a message, never a 500', async () => {
    const bodies: { type: string; body: string }[] = [
      { type: 'application/json', body: JSON.stringify(makeContactMessage()) },
      { type: 'multipart/form-data', body: 'first_name=Mary' },
      {
        type: 'multipart/form-data; boundary=zz',
        body: '--zz\r\nContent-Disposition: form-data; name="first_name"\r\n\r\nMa',
      },
      { type: 'text/plain', body: 'hello' },
    ]
    for (const { type, body } of bodies) {
      const answer = await ctx.anonymous.request('POST', '/contact', {
        body,
        headers: { 'content-type': type, 'x-forwarded-for': visitorAddress() },
      })
      expect([400, 415], type).toContain(answer.status)
      expect(answer.text, type).toMatch(/could not be read|form/i)
    }
  })

  test('the administrator can delete a message; unknown ids are 404', async () => {
    const word = uniqueWord()
    await send(makeContactMessage({ message: word }))
    const [message] = (await search(`q=${word}`)).body
    const deleted = await ctx.admin.delete(`/api/contact_messages/${message.id}`)
    expect(deleted.status).toBe(204)
    expect((await ctx.admin.get(`/api/contact_messages/${message.id}`)).status).toBe(404)
    const again = await ctx.admin.delete(`/api/contact_messages/${message.id}`)
    expect(again.status).toBe(404)
    expect(again.body).toEqual(apiError())
    expect((await search(`q=${word}`)).body).toEqual([])
  })

  test('each message has a state: new at first; PATCH moves it, and ?status= lists one state or the inbox', async () => {
    const word = uniqueWord()
    for (const name of ['Ann', 'Brid', 'Cait'])
      await send(makeContactMessage({ first_name: name, message: word }))
    const list = (await search(`q=${word}`)).body
    expect(list.map((message) => message.status)).toEqual(['new', 'new', 'new'])
    const [cait, brid] = list
    const archived = await ctx.admin.patch(`/api/contact_messages/${cait.id}`, { status: 'archived' })
    expect(archived.status).toBe(200)
    expect(archived.body).toMatchObject({ id: cait.id, first_name: 'Cait', status: 'archived' })
    expect((await ctx.admin.patch(`/api/contact_messages/${brid.id}`, { status: 'replied' })).status).toBe(
      200,
    )
    const names = async (status: string) =>
      (await search(`q=${word}&status=${status}`)).body.map((message) => message.first_name)
    expect(await names('new')).toEqual(['Ann'])
    expect(await names('replied')).toEqual(['Brid'])
    expect(await names('archived')).toEqual(['Cait'])
    expect(await names('spam')).toEqual([])
    expect(await names('inbox')).toEqual(['Brid', 'Ann'])
    expect((await search(`q=${word}&status=archived`)).headers.get('x-total-count')).toBe('1')
  })

  test('an unknown state is refused with 400 naming status; an unknown id is 404', async () => {
    const word = uniqueWord()
    await send(makeContactMessage({ message: word }))
    const [message] = (await search(`q=${word}`)).body
    for (const body of [{ status: 'deleted' }, {}, { status: 3 }]) {
      const answer = await ctx.admin.patch(`/api/contact_messages/${message.id}`, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body).toEqual(apiError({ status: expect.stringMatching(/^Status must be one of/) }))
    }
    expect((await ctx.admin.get(`/api/contact_messages/${message.id}`)).body.status).toBe('new')
    const unknown = await ctx.admin.patch('/api/contact_messages/no-such-id', { status: 'read' })
    expect(unknown.status).toBe(404)
    const badFilter = await search('status=unread')
    expect(badFilter.status).toBe(400)
    expect(badFilter.body).toEqual(apiError({ status: expect.any(String) }))
  })

  test('a visitor can neither list nor read messages', async () => {
    expect((await ctx.anonymous.get('/api/contact_messages')).status).toBe(401)
    const word = uniqueWord()
    await send(makeContactMessage({ message: word }))
    const [message] = (await search(`q=${word}`)).body
    const answer = await ctx.anonymous.get(`/api/contact_messages/${message.id}`)
    expect(answer.status).toBe(401)
    expect(answer.text).not.toContain(word)
  })
})

describe.each(databases)('$name, with an allowance of 2 messages an hour without the form', (database) => {
  const ctx = useServer(database, { env: { CONTACT_API_LIMIT: '2', TRUST_PROXY: 'true' } })

  test('messages posted as JSON without the form’s token, from many addresses, reach the Inbox only up to the allowance', async () => {
    const words = [uniqueWord(), uniqueWord(), uniqueWord()]
    for (const word of words) {
      const answer = await ctx.anonymous.post(
        '/api/contact_messages',
        makeContactMessage({ message: word }),
        {
          headers: { 'x-forwarded-for': visitorAddress() },
        },
      )
      // Answered alike: a robot learns nothing.
      expect(answer.status).toBe(201)
    }
    const stored = await Promise.all(
      words.map(
        async (word) => (await ctx.admin.get<StoredMessage[]>(`/api/contact_messages?q=${word}`)).body[0],
      ),
    )
    expect(stored.map((message) => message.status)).toEqual(['new', 'new', 'spam'])
    expect(stored[2].spam_reason).toBe(
      'sent without the contact form, past the hour’s allowance of such messages',
    )

    // The contact page's own form, with its token, is not counted against it.
    const page = (await ctx.anonymous.get('/contact')).text
    const token = /name="form_token" value="([^"]+)"/.exec(page)![1]
    await sleep(3_100)
    const word = uniqueWord()
    const form = new URLSearchParams({
      ...(makeContactMessage({ message: word }) as Record<string, string>),
      form_token: token,
    })
    const posted = await fetch(`${ctx.server.url}/contact`, {
      method: 'POST',
      body: form,
      headers: { 'x-forwarded-for': visitorAddress(), origin: ctx.server.url },
      redirect: 'manual',
    })
    expect(posted.status).toBeLessThan(400)
    const [fromForm] = (await ctx.admin.get<StoredMessage[]>(`/api/contact_messages?q=${word}`)).body
    expect(fromForm.status).toBe('new')
  })
})
