import http from 'node:http'

import { describe, expect, test } from 'vitest'

import { databases, runSql, useServer } from './support.ts'

/** A POST with exactly these headers and body, as a raw client would send it. */
function rawPost(baseUrl: string, path: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(baseUrl)
    const request = http.request({ hostname, port, path, method: 'POST', headers }, (response) => {
      let text = ''
      response.on('data', (chunk) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
    })
    request.on('error', reject)
    request.end(body)
  })
}

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database)

  test('/healthz reports the database as reachable and is never cached', async () => {
    const answer = await ctx.anonymous.get('/healthz')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ status: 'ok', database: database.postgresUrl ? 'postgres' : 'sqlite' })
    expect(answer.headers.get('cache-control')).toBe('no-store')
  })

  test('answers carry the security headers and no X-Powered-By', async () => {
    for (const path of ['/healthz', '/api/services', '/api/nothing']) {
      const answer = await ctx.anonymous.get(path)
      expect(answer.headers.get('x-powered-by'), path).toBeNull()
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      const csp = answer.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("frame-ancestors 'none'")
      // A per-request nonce, or none at all for an answer kept by the page cache (JSON runs no scripts).
      expect(csp).toMatch(/script-src 'self'( 'nonce-[A-Za-z0-9+/=]+')?;/)
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
      // Pictures from our own address and the map's tiles only: no page makes a browser ask a third party.
      expect(/img-src ([^;]*)/.exec(csp)?.[1], path).toBe("'self' data: blob: https://tile.openstreetmap.org")
      // frame-ancestors says it; the older header would only repeat it, less strictly.
      expect(answer.headers.get('x-frame-options'), path).toBeNull()
    }
  })

  test('a request body without a declared length is refused before any route reads it', async () => {
    for (const path of ['/admin/login', '/contact', '/api/auth/sign-in/email', '/api/contact_messages']) {
      const answer = await rawPost(
        ctx.server.url,
        path,
        { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' },
        'email=a%40example.org&password=x',
      )
      expect(answer.status, path).toBe(411)
    }
  })

  test('a request body declared over 1 MB is refused with 413 on pages and the API alike', async () => {
    for (const path of ['/admin/login', '/contact', '/api/contact_messages', '/api/services']) {
      const body = `{"message":"${'a'.repeat(2 * 1024 * 1024)}"}`
      const answer = await rawPost(
        ctx.server.url,
        path,
        { 'content-type': 'application/json', 'content-length': String(body.length) },
        body,
      )
      expect(answer.status, path).toBe(413)
      expect(JSON.parse(answer.body)).toEqual({ error: { message: expect.any(String) } })
    }
  })

  test('a 413 reaches a client that is still sending, slowly, instead of a reset connection', async () => {
    /** Posts `size` bytes of JSON in 64 KB pieces a few milliseconds apart; answers what came back, or the error. */
    function slowPost(path: string, size: number) {
      return new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
        const { hostname, port } = new URL(ctx.server.url)
        const request = http.request({
          hostname,
          port,
          path,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': String(size),
            origin: ctx.server.url,
          },
        })
        let answered: { status: number; body: string } | null = null
        request.on('response', (response) => {
          let text = ''
          response.on('data', (chunk) => (text += chunk))
          response.on('end', () => {
            answered = { status: response.statusCode ?? 0, body: text }
            resolve(answered)
          })
        })
        request.on('error', (error) => {
          if (!answered) resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message })
        })
        const piece = Buffer.alloc(64 * 1024, 0x61)
        let sent = 0
        const pump = () => {
          if (request.destroyed) return
          if (sent >= size) return request.end()
          const chunk = piece.subarray(0, Math.min(piece.length, size - sent))
          sent += chunk.length
          request.write(chunk, () => setTimeout(pump, 2))
        }
        pump()
      })
    }
    for (let round = 0; round < 6; round += 1) {
      for (const path of ['/api/services', '/contact']) {
        const answer = await slowPost(path, 5 * 1024 * 1024)
        expect(answer, `${path}, round ${round}`).toEqual({ status: 413, body: expect.any(String) })
        const { body } = answer as { body: string }
        expect(JSON.parse(body)).toEqual({ error: { message: expect.any(String) } })
      }
    }
  })

  test('a server error answers 500 with a plain message and no stack trace, and /healthz 503', async () => {
    await runSql(ctx, 'alter table church_info rename to church_info_away')
    try {
      const health = await ctx.anonymous.get('/healthz')
      expect(health.status).toBe(503)
      expect(health.body).toEqual({ status: 'error', database: database.postgresUrl ? 'postgres' : 'sqlite' })

      const api = await ctx.anonymous.get('/api/church_info')
      expect(api.status).toBe(500)
      expect(api.body).toEqual({ error: { message: 'Something went wrong on our side' } })
      const write = await ctx.admin.put('/api/church_info', { name: 'Grace Church' })
      expect(write.status).toBe(500)
      expect(write.body).toEqual({ error: { message: 'Something went wrong on our side' } })

      const page = await ctx.anonymous.get('/')
      expect(page.status).toBe(500)
      for (const answer of [health, api, write, page]) {
        expect(answer.text).not.toMatch(/\bat .+:\d+:\d+/)
        expect(answer.text).not.toMatch(
          /church_info_away|no such table|does not exist|SqliteError|node_modules/i,
        )
      }
      // The details go to the log instead.
      expect(ctx.server.output()).toMatch(/church_info/)
    } finally {
      await runSql(ctx, 'alter table church_info_away rename to church_info')
    }
    expect((await ctx.anonymous.get('/healthz')).status).toBe(200)
  })
})

describe.each(databases.filter((database) => database.postgresUrl))('$name', (database) => {
  const ctx = useServer(database)

  test('connections the database server cuts (a restart, a failover) are replaced, and the server lives on', async () => {
    expect((await ctx.anonymous.get('/api/events')).status).toBe(200)
    const name = new URL(ctx.server.databaseUrl!).pathname.slice(1)
    // Every connection of the server's: its pool's and the one listening for content changes.
    await runSql(
      ctx,
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    )
    const deadline = Date.now() + 20_000
    let status = 0
    while (Date.now() < deadline) {
      status = await ctx.anonymous
        .get('/healthz')
        .then((answer) => answer.status)
        .catch(() => 0)
      if (status === 200) break
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(status).toBe(200)
    // A change is still seen: the content version's listener is back.
    expect((await ctx.admin.post('/api/events', { title: 'After the restart', date: 'Friday' })).status).toBe(
      201,
    )
    expect((await ctx.anonymous.get('/events')).text).toContain('After the restart')
  })
})
