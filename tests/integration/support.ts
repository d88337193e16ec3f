import fs from 'node:fs'
import path from 'node:path'

import SQLite from 'better-sqlite3'
import pg from 'pg'

import { afterAll, beforeAll, expect } from 'vitest'

import { insertAdministrator } from '../people.ts'
import {
  launchServer,
  runScript,
  type ServerProcess,
  type StartOptions,
  startServer,
  TEST_ADMIN,
  type TestServer,
} from '../test-server.ts'
import { makeFormToken } from '#app/server/spam.server.ts'

export type { ServerProcess }
export { insertAdministrator }

export interface TestDatabase {
  name: 'SQLite' | 'PostgreSQL'
  /** A PostgreSQL server on which each test server gets a database of its own. */
  postgresUrl?: string
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names a server (global setup insists on it under CI). */
export const databases: TestDatabase[] = [
  { name: 'SQLite' },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'PostgreSQL' as const, postgresUrl: process.env.TEST_DATABASE_URL }]
    : []),
]

export const ADMIN = TEST_ADMIN

/** Answers are whatever JSON the server sent; tests state what they expect of it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any

export interface Answer<T = Json> {
  status: number
  headers: Headers
  body: T
  text: string
}

export interface RequestOptions {
  json?: unknown
  body?: BodyInit
  headers?: Record<string, string>
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Talks to a test server the way the site's own pages do: same-origin `Origin` on writes, the session cookie
 * when signed in. Answers are read whole; JSON bodies are parsed.
 */
export class Client {
  readonly baseUrl: string
  cookie: string | null

  constructor(baseUrl: string, cookie: string | null = null) {
    this.baseUrl = baseUrl
    this.cookie = cookie
  }

  async request<T = Json>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = {}
    if (STATE_CHANGING.has(method)) headers.origin = this.baseUrl
    if (this.cookie) headers.cookie = this.cookie
    let body = options.body
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(options.json)
    }
    Object.assign(headers, options.headers)
    const response = await fetch(new URL(path, this.baseUrl), { method, headers, body, redirect: 'manual' })
    const text = await response.text()
    let parsed: unknown = text
    if (response.headers.get('content-type')?.includes('json') && text !== '') parsed = JSON.parse(text)
    return { status: response.status, headers: response.headers, body: parsed as T, text }
  }

  get<T = Json>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options)
  }
  post<T = Json>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { json, ...options })
  }
  put<T = Json>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, { json, ...options })
  }
  patch<T = Json>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, { json, ...options })
  }
  delete<T = Json>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options)
  }
}

/** The session cookie (`name=value`) from a sign-in answer, or null. */
export function sessionCookie(headers: Headers) {
  // Under an https PUBLIC_URL the cookie's name carries the __Secure- prefix.
  const header = headers
    .getSetCookie()
    .find((cookie) => /^(__Secure-)?better-auth\.session_token=/.test(cookie))
  return header ? header.split(';')[0] : null
}

/** Signs in through the API; answers a client carrying the session cookie. */
export async function signIn(baseUrl: string, credentials: { email: string; password: string }) {
  const answer = await new Client(baseUrl).post('/api/auth/sign-in/email', credentials)
  const cookie = sessionCookie(answer.headers)
  if (answer.status !== 200 || !cookie) {
    throw new Error(`Sign-in as ${credentials.email} failed: ${answer.status} ${answer.text}`)
  }
  return new Client(baseUrl, cookie)
}

export interface ServerContext {
  server: TestServer
  /** A visitor without a session. */
  anonymous: Client
  /** Signed in as ADMIN. */
  admin: Client
}

/**
 * One server for the enclosing suite (started in beforeAll, stopped in afterAll) on `database`, with ADMIN
 * created at start-up and signed in. Read the fields inside tests, after beforeAll has run.
 */
export function useServer(database: TestDatabase, options: StartOptions = {}): ServerContext {
  const context = {} as ServerContext
  beforeAll(async () => {
    context.server = await startServer({ admin: ADMIN, postgresUrl: database.postgresUrl, ...options })
    context.anonymous = new Client(context.server.url)
    context.admin = await signIn(context.server.url, ADMIN)
  })
  afterAll(async () => {
    await context.server?.stop()
  })
  return context
}

/** The `{ error: { message } }` body of every API error, with field messages when given. */
export function apiError(fields?: Record<string, unknown>) {
  return {
    error: fields
      ? { message: expect.any(String), fields: expect.objectContaining(fields) }
      : { message: expect.any(String) },
  }
}

/** A promise that settles after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * `node server.js` (or `entry`: `scripts/start.js` is `npm start`, the supervisor) with exactly this environment
 * on top of a test baseline, for tests about the process itself (start-up checks, exit codes, signals). Most
 * tests want useServer().
 */
export function spawnServer(env: Record<string, string>, entry = 'server.js'): ServerProcess {
  return launchServer({ entry, env })
}

/** The operator's `npm run admin -- create EMAIL --password P` against a test server's data. */
export async function createAdminWithCli(server: TestServer, email: string, password: string) {
  const { stdout } = await runScript('admin', ['create', email, '--password', password], {
    DATA_DIR: server.dataDir,
    DATABASE_URL: server.databaseUrl ?? '',
    SEED_DEMO: 'false',
  })
  return stdout
}

/**
 * A contact form token from the test server, as its contact page gives one to a visitor who then takes 10 s to
 * write (signed with the secret the server keeps in its data directory): a message posted with it is the form's.
 */
export function formToken(server: Pick<TestServer, 'dataDir'>, renderedAt = Date.now() - 10_000) {
  const secret = fs.readFileSync(path.join(server.dataDir, 'auth-secret'), 'utf8').trim()
  return makeFormToken(secret, renderedAt)
}

/** Reads rows from the test server's database from outside (what a backup or a thief of it would see). */
export async function querySql<T = Record<string, unknown>>(
  ctx: Pick<ServerContext, 'server'>,
  statement: string,
) {
  if (ctx.server.databaseUrl) {
    const client = new pg.Client({ connectionString: ctx.server.databaseUrl })
    await client.connect()
    try {
      return (await client.query(statement)).rows as T[]
    } finally {
      await client.end()
    }
  }
  const sqlite = new SQLite(path.join(ctx.server.dataDir, 'lampstand.db'), { readonly: true })
  try {
    sqlite.pragma('busy_timeout = 5000')
    return sqlite.prepare(statement).all() as T[]
  } finally {
    sqlite.close()
  }
}

/** Runs one SQL statement on the test server's database from outside, as an operator's mistake would. */
export async function runSql(ctx: Pick<ServerContext, 'server'>, statement: string) {
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

/**
 * Someone with the Editor role, signed in: made as the operator's tool makes people and given the role in the
 * database, as an administrator's change of role on the Staff screen does.
 */
export async function createEditor(ctx: ServerContext, email: string, password = 'an-editors-long-password') {
  await insertAdministrator(ctx.server, { email, password })
  await runSql(ctx, `update "user" set role = 'editor' where email = '${email.replace(/'/g, "''")}'`)
  return signIn(ctx.server.url, { email, password })
}

/** Waits until no stored event is new or held by a worker: the job worker has been at every one. */
export async function stripeEventsSettled(ctx: Parameters<typeof querySql>[0]) {
  const deadline = Date.now() + 15_000
  for (;;) {
    const [row] = await querySql<{ count: number | string }>(
      ctx,
      'select count(*) as count from stripe_events where processed_at is null and (attempts = 0 or claimed_until is not null)',
    )
    if (Number(row!.count) === 0) return
    if (Date.now() > deadline) throw new Error('The job worker did not process the Stripe events')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
