import http from 'node:http'
import path from 'node:path'

import SQLite from 'better-sqlite3'
import pg from 'pg'
import { describe, expect, test } from 'vitest'

import { databases, type ServerContext, useServer } from './support.ts'

/** Runs one SQL statement on the test server's database from outside, as an operator's mistake would. */
async function runSql(ctx: ServerContext, statement: string) {
  if (ctx.server.databaseUrl) {
    const client = new pg.Client({ connectionString: ctx.server.databaseUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
    return
  }
  const sqlite = new SQLite(path.join(ctx.server.dataDir, 'lampstand.db'))
  try {
    sqlite.pragma('busy_timeout = 5000')
    sqlite.exec(statement)
  } finally {
    sqlite.close()
  }
}

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
