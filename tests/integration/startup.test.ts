import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import { afterEach, describe, expect, test } from 'vitest'

import { createPostgresDatabase, startServer, type TestServer } from '../test-server.ts'
import { ADMIN, Client, databases, signIn, spawnServer, type TestDatabase } from './support.ts'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-startup-'))
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A place for the data that outlives one server process: a data directory, and a database on PostgreSQL. */
async function persistentStore(
  database: TestDatabase,
): Promise<{ dataDir: string; env: Record<string, string> }> {
  const dataDir = tempDir()
  if (!database.postgresUrl) return { dataDir, env: {} }
  const postgres = await createPostgresDatabase(database.postgresUrl)
  cleanups.push(postgres.drop)
  return { dataDir, env: { DATABASE_URL: postgres.url } }
}

async function started(server: Promise<TestServer>) {
  const running = await server
  cleanups.push(running.stop)
  return running
}

const linesMatching = (output: string, pattern: RegExp) =>
  output.split('\n').filter((line) => pattern.test(line))

describe.each(databases)('$name', (database) => {
  test('ADMIN_EMAIL and ADMIN_PASSWORD create the administrator at start-up; a new password at the next start resets it', async () => {
    const store = await persistentStore(database)
    const email = 'Pastor@Example.org'
    const first = { email, password: 'first-password-123' }
    const second = { email, password: 'second-password-456' }

    const server1 = await started(startServer({ ...store, admin: first }))
    expect(linesMatching(server1.output(), /Created the administrator/)).toHaveLength(1)
    expect(server1.output()).not.toMatch(/No administrator yet/)
    const oldSession = await signIn(server1.url, first)
    await server1.stop()

    const server2 = await started(startServer({ ...store, admin: second }))
    expect(linesMatching(server2.output(), /Updated the password of the administrator/)).toHaveLength(1)
    const anonymous = new Client(server2.url)
    const refused = await anonymous.post('/api/auth/sign-in/email', first)
    expect(refused.status).toBe(401)
    await expect(signIn(server2.url, second)).resolves.toBeInstanceOf(Client)
    // Lower case works too: emails are stored normalised.
    await expect(signIn(server2.url, { ...second, email: email.toLowerCase() })).resolves.toBeInstanceOf(
      Client,
    )
    // A reset signs the administrator out everywhere.
    const stale = new Client(server2.url, oldSession.cookie)
    expect((await stale.get('/api/auth/get-session')).body).toBeNull()
    const current = await signIn(server2.url, second)
    await server2.stop()

    // The same variables at the next start change nothing: the administrator stays signed in.
    const server3 = await started(startServer({ ...store, admin: second }))
    expect(linesMatching(server3.output(), /Kept \(password unchanged\) the administrator/)).toHaveLength(1)
    const kept = new Client(server3.url, current.cookie)
    expect((await kept.get('/api/auth/get-session')).body).toMatchObject({
      user: { email: email.toLowerCase() },
    })
    for (const output of [server1.output(), server2.output(), server3.output()]) {
      expect(output).not.toContain(first.password)
      expect(output).not.toContain(second.password)
    }
  })

  test('a new ADMIN_PASSWORD that is too short or too common stops start-up with the reason, naming the variable', async () => {
    const store = await persistentStore(database)
    for (const password of ['Short-pw1', 'password12']) {
      const server = spawnServer({
        DATA_DIR: store.dataDir,
        ...store.env,
        ADMIN_EMAIL: 'pastor@example.org',
        ADMIN_PASSWORD: password,
      })
      expect(await server.exited, password).not.toBe(0)
      expect(server.output(), password).toMatch(
        /ADMIN_PASSWORD: (Choose a password of at least 10|This password is one of the most common)/,
      )
      expect(server.output()).not.toContain(password)
    }
  })

  test('with no administrator the start-up log says, in one line, how to create one', async () => {
    const server = await started(startServer({ postgresUrl: database.postgresUrl }))
    const lines = linesMatching(server.output(), /administrator/i)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/No administrator yet/)
    expect(lines[0]).toContain('npm run admin -- create')
    expect(lines[0]).toContain('ADMIN_EMAIL')
    // Its output is a pipe, not a terminal: the log stays JSON, one object a line.
    for (const line of server.output().trimEnd().split('\n'))
      expect(() => JSON.parse(line), line).not.toThrow()
  })

  test('SIGTERM lets an in-flight request finish, then the server exits with code 0', async () => {
    const store = await persistentStore(database)
    const server = spawnServer({ DATA_DIR: store.dataDir, ...store.env })
    cleanups.push(async () => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL')
      await server.exited
    })
    const url = new URL(await server.listening)

    // An idle keep-alive connection must not hold the shutdown up.
    const agent = new http.Agent({ keepAlive: true })
    cleanups.push(() => agent.destroy())
    await new Promise<void>((resolve, reject) =>
      http
        .get(new URL('/healthz', url), { agent }, (response) => response.resume().on('end', resolve))
        .on('error', reject),
    )

    const head = '{"first_name":"Late","last_name":"Visitor",'
    const tail = '"email":"late@example.org","message":"Still there?"}'
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        new URL('/api/contact_messages', url),
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': String(head.length + tail.length),
          },
        },
        (response) => {
          let body = ''
          response.on('data', (chunk) => (body += chunk))
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
        },
      )
      request.on('error', reject)
      request.write(head)
      setTimeout(() => {
        server.child.kill('SIGTERM')
        setTimeout(() => request.end(tail), 300)
      }, 100)
    })
    expect(await answer).toEqual({ status: 201, body: '{"ok":true}' })
    const answeredAt = Date.now()
    expect(await server.exited).toBe(0)
    // Not held up by the keep-alive connections, idle or just finished.
    // (Without that the process waited for the 5 s keep-alive timeout.)
    expect(Date.now() - answeredAt).toBeLessThan(4500)
    expect(server.output()).toMatch(/SIGTERM received/)
    expect(server.output()).toMatch(/"msg":"Stopped"/)
  })
})

