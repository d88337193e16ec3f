import { afterAll, beforeAll, expect } from 'vitest'

import { makeEvent } from '../factories.ts'
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../smtp-server.ts'
import { startServer, type TestServer } from '../test-server.ts'
import { ADMIN, Client, type TestDatabase, signIn, sleep } from './support.ts'

// What the event registration suites (registrations.test.ts, registration-limits.test.ts) share: `npm start`'s
// supervisor with two workers on one database, a real SMTP server receiving the e-mails.

let lastAddress = 0
/** Each visitor their own address (TRUST_PROXY reads it), so the per-IP limit is the contact form's. */
export const visitor = () => ({ 'x-forwarded-for': `198.51.100.${(++lastAddress % 250) + 1}` })

/** The factory's events' start: well after the test's today, in the church's zone. */
export const FUTURE = '2030-10-12T18:00'

export function signUp(
  client: Client,
  eventId: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = visitor(),
) {
  return client.post(`/api/events/${eventId}/registrations`, body, { headers })
}

export const person = (n: number) => ({
  name: `Person ${n}`,
  email: `person${n}.${Date.now()}@example.org`,
  people: 1,
})

/** The e-mails received so far for `address`. */
export const to = (smtp: TestSmtpServer, address: string) =>
  smtp.received.filter((received) => received.envelope.to.includes(address))

export async function mailTo(smtp: TestSmtpServer, address: string, count = 1, timeoutMs = 20_000) {
  const start = Date.now()
  while (to(smtp, address).length < count) {
    if (Date.now() - start > timeoutMs) throw new Error(`No e-mail to ${address} within ${timeoutMs} ms`)
    await sleep(100)
  }
  return to(smtp, address)
}

/** The cancel link of a registration's e-mail. */
export const cancelLinkOf = (mail: ReceivedMail) =>
  /https?:\/\/\S+\/registrations\/\S+\/cancel\?token=\S+/.exec(mail.mail.text ?? '')![0]

export interface RegistrationContext {
  smtp: TestSmtpServer
  server: TestServer
  /** Signed in as ADMIN. */
  admin: Client
  /** A visitor without a session. */
  anonymous: Client
  /** Creates an event through the API (the factory's, with `fields`). */
  newEvent: (fields: Record<string, unknown>) => Promise<{ id: string; title: string }>
}

/**
 * The suite's SMTP server and two-worker server on `database` (started in beforeAll, stopped in afterAll). Read
 * the fields inside tests, after beforeAll has run.
 */
export function useRegistrationServer(database: TestDatabase): RegistrationContext {
  const context = {} as RegistrationContext
  beforeAll(async () => {
    context.smtp = await startSmtpServer()
    context.server = await startServer({
      entry: 'scripts/start.js',
      admin: ADMIN,
      postgresUrl: database.postgresUrl,
      publicUrl: true,
      env: {
        WEB_CONCURRENCY: '2',
        SMTP_URL: context.smtp.url,
        MAIL_FROM: 'office@example.org',
        TRUST_PROXY: 'true',
        CONTACT_RATE_LIMIT: '100000',
      },
    })
    const { server } = context
    const deadline = Date.now() + 60_000
    while ((server.output().match(/Lampstand is listening/g)?.length ?? 0) < 2) {
      if (Date.now() > deadline) throw new Error(`The second worker did not start:\n${server.output()}`)
      await sleep(100)
    }
    context.admin = await signIn(server.url, ADMIN)
    context.anonymous = new Client(server.url)
  })
  afterAll(async () => {
    await context.server?.stop()
    await context.smtp?.stop()
  })
  context.newEvent = async (fields) => {
    const created = await context.admin.post('/api/events', makeEvent(fields))
    expect(created.status, created.text).toBe(201)
    return created.body as { id: string; title: string }
  }
  return context
}
