// The set-up of giving-receipts.test.ts: its stand-in for Stripe, and a server under a clock of its own (started
// at CLOCK_START, moved while it runs, decision 0046) that keeps its data across restarts, with an SMTP server.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, expect } from 'vitest'

import { makeChurchInfo, makeFund } from '../factories.ts'
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../smtp-server.ts'
import { createPostgresDatabase, startServer, type TestServer } from '../test-server.ts'
import { postEvent, signEvent, startStripeDouble } from './giving-support.ts'
import { ADMIN, Client, querySql, signIn, stripeEventsSettled, type TestDatabase } from './support.ts'

const WEBHOOK_SECRET = 'whsec_test_receipts'
export const DECEMBER = '2026-12-30T10:00:00Z'

/**
 * A stand-in for Stripe's API (STRIPE_API_URL) for the calling test file: Checkout Sessions, a PaymentIntent's
 * latest charge and its SEPA mandate, disputes as they are now (`disputes`), and customer portal sessions
 * (remembered in `portals`).
 */
export async function startReceiptsStripe() {
  const sessions: Array<{ id: string; params: URLSearchParams }> = []
  const portals: URLSearchParams[] = []
  const disputes = new Map<string, string>()
  const url = await startStripeDouble((req, body, res, doubleUrl) => {
    const answer = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(value))
    }
    const url = new URL(req.url ?? '/', 'http://double')
    const [, , kind, id] = url.pathname.split('/')
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const session = `cs_receipts_${sessions.length + 1}`
      sessions.push({ id: session, params: new URLSearchParams(body) })
      return answer(200, { id: session, object: 'checkout.session', url: `${doubleUrl}/pay/${session}` })
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      portals.push(new URLSearchParams(body))
      return answer(200, { id: 'bps_1', object: 'billing_portal.session', url: `${doubleUrl}/portal/bps_1` })
    }
    if (req.method === 'GET' && kind === 'payment_intents') {
      return answer(200, {
        id,
        object: 'payment_intent',
        latest_charge: {
          id: `ch_${id}`,
          object: 'charge',
          payment_method_details: { type: 'sepa_debit', sepa_debit: { mandate: `mandate_${id}` } },
        },
      })
    }
    if (req.method === 'GET' && kind === 'mandates') {
      return answer(200, {
        id,
        object: 'mandate',
        payment_method_details: { type: 'sepa_debit', sepa_debit: { reference: `REF-${id!.toUpperCase()}` } },
      })
    }
    if (req.method === 'GET' && kind === 'disputes' && disputes.has(id!)) {
      return answer(200, { id, object: 'dispute', status: disputes.get(id!) })
    }
    answer(404, { error: { message: `No such route ${req.method} ${req.url}` } })
  })
  return { url, sessions, portals, disputes }
}

type ReceiptsStripe = Awaited<ReturnType<typeof startReceiptsStripe>>

let eventNumber = 0

/**
 * The suite's server on `database`, started at DECEMBER with a fund and the charity number (in beforeAll) and
 * stopped in afterAll, with what the tests do to it: restart it at another time, move its clock, give, send
 * Stripe's events, read gifts and the e-mails the SMTP server received.
 */