// Every variable's rules are unit-tested in app/env.server.test.ts; these check what the process does with them.
test.each([
  ['PORT', 'abc'],
  ['DATABASE_URL', 'mysql://x'],
])('a bad %s (%s) stops the server at start with a clear message naming it', async (name, value) => {
  const server = spawnServer({ DATA_DIR: tempDir(), [name]: value })
  const code = await server.exited
  expect(code).not.toBe(0)
  const output = server.output()
  expect(output).toMatch(/Invalid environment/)
  expect(output).toMatch(new RegExp(`^\\s*${name}: `, 'm'))
  expect(output).not.toMatch(/^\s+at /m)
  expect(output).not.toMatch(/listening/)
})

test('a DATA_DIR that is a file, or a database that cannot be reached, stops the server with one clear line', async () => {
  const file = path.join(tempDir(), 'not-a-directory')
  fs.writeFileSync(file, '')
  const unreachable = 'postgres://nobody@127.0.0.1:9/none'
  for (const [env, message] of [
    [{ DATA_DIR: file }, `DATA_DIR: ${file} cannot hold the data: it is a file, not a directory`],
    [
      { DATA_DIR: tempDir(), DATABASE_URL: unreachable },
      'Could not open the PostgreSQL database of DATABASE_URL:',
    ],
  ] as const) {
    const server = spawnServer(env)
    expect(await server.exited).not.toBe(0)
    expect(server.output()).toContain(`Lampstand could not start. ${message}`)
    expect(server.output()).not.toMatch(/^\s+at /m)
  }
})

test('a PORT already in use stops the server with one clear line', async () => {
  const taken = http.createServer()
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
  const port = (taken.address() as { port: number }).port
  try {
    const server = spawnServer({ DATA_DIR: tempDir(), PORT: String(port), HOST: '127.0.0.1' })
    expect(await server.exited).not.toBe(0)
    expect(server.output()).toContain(`Lampstand could not start. PORT ${port} is already in use`)
    expect(server.output()).not.toMatch(/^\s+at /m)
  } finally {
    taken.close()
  }
})

test('ADMIN_EMAIL without ADMIN_PASSWORD stops the server naming the missing one', async () => {
  const server = spawnServer({ DATA_DIR: tempDir(), ADMIN_EMAIL: 'pastor@example.org' })
  expect(await server.exited).not.toBe(0)
  expect(server.output()).toMatch(/ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together/)
})

test('with an https PUBLIC_URL the session cookie is Secure and HSTS is sent', async () => {
  const server = await started(startServer({ admin: ADMIN, env: { PUBLIC_URL: 'https://church.example' } }))
  const answer = await new Client(server.url).post('/api/auth/sign-in/email', ADMIN)
  expect(answer.status).toBe(200)
  const cookie = answer.headers.getSetCookie().find((header) => header.includes('better-auth.session_token='))
  const attributes = cookie!.split(';').map((part) => part.trim().toLowerCase())
  expect(attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax']))
  expect(answer.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
})

test('npm run dev serves the site from its sources, the icons’ sprite and the behaviours’ script included, without an error or warning', async () => {
  // What `npm run dev` runs: the server with Vite's development server in it (no build).
  const server = spawnServer({ DATA_DIR: tempDir(), NODE_ENV: 'development', SEED_DEMO: 'true' })
  try {
    const url = await server.listening
    const home = await fetch(url)
    expect(home.status, server.output()).toBe(200)
    const page = await home.text()
    const sprite = /<use href="([^"#]+)#/.exec(page)?.[1]
    expect(sprite, 'the page draws its icons from the sprite').toBeDefined()
    const icons = await fetch(new URL(sprite!, url))
    expect(icons.status).toBe(200)
    expect(icons.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    // The public behaviours' script, bundled from app/islands.
    const src = /<script[^>]* src="([^"]+)"/.exec(page)?.[1]
    expect(src, 'the page loads its behaviours').toBeDefined()
    const script = await fetch(new URL(src!, url))
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(await script.text()).toContain('hydrated')
    expect(server.output()).not.toMatch(/error|warning/i)
  } finally {
    await server.stop()
  }
})
