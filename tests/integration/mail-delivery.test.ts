// The outbox across processes: a server killed between saving a message and sending its e-mail, and several
// instances sharing one PostgreSQL database.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { makeContactMessage } from '../factories.ts'
import { startSmtpServer, type TestSmtpServer } from '../smtp-server.ts'
import { createPostgresDatabase, launchServer, startServer, type TestServer } from '../test-server.ts'
import { Client, databases, formToken, sleep } from './support.ts'
import { LEASE_MS } from '#app/server/mail-worker.server.ts'

const STAFF = ['office@example.ie', 'pastor@example.ie']

let lastAddress = 0
const visitorAddress = () => `192.0.2.${++lastAddress}`
const uniqueWord = () => `w${crypto.randomBytes(5).toString('hex')}`

function mailEnv(smtp: TestSmtpServer) {
  return {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'alerts@example.org',
    NOTIFY_TO: STAFF.join(','),
    TRUST_PROXY: 'true',
    CONTACT_RATE_LIMIT: '1000',
    // The alerts' links name the site's address; without one they would wait for it (decision 0018).
    PUBLIC_URL: 'https://church.example',
  }
}

/**
 * A visitor's message through the API to the server at `url`, with the contact form's token from its data: each a
 * form of its own (a token made in the same millisecond is the same token, good for FORM_TOKEN_USES_MAX posts).
 */
let formsRendered = 0
function post(url: string, dataDir: string, body: Record<string, unknown>) {
  return new Client(url).post(
    '/api/contact_messages',
    { ...body, form_token: formToken({ dataDir }, Date.now() - 10_000 - formsRendered++) },
    { headers: { 'x-forwarded-for': visitorAddress() } },
  )
}

const about = (smtp: TestSmtpServer, word: string) => smtp.received.filter((r) => r.mail.text?.includes(word))

async function waitForMail(smtp: TestSmtpServer, word: string, count: number, timeoutMs: number) {
  const start = Date.now()
  while (about(smtp, word).length < count && Date.now() - start < timeoutMs) await sleep(100)
  return about(smtp, word)
}

describe.each(databases)('$name', (database) => {
  let smtp: TestSmtpServer
  beforeAll(async () => {
    smtp = await startSmtpServer()
  })
  afterAll(async () => {
    await smtp?.stop()
  })

  test('kill -9 between saving a message and sending its e-mail, then a restart: each e-mail arrives once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-kill-'))
    const pgDatabase = database.postgresUrl ? await createPostgresDatabase(database.postgresUrl) : null
    const env = { DATA_DIR: dataDir, DATABASE_URL: pgDatabase?.url ?? '', ...mailEnv(smtp) }
    const word = uniqueWord()
    try {
      // With the SMTP server down, the message is saved and its e-mails wait in the outbox…
      await smtp.stop()
      const first = launchServer({ env })
      const url = await first.listening
      expect((await post(url, dataDir, makeContactMessage({ message: word }))).status).toBe(201)
      await sleep(500)
      // …when the server is killed outright: no shutdown, no chance to tidy anything.
      first.child.kill('SIGKILL')
      expect(await first.exited).toBe('SIGKILL')
      await smtp.start()
      const second = launchServer({ env })
      try {
        await second.listening
        const restarted = Date.now()
        const received = await waitForMail(smtp, word, STAFF.length, 30_000)
        expect(received.map((r) => r.envelope.to[0]).sort()).toEqual(STAFF)
        expect(Date.now() - restarted).toBeLessThan(10_000)
        // And never a second copy.
        await sleep(7_000)
        expect(about(smtp, word)).toHaveLength(STAFF.length)
      } finally {
        await second.stop()
      }
    } finally {
      await pgDatabase?.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  })

  // On SQLite only: the lease is the same on both, and PostgreSQL's claiming is tested by the two instances below.
  test.runIf(database.name === 'SQLite')(
    'kill -9 while the SMTP server is still receiving the e-mail: after a restart it arrives once',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-kill-'))
      const pgDatabase = database.postgresUrl ? await createPostgresDatabase(database.postgresUrl) : null
      const env = {
        DATA_DIR: dataDir,
        DATABASE_URL: pgDatabase?.url ?? '',
        ...mailEnv(smtp),
        NOTIFY_TO: STAFF[0],
      }
      const word = uniqueWord()
      try {
        const first = launchServer({ env })
        const url = await first.listening
        // The SMTP server holds the connection before its greeting: the e-mail is claimed, mid-send.
        const release = smtp.stall()
        expect((await post(url, dataDir, makeContactMessage({ message: word }))).status).toBe(201)
        await sleep(1_000)
        first.child.kill('SIGKILL')
        await first.exited
        release()
        // The dead worker's claim runs out (LEASE_MS, 90 s) before another may send it: the restarted server's
        // clock starts just past it (a real wait of 90 s took the test some 100 s).
        const afterTheLease = new Date(Date.now() + LEASE_MS + 1_000).toISOString()
        const second = launchServer({ env: { ...env, CLOCK_START: afterTheLease } })
        try {
          await second.listening
          const received = await waitForMail(smtp, word, 1, 30_000)
          expect(received).toHaveLength(1)
          await sleep(7_000)
          expect(about(smtp, word)).toHaveLength(1)
        } finally {
          await second.stop()
        }
      } finally {
        await pgDatabase?.drop()
        fs.rmSync(dataDir, { recursive: true, force: true })
      }
    },
  )
})

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let smtp: TestSmtpServer
  const servers: TestServer[] = []
  beforeAll(async () => {
    smtp = await startSmtpServer()
    const first = await startServer({ postgresUrl: process.env.TEST_DATABASE_URL, env: mailEnv(smtp) })
    servers.push(first)
    servers.push(await startServer({ env: { ...mailEnv(smtp), DATABASE_URL: first.databaseUrl! } }))
  })
  afterAll(async () => {
    // The second first: the first drops the database.
    for (const server of [...servers].reverse()) await server.stop()
    await smtp?.stop()
  })

  test('each e-mail is sent by one of them, once', async () => {
    const word = uniqueWord()
    const MESSAGES = 20
    const answers = await Promise.all(
      Array.from({ length: MESSAGES }, (_, index) =>
        post(
          servers[index % 2].url,
          servers[index % 2].dataDir,
          makeContactMessage({ message: `${word} number ${index}` }),
        ),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(MESSAGES).fill(201))
    const received = await waitForMail(smtp, word, MESSAGES * STAFF.length, 30_000)
    await sleep(7_000)
    expect(about(smtp, word)).toHaveLength(MESSAGES * STAFF.length)
    const keys = received.map((r) => `${r.envelope.to[0]} ${/number (\d+)/.exec(r.mail.text ?? '')?.[1]}`)
    expect(new Set(keys).size).toBe(MESSAGES * STAFF.length)
    expect(new Set(received.map((r) => r.mail.messageId)).size).toBe(MESSAGES * STAFF.length)
    // Both instances sent some: they really did compete for the same rows.
    for (const server of servers) expect(server.output()).toMatch(/"msg":"e-mail sent"/)
  })
})