export function useReceiptsServer(database: TestDatabase, stripe: ReceiptsStripe) {
  let smtp: TestSmtpServer
  let server: TestServer
  let anonymous: Client
  /** The server's clock at the test's Date.now() (it started at CLOCK_START and runs on). */
  let clockOffset = 0
  const store = { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-gifts-')), databaseUrl: '' }
  let dropDatabase: () => Promise<void> = async () => {}
  const fund = { id: '', ...makeFund({ name: 'General', translations: { ml: { name: 'പൊതു നിധി' } } }) }

  async function start(clockStart: string) {
    const before = Date.now()
    server = await startServer({
      admin: ADMIN,
      dataDir: store.dataDir,
      publicUrl: true,
      env: {
        DATABASE_URL: store.databaseUrl,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'office@example.org',
        STRIPE_SECRET_KEY: 'sk_test_receipts',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
        CLOCK_START: clockStart,
      },
      movableClock: true,
    })
    clockOffset = Date.parse(clockStart) - before
    anonymous = new Client(server.url)
  }

  beforeAll(async () => {
    smtp = await startSmtpServer()
    if (database.postgresUrl) {
      const created = await createPostgresDatabase(database.postgresUrl)
      store.databaseUrl = created.url
      dropDatabase = created.drop
    }
    await start(DECEMBER)
    const admin = await signIn(server.url, ADMIN)
    const info = await admin.put('/api/church_info', {
      ...makeChurchInfo({ name: 'St Brigid’s Fellowship' }),
      languages: ['en', 'ml'],
      timezone: 'Europe/Dublin',
    })
    expect(info.status, info.text).toBe(200)
    const { id: _none, ...fields } = fund
    const created = await admin.post('/api/funds', fields)
    expect(created.status, created.text).toBe(201)
    fund.id = (created.body as { id: string }).id
    const settings = await admin.request('POST', '/admin/settings', {
      body: new URLSearchParams({ intent: 'giving', charity_number: 'CHY 12345', presets: '5, 20, 40' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(settings.status, settings.text).toBeLessThan(400)
  })

  afterAll(async () => {
    await server?.stop()
    await smtp?.stop()
    await dropDatabase()
    fs.rmSync(store.dataDir, { recursive: true, force: true })
  })

  /** Moves the running server's clock (decision 0046); events are then signed by it. */
  async function moveClock(at: string) {
    await server.setClock(at)
    clockOffset = Date.parse(at) - Date.now()
  }

  const db = () => ({ server: { ...server, databaseUrl: store.databaseUrl || undefined } })

  /** An event signed at the server's clock now (Stripe's tolerance is measured by it). */
  async function send(type: string, object: Record<string, unknown>, id = `evt_receipts_${++eventNumber}`) {
    const timestamp = Math.floor((Date.now() + clockOffset) / 1000)
    const answer = await postEvent(
      anonymous,
      signEvent(type, object, { id, timestamp, secret: WEBHOOK_SECRET }),
    )
    expect(answer.status, answer.text).toBe(200)
    await stripeEventsSettled(db())
    return answer
  }

  async function give(fields: Record<string, string>, page = '/give') {
    const answer = await anonymous.request('POST', page, {
      body: new URLSearchParams({ fund: fund.id, ...fields }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(answer.status, answer.text).toBe(303)
    const session = stripe.sessions.at(-1)!
    return { giftId: session.params.get('client_reference_id')!, sessionId: session.id }
  }

  // Donors' addresses are kept in lower case (and so sent to).
  const mailsTo = (address: string) =>
    smtp.received.filter((mail) => mail.envelope.to.includes(address.toLowerCase()))

  /** Waits a moment for e-mails that should not come, then answers those that did. */
  async function after(address: string, ms = 1500) {
    await new Promise((resolve) => setTimeout(resolve, ms))
    return mailsTo(address)
  }

  async function until(address: string, count: number) {
    const deadline = Date.now() + 15_000
    while (mailsTo(address).length < count) {
      if (Date.now() > deadline) throw new Error(`${count} e-mails to ${address} did not come`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    return mailsTo(address)
  }

  const statusOf = async (id: string) =>
    (await querySql<{ status: string }>(db(), `select status from gifts where id = '${id}'`))[0]?.status

  return {
    get server() {
      return server
    },
    get anonymous() {
      return anonymous
    },
    get smtp() {
      return smtp
    },
    start,
    moveClock,
    db,
    send,
    give,
    mailsTo,
    after,
    until,
    statusOf,
  }
}

export const text = (mail: ReceivedMail) => mail.mail.text ?? ''
