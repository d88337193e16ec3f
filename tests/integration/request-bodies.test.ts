import http from 'node:http'
import net from 'node:net'

import { describe, expect, test } from 'vitest'

import { makeContactMessage, makeEvent } from '../factories.ts'
import { ADMIN, databases, useServer } from './support.ts'

// Bodies refused before they are read, bodies cut short, and text the databases cannot all hold.

interface Outcome {
  status?: number
  body?: string
  error?: string
  ms: number
}

/** Posts `size` bytes through Node's client and reports the answer, or the socket error (EPIPE, ECONNRESET). */
function post(
  url: string,
  {
    path,
    size,
    headers,
    agent,
  }: { path: string; size: number; headers: Record<string, string>; agent: http.Agent | false },
) {
  return new Promise<Outcome>((resolve) => {
    const started = Date.now()
    const { hostname, port } = new URL(url)
    const outcome: Outcome = { ms: 0 }
    const request = http.request({
      hostname,
      port,
      path,
      method: 'POST',
      agent,
      headers: { 'content-length': String(size), origin: url, ...headers },
    })
    request.on('response', (response) => {
      outcome.status = response.statusCode
      let text = ''
      response.on('data', (chunk) => (text += chunk))
      response.on('end', () => (outcome.body = text))
    })
    request.on('error', (error) => (outcome.error ??= (error as NodeJS.ErrnoException).code ?? error.message))
    request.on('close', () => setTimeout(() => resolve({ ...outcome, ms: Date.now() - started }), 20))
    request.end(Buffer.alloc(size, 0x20))
  })
}

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database)
  const MB = 1024 * 1024

  test('a refused body sent with Connection: close still hears its answer, with no broken pipe', async () => {
    const cookie = ctx.admin.cookie!
    const cases: Array<{ path: string; size: number; headers: Record<string, string>; status: number }> = [
      {
        path: '/api/events',
        size: 5 * MB,
        headers: { 'content-type': 'application/json', cookie },
        status: 413,
      },
      {
        path: '/contact',
        size: 5 * MB,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        status: 413,
      },
      {
        // Under sermon audio's 200 MB an upload is read before it is judged: this one, no multipart at all, is
        // refused as unreadable (400) once read.
        path: '/api/uploads',
        size: 32 * MB,
        headers: { 'content-type': 'multipart/form-data; boundary=zz', cookie },
        status: 400,
      },
      {
        path: '/api/uploads',
        size: 9 * MB,
        headers: { 'content-type': 'multipart/form-data; boundary=zz' },
        status: 401,
      },
    ]
    for (let round = 0; round < 5; round++) {
      for (const { status, ...request } of cases) {
        // agent: false is a connection of its own, which Node's client closes after one request.
        const outcome = await post(ctx.server.url, { ...request, agent: false })
        expect(
          { status: outcome.status, error: outcome.error },
          `${request.path} ${request.size} round ${round}`,
        ).toEqual({
          status,
          error: undefined,
        })
        expect(JSON.parse(outcome.body!)).toEqual({ error: { message: expect.any(String) } })
      }
    }
  })

  test('an upload refused before it is read leaves a keep-alive connection ready for the next request', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      for (const headers of <Array<Record<string, string>>>[
        { 'content-type': 'multipart/form-data; boundary=zz' },
        { 'content-type': 'text/plain', cookie: ctx.admin.cookie! },
        { 'content-type': 'multipart/form-data', cookie: ctx.admin.cookie! },
      ]) {
        const refused = await post(ctx.server.url, { path: '/api/uploads', size: 9 * MB, headers, agent })
        expect(refused.error, headers['content-type']).toBeUndefined()
        expect([400, 401, 415]).toContain(refused.status)
        // The same connection answers the next request at once (it used to stall ~6 s, then reset).
        const next = await post(ctx.server.url, {
          path: '/api/contact_messages',
          size: 2,
          headers: { 'content-type': 'application/json' },
          agent,
        })
        expect({ status: next.status, error: next.error }).toEqual({ status: 400, error: undefined })
        expect(next.ms).toBeLessThan(3000)
      }
    } finally {
      agent.destroy()
    }
  })

  test('a JSON body cut short is a 400 nobody hears, not an error in the log', async () => {
    const { hostname, port } = new URL(ctx.server.url)
    const routes = [
      ['POST', '/api/contact_messages', '{"first_name":"Half'],
      ['POST', '/api/events', '{"title":"Half'],
      ['PUT', '/api/church_info', '{"name":"Half'],
      ['POST', '/api/leadership_team/reorder', '{"ids":['],
    ]
    // The client stops sending and half-closes its side, or goes away altogether.
    for (const how of ['end', 'destroy'] as const) {
      for (const [method, path, body] of routes) {
        await new Promise<void>((resolve) => {
          const socket = net.connect(Number(port), hostname, () => {
            socket.write(
              `${method} ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${ctx.server.url}\r\n` +
                `Cookie: ${ctx.admin.cookie}\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n${body}`,
            )
            setTimeout(() => (how === 'end' ? socket.end() : socket.destroy()), 100)
          })
          socket.on('close', () => resolve())
          socket.on('error', () => {})
          setTimeout(() => socket.destroy(), 1000)
        })
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await ctx.anonymous.get('/healthz')).toMatchObject({ status: 200 })
    const errors = ctx.server
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":50'))
    expect(errors).toEqual([])
  })

  test('a NUL character in text is dropped, on PostgreSQL as on SQLite, never a 500', async () => {
    const sent = await ctx.anonymous.post(
      '/api/contact_messages',
      makeContactMessage({ first_name: 'Nu\u0000la', message: 'Hello\u0000 there' }),
    )
    expect(sent.status).toBe(201)
    const inbox = await ctx.admin.get('/api/contact_messages?q=%00')
    expect(inbox.status).toBe(200)
    expect(inbox.body.find((message: { first_name: string }) => message.first_name === 'Nula')).toMatchObject(
      {
        message: 'Hello there',
      },
    )
    const form = await ctx.anonymous.request('POST', '/contact', {
      body: 'first_name=a%00b&last_name=Byrne&email=ab%40example.org&message=hello+there',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.status).toBeLessThan(400)
    const event = await ctx.admin.post('/api/events', makeEvent({ title: 'Nul\u0000 supper' }))
    expect(event).toMatchObject({ status: 201, body: { title: 'Nul supper' } })
    const signIn = await ctx.anonymous.post('/api/auth/sign-in/email', {
      email: `${ADMIN.email}\u0000`,
      password: 'wrong-password-123',
    })
    expect([400, 401]).toContain(signIn.status)
    expect((await ctx.admin.get('/admin/messages?q=%00')).status).toBe(200)
  })
})
