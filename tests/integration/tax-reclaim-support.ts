// The set-up of the tax reclaim's tests (tax-reclaim.test.ts, tax-reclaim-access.test.ts): a server whose clock
// starts at 23:30 on 31 December 2026 in Dublin, Stripe's stand-in and an SMTP server, and the gifts, donors and
// treasurer the tests work on.
import { afterAll, beforeAll, expect } from 'vitest'

import { makeChurchInfo, makeFund } from '../factories.ts'
import { startSmtpServer } from '../smtp-server.ts'
import { postEvent, postForm, signEvent, startStripeDouble } from './giving-support.ts'
import {
  type Client,
  insertAdministrator,
  runSql,
  signIn,
  stripeEventsSettled,
  type TestDatabase,
  useServer,
} from './support.ts'
import { createGift, updateGift, upsertDonor } from '#app/content/giving/model.server.ts'
import { taxYearOf } from '#app/content/giving/giving.server.ts'
import { openDatabase } from '#app/db/database.server.ts'

const WEBHOOK_SECRET = 'whsec_test_tax'
/** The server's clock starts at 23:30 on 31 December 2026 in Dublin (UTC+0 in winter). */
const CLOCK_START = '2026-12-31T23:30:00.000Z'

/** Test PPSNs with their right check letters (tax-schema.ts): each must appear in the claim's CSV and nowhere else. */
export const PPSN_ANNE = '8765432EA'
export const PPSN_BRIAN = '2468024S'
export const PPSN_CIARA = '1357913A'

/**
 * For the calling test file: a stand-in for Stripe's API (STRIPE_API_URL) that makes Checkout Sessions and
 * remembers their parameters, and an SMTP server (every e-mail the servers send, receipts and staff's invitations,
 * is read by the PPSN search); both stopped once the file's tests are done.
 */
export async function startTaxServices() {
  const sessions: Array<{ id: string; params: URLSearchParams }> = []
  const url = await startStripeDouble((_req, body, res) => {
    const id = `cs_tax_${sessions.length + 1}`
    sessions.push({ id, params: new URLSearchParams(body) })
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ id, object: 'checkout.session', url: `http://127.0.0.1/pay/${id}` }))
  })
  const smtp = await startSmtpServer()
  afterAll(() => smtp.stop())
  return { url, sessions, smtp }
}

type TaxServices = Awaited<ReturnType<typeof startTaxServices>>

let eventNumber = 0

/**
 * The suite's server (useServer) on `database`, its clock started at CLOCK_START, with Stripe and mail; and what
 * the tests do to it: set up the fund and a treasurer, give by card, keep past years' gifts, send Stripe's events.
 */
