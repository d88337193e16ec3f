// Erased means erased: once a registration or a message is erased, its address is in none of the database's files
// (SQLite's database and write-ahead log; PostgreSQL's are the server's) nor in an `npm run backup` archive.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'

import SQLite from 'better-sqlite3'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'

import { makeContactMessage, makeEvent } from '../factories.ts'
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../smtp-server.ts'
import { createPostgresDatabase, runScript, startServer, type TestServer } from '../test-server.ts'
import { ADMIN, Client, databases, formToken, querySql, signIn, sleep } from './support.ts'

let lastAddress = 0
const visitor = () => ({ 'x-forwarded-for': `192.0.2.${(++lastAddress % 250) + 1}` })

/** How many times `needle` is in `bytes`. */
function occurrences(bytes: Buffer, needle: string) {
  let count = 0
  for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1)) count += 1
  return count
}

/** How many times `needle` is in the SQLite database's files as they are on disk now (its log too, if any). */
function inSqliteFiles(dataDir: string, needle: string) {
  let count = 0
  for (const name of ['lampstand.db', 'lampstand.db-wal', 'lampstand.db-journal']) {
    const file = path.join(dataDir, name)
    if (fs.existsSync(file)) count += occurrences(fs.readFileSync(file), needle)
  }
  return count
}