export function useTaxServer(database: TestDatabase, services: TaxServices) {
  let startedAt = Date.now()
  // Registered before useServer's: the server's clock starts at CLOCK_START just after this.
  beforeAll(() => {
    startedAt = Date.now()
  })
  const ctx = useServer(database, {
    publicUrl: true,
    env: {
      CLOCK_START,
      SMTP_URL: services.smtp.url,
      MAIL_FROM: 'office@example.org',
      STRIPE_SECRET_KEY: 'sk_test_tax_double',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: services.url,
    },
  })
  let fundId = ''
  const donors: Record<string, string> = {}
  const gifts: Record<string, string> = {}

  /** Seconds by the server's clock (it moves on from CLOCK_START as real time does), for Stripe's signatures. */
  const serverSeconds = () => Math.floor((Date.parse(CLOCK_START) + Date.now() - startedAt) / 1000)

  /** Sends a signed event and waits until the job worker has been at it (gifts are processed in the background). */
  async function sendEvent(type: string, object: Record<string, unknown>) {
    const timestamp = serverSeconds()
    const id = `evt_tax_${++eventNumber}_${Date.now()}`
    const answer = await postEvent(
      ctx.anonymous,
      signEvent(type, object, { id, timestamp, secret: WEBHOOK_SECRET }),
    )
    await stripeEventsSettled(ctx)
    return answer
  }

  /** The church in Dublin's time, the General fund and a treasurer, signed in (answered). */
  async function setUp() {
    await ctx.admin.put('/api/church_info', makeChurchInfo({ timezone: 'Europe/Dublin' }))
    fundId = (await ctx.admin.post('/api/funds', makeFund({ name: 'General' }))).body.id
    await insertAdministrator(ctx.server, {
      email: 'treasurer@example.org',
      password: 'a-treasurers-long-password',
    })
    await runSql(ctx, `update "user" set role = 'treasurer' where email = 'treasurer@example.org'`)
    return signIn(ctx.server.url, {
      email: 'treasurer@example.org',
      password: 'a-treasurers-long-password',
    })
  }

  /** Eve Walsh's €300 through the form, paid by card at Checkout now (23:30 on 31 December at the start). */
  async function giveByCard() {
    const given = await postForm(ctx.anonymous, '/give', {
      amount: '300',
      fund: fundId,
      frequency: 'once',
      email: 'eve@example.org',
    })
    expect(given.status, given.text).toBe(303)
    const session = services.sessions.at(-1)!
    const giftId = session.params.get('client_reference_id')!
    const paid = await sendEvent('checkout.session.completed', {
      id: session.id,
      object: 'checkout.session',
      client_reference_id: giftId,
      mode: 'payment',
      payment_status: 'paid',
      payment_intent: 'pi_new_year',
      customer: 'cus_eve',
      customer_details: { email: 'eve@example.org', name: 'Eve Walsh' },
      payment_method_types: ['card'],
    })
    return { giftId, paid }
  }

  /** Succeeded gifts of a donor in a past year, kept through the giving model as Stripe's events leave them. */
  async function giveInYear(key: string, name: string, amounts: number[], givenAt: string) {
    const db = openDatabase({ databaseUrl: ctx.server.databaseUrl, dataDir: ctx.server.dataDir })
    try {
      const now = new Date().toISOString()
      donors[key] ??= await upsertDonor({
        db,
        customerId: `cus_${key}`,
        email: `${key}@example.org`,
        name,
        language: 'en',
        now,
      })
      for (const [index, amount] of amounts.entries()) {
        const id = await createGift({
          db,
          gift: {
            amount_cents: amount,
            fund_id: fundId,
            frequency: 'once',
            given_at: givenAt,
            tax_year: taxYearOf(new Date(givenAt), 'Europe/Dublin'),
            ie_taxpayer: true,
            language: 'en',
            donor_id: donors[key],
          },
          now,
        })
        const change = {
          status: 'succeeded',
          stripe_payment_intent_id: `pi_${key}_${index}`,
          cleared_at: givenAt,
        }
        await updateGift({ db, id, change: change as never, now })
        gifts[`${key}_${index}`] = id
      }
    } finally {
      await db.close()
    }
  }

  /** The donors who gave in 2025 (Declan's second gift refunded, Brian's December gift a benefit). */
  async function giveIn2025(treasurer: Client) {
    await giveInYear('anne', 'Anne Byrne', [10000, 10000, 5000], '2025-06-01T10:00:00.000Z')
    await giveInYear('brian', 'Brian Kelly', [100000], '2025-03-15T10:00:00.000Z')
    await giveInYear('brian', 'Brian Kelly', [20000], '2025-12-24T10:00:00.000Z')
    await giveInYear('ciara', 'Ciara Daly', [24999], '2025-09-01T10:00:00.000Z')
    await giveInYear('declan', 'Declan Roe', [20000, 20000], '2025-05-01T10:00:00.000Z')
    // Brian's €200 bought a place at the parish dinner: never in the reclaim.
    expect((await treasurer.patch(`/api/gifts/${gifts.brian_0}`, { benefit: true })).status).toBe(200)
    // Declan's second gift was refunded in the year: €200 is left, under the threshold.
    await runSql(ctx, `update gifts set status = 'refunded' where id = '${gifts.declan_1}'`)
  }

  /** The tax year's report, as a treasurer or an administrator reads it. */
  const year = async (client: Client, value: number) => {
    const answer = await client.get(`/api/giving/tax-years/${value}`)
    expect(answer.status, answer.text).toBe(200)
    return answer.body
  }

  return { ctx, donors, gifts, sendEvent, setUp, giveByCard, giveInYear, giveIn2025, year }
}