describe.each(databases)('$name', (database) => {
  let smtp: TestSmtpServer
  const cleanups: (() => Promise<void> | void)[] = []

  beforeAll(async () => {
    smtp = await startSmtpServer()
  })
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })
  afterAll(async () => {
    await smtp?.stop()
  })

  /** A data directory (and a PostgreSQL database) that outlive one server, for a test that starts several. */
  async function newStore() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-erasure-'))
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }))
    let databaseUrl: string | undefined
    if (database.postgresUrl) {
      const created = await createPostgresDatabase(database.postgresUrl)
      cleanups.push(created.drop)
      databaseUrl = created.url
    }
    return { dataDir, databaseUrl }
  }

  async function start(store: { dataDir: string; databaseUrl?: string }, env: Record<string, string> = {}) {
    const server = await startServer({
      admin: ADMIN,
      dataDir: store.dataDir,
      publicUrl: true,
      env: {
        DATABASE_URL: store.databaseUrl ?? '',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'office@example.org',
        NOTIFY_TO: 'secretary@example.org',
        TRUST_PROXY: 'true',
        CONTACT_RATE_LIMIT: '100000',
        ...env,
      },
    })
    cleanups.push(server.stop)
    return server
  }

  /** How many times `needle` is in an `npm run backup` archive of the store, unpacked. */
  async function inBackup(store: { dataDir: string; databaseUrl?: string }, needle: string) {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-erasure-backup-'))
    try {
      await runScript('backup', ['--out', out], {
        DATA_DIR: store.dataDir,
        DATABASE_URL: store.databaseUrl ?? '',
        SEED_DEMO: 'false',
      })
      const [archive] = fs.readdirSync(out)
      return occurrences(zlib.gunzipSync(fs.readFileSync(path.join(out, archive))), needle)
    } finally {
      fs.rmSync(out, { recursive: true, force: true })
    }
  }

  /** The e-mails received that `about` picks, once there are `count` of them. */
  async function received(about: (mail: ReceivedMail) => boolean, count = 1) {
    const deadline = Date.now() + 20_000
    while (smtp.received.filter(about).length < count) {
      if (Date.now() > deadline) {
        throw new Error(`${smtp.received.filter(about).length} of ${count} e-mails arrived`)
      }
      await sleep(100)
    }
    return smtp.received.filter(about)
  }

  test('a message the administrator deletes leaves no copy of its address in the database’s files nor in a backup', async () => {
    const store = await newStore()
    const server = await start(store)
    const admin = await signIn(server.url, ADMIN)
    const word = `gone${crypto.randomBytes(5).toString('hex')}`
    const email = `${word}@example.org`
    const sent = await new Client(server.url).post(
      '/api/contact_messages',
      makeContactMessage({ email, message: `About ${word}`, form_token: formToken(server) }),
      { headers: visitor() },
    )
    expect(sent.status).toBe(201)
    // Its alert went out (Reply-To the visitor): the outbox held the address too.
    await received((mail) => mail.replyTo[0]?.address === email)
    const [message] = (await admin.get(`/api/contact_messages?q=${word}`)).body
    // What the searches below look for is there to be found.
    if (!database.postgresUrl) expect(inSqliteFiles(store.dataDir, word)).toBeGreaterThan(0)
    expect(await inBackup(store, word)).toBeGreaterThan(0)

    expect((await admin.delete(`/api/contact_messages/${message.id}`)).status).toBe(204)
    if (!database.postgresUrl) expect(inSqliteFiles(store.dataDir, word)).toBe(0)
    expect(await inBackup(store, word)).toBe(0)
    await server.stop()
    if (!database.postgresUrl) expect(inSqliteFiles(store.dataDir, word)).toBe(0)
  })

  test.skipIf(database.postgresUrl)(
    'a backup leaves behind rows deleted without secure_delete (by an earlier version, or by hand)',
    async () => {
      const store = await newStore()
      const server = await start(store)
      const word = `gone${crypto.randomBytes(5).toString('hex')}`
      const sent = await new Client(server.url).post(
        '/api/contact_messages',
        makeContactMessage({ email: `${word}@example.org` }),
        { headers: visitor() },
      )
      expect(sent.status).toBe(201)
      await server.stop()
      const sqlite = new SQLite(path.join(store.dataDir, 'lampstand.db'))
      sqlite.pragma('secure_delete = OFF')
      sqlite.prepare('delete from outbox where reply_to_address = ?').run(`${word}@example.org`)
      sqlite.prepare('delete from contact_messages where email = ?').run(`${word}@example.org`)
      sqlite.close()
      expect(inSqliteFiles(store.dataDir, word)).toBeGreaterThan(0)
      expect(await inBackup(store, word)).toBe(0)
    },
  )

  test('registrations erased on schedule (a crowd of 30, e-mailed, one moved up) leave no copy of their addresses in the database’s files nor in a backup', async () => {
    const store = await newStore()
    let server: TestServer = await start(store)
    const admin = await signIn(server.url, ADMIN)
    const word = `gone${crypto.randomBytes(5).toString('hex')}`
    const created = await admin.post(
      '/api/events',
      makeEvent({ title: 'Parish Pilgrimage', registration: true, capacity: 20 }),
    )
    expect(created.status, created.text).toBe(201)
    const event = created.body as { id: string }
    const addresses = Array.from({ length: 30 }, (_, n) => `${word}.${n}@example.org`)
    const answers = await Promise.all(
      addresses.map((email, n) =>
        new Client(server.url).post(
          `/api/events/${event.id}/registrations`,
          { name: `Pilgrim ${n}`, email, people: 1 },
          { headers: visitor() },
        ),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(201))
    const list = await admin.get(`/api/events/${event.id}/registrations?status=confirmed&limit=500`)
    expect((await admin.delete(`/api/events/${event.id}/registrations/${list.body[0].id}`)).status).toBe(204)
    // Each is told where they stand, and the first waiting that a place has come free: 31 e-mails.
    await received((mail) => mail.envelope.to[0].includes(word), 31)
    if (!database.postgresUrl) expect(inSqliteFiles(store.dataDir, word)).toBeGreaterThan(30)
    await server.stop()

    // The event was on 12 October 2030; its registrations are kept 30 days, and erased at the next start.
    server = await start(store, { CLOCK_START: '2030-11-20T12:00:00Z' })
    const deadline = Date.now() + 20_000
    while (!server.output().includes('erased event registrations past their keeping')) {
      if (Date.now() > deadline) throw new Error(`No erasure:\n${server.output()}`)
      await sleep(100)
    }
    const left = await querySql<{ count: number | string }>(
      { server: { ...server, databaseUrl: store.databaseUrl } },
      `select count(*) as count from registrations`,
    )
    expect(Number(left[0].count)).toBe(0)
    if (!database.postgresUrl) expect(inSqliteFiles(store.dataDir, word)).toBe(0)
    expect(await inBackup(store, word)).toBe(0)
    await server.stop()
    if (!database.postgresUrl) expect(inSqliteFiles(store.dataDir, word)).toBe(0)
  })
})
