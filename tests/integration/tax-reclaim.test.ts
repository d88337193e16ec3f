import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'

import Stripe from 'stripe'
import { afterAll, describe, expect, test } from 'vitest'

import { makeChurchInfo, makeFund } from '../factories.ts'
import { startSmtpServer } from '../smtp-server.ts'
import { runScript } from '../test-server.ts'
import { adminPages, adminRoutes, ADMINISTRATOR_PAGES } from './admin-routes.ts'
import {
  type Client,
  createEditor,
  databases,
  insertAdministrator,
  querySql,
  runSql,
  signIn,
  stripeEventsSettled,
  useServer,
} from './support.ts'
import { createGift, updateGift, upsertDonor } from '#app/content/giving/model.server.ts'
import { taxYearOf } from '#app/content/giving/giving.server.ts'
import { openDatabase } from '#app/db/database.server.ts'

const WEBHOOK_SECRET = 'whsec_test_tax'
/** The server's clock starts at 23:30 on 31 December 2026 in Dublin (UTC+0 in winter). */
const CLOCK_START = '2026-12-31T23:30:00.000Z'
const startedAt = Date.now()
/** Seconds by the server's clock (it moves on from CLOCK_START as real time does), for Stripe's signatures. */
const serverSeconds = () => Math.floor((Date.parse(CLOCK_START) + Date.now() - startedAt) / 1000)

/** Test PPSNs with their right check letters (tax-schema.ts): each must appear in the claim's CSV and nowhere else. */
const PPSN_ANNE = '8765432EA'
const PPSN_BRIAN = '2468024S'
const PPSN_CIARA = '1357913A'

/** A stand-in for Stripe's API (STRIPE_API_URL): it makes Checkout Sessions and remembers their parameters. */
const sessions: Array<{ id: string; params: URLSearchParams }> = []
const stripeDouble = http.createServer((req, res) => {
  let body = ''
  req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
  req.on('end', () => {
    const id = `cs_tax_${sessions.length + 1}`
    sessions.push({ id, params: new URLSearchParams(body) })
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ id, object: 'checkout.session', url: `http://127.0.0.1/pay/${id}` }))
  })
})
await new Promise<void>((resolve) => stripeDouble.listen(0, '127.0.0.1', resolve))
const doubleUrl = `http://127.0.0.1:${(stripeDouble.address() as AddressInfo).port}`
afterAll(() => new Promise<void>((resolve) => stripeDouble.close(() => resolve())))
/** Every e-mail the servers send (receipts, staff's invitations) is read by the PPSN search. */
const smtp = await startSmtpServer()
afterAll(() => smtp.stop())

let eventNumber = 0
/** Sends a signed event and waits until the job worker has been at it (gifts are processed in the background). */
async function sendEvent(
  ctx: Parameters<typeof stripeEventsSettled>[0] & { anonymous: Client },
  type: string,
  object: Record<string, unknown>,
) {
  const timestamp = serverSeconds()
  const payload = JSON.stringify({
    id: `evt_tax_${++eventNumber}_${Date.now()}`,
    object: 'event',
    created: timestamp,
    livemode: false,
    type,
    data: { object },
  })
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp })
  const answer = await ctx.anonymous.request('POST', '/api/stripe/webhook', {
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  })
  await stripeEventsSettled(ctx)
  return answer
}

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database, {
    publicUrl: true,
    env: {
      CLOCK_START,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'office@example.org',
      STRIPE_SECRET_KEY: 'sk_test_tax_double',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: doubleUrl,
    },
  })
  let fundId = ''
  let treasurer: Client
  const donors: Record<string, string> = {}
  const gifts: Record<string, string> = {}

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

  const year = async (client: Client, value: number) => {
    const answer = await client.get(`/api/giving/tax-years/${value}`)
    expect(answer.status, answer.text).toBe(200)
    return answer.body
  }

  test('a gift at 23:30 on 31 December in Dublin is in that tax year', async () => {
    await ctx.admin.put('/api/church_info', makeChurchInfo({ timezone: 'Europe/Dublin' }))
    fundId = (await ctx.admin.post('/api/funds', makeFund({ name: 'General' }))).body.id
    await insertAdministrator(ctx.server, {
      email: 'treasurer@example.org',
      password: 'a-treasurers-long-password',
    })
    await runSql(ctx, `update "user" set role = 'treasurer' where email = 'treasurer@example.org'`)
    treasurer = await signIn(ctx.server.url, {
      email: 'treasurer@example.org',
      password: 'a-treasurers-long-password',
    })

    const form = new URLSearchParams({
      amount: '300',
      fund: fundId,
      frequency: 'once',
      email: 'eve@example.org',
    })
    const given = await ctx.anonymous.request('POST', '/give', {
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(given.status, given.text).toBe(303)
    const session = sessions.at(-1)!
    const giftId = session.params.get('client_reference_id')!
    const paid = await sendEvent(ctx, 'checkout.session.completed', {
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
    expect(paid.status, paid.text).toBe(200)
    const [gift] = await querySql<{ given_at: string; status: string }>(
      ctx,
      `select given_at, status from gifts where id = '${giftId}'`,
    )
    expect(gift!.status).toBe('succeeded')
    expect(gift!.given_at).toMatch(/^2026-12-31T23:[3-5]\d/)
    const report = await year(treasurer, 2026)
    expect(report).toMatchObject({ year: 2026, threshold_cents: 25000, reclaim_cents: 13478 })
    expect(report.donors).toEqual([
      expect.objectContaining({ total_cents: 30000, reclaim_cents: 13478, certificate: false }),
    ])
    expect((await year(treasurer, 2027)).donors).toEqual([])
  })

  test('€249.99 is under the threshold, three gifts of €250.00 reach it; refunded, disputed and benefit gifts do not count', async () => {
    await giveInYear('anne', 'Anne Byrne', [10000, 10000, 5000], '2025-06-01T10:00:00.000Z')
    await giveInYear('brian', 'Brian Kelly', [100000], '2025-03-15T10:00:00.000Z')
    await giveInYear('brian', 'Brian Kelly', [20000], '2025-12-24T10:00:00.000Z')
    await giveInYear('ciara', 'Ciara Daly', [24999], '2025-09-01T10:00:00.000Z')
    await giveInYear('declan', 'Declan Roe', [20000, 20000], '2025-05-01T10:00:00.000Z')
    // Brian's €200 bought a place at the parish dinner: never in the reclaim.
    expect((await treasurer.patch(`/api/gifts/${gifts.brian_0}`, { benefit: true })).status).toBe(200)
    // Declan's second gift was refunded in the year: €200 is left, under the threshold.
    await runSql(ctx, `update gifts set status = 'refunded' where id = '${gifts.declan_1}'`)

    const report = await year(treasurer, 2025)
    expect(report.donors).toEqual([
      {
        donor_id: donors.brian,
        total_cents: 100000,
        reclaim_cents: 44928,
        certificate: false,
        claimed: false,
      },
      { donor_id: donors.anne, total_cents: 25000, reclaim_cents: 11232, certificate: false, claimed: false },
    ])
    expect(report.reclaim_cents).toBe(44928 + 11232)
  })

  test('a part refund leaves the gift succeeded and counts it less what was refunded; a later refund raises it, twice or late changes nothing', async () => {
    // Eve's €300 card gift of 31 December (the first test), and €100 she gave in June: €400 in 2026.
    await giveInYear('eve', 'Eve Walsh', [10000], '2026-06-01T10:00:00.000Z')
    const eve = async () =>
      (await year(treasurer, 2026)).donors.find(
        (donor: { donor_id: string }) => donor.donor_id === donors.eve,
      )
    expect((await eve())?.total_cents).toBe(40000)
    const charge = (amountRefunded: number) => ({
      id: 'ch_new_year',
      object: 'charge',
      payment_intent: 'pi_new_year',
      amount: 30000,
      amount_refunded: amountRefunded,
      refunded: false,
    })
    const refunded = async () =>
      (
        await querySql<{ status: string; refunded_cents: number | string }>(
          ctx,
          `select status, refunded_cents from gifts where stripe_payment_intent_id = 'pi_new_year'`,
        )
      )[0]
    // €100 of the €300 given back: the gift stays succeeded and counts €200.
    await sendEvent(ctx, 'charge.refunded', charge(10000))
    expect(await refunded()).toMatchObject({ status: 'succeeded' })
    expect(Number((await refunded())!.refunded_cents)).toBe(10000)
    expect(await eve()).toMatchObject({ total_cents: 30000, reclaim_cents: 13478 })
    // A second refund (Stripe's charge then says €150 in all), sent twice, then the first one's event again late.
    await sendEvent(ctx, 'charge.refunded', charge(15000))
    await sendEvent(ctx, 'charge.refunded', charge(15000))
    await sendEvent(ctx, 'charge.refunded', charge(10000))
    expect(Number((await refunded())!.refunded_cents)).toBe(15000)
    expect(await eve()).toMatchObject({ total_cents: 25000, reclaim_cents: 11232 })
    expect((await refunded())!.status).toBe('succeeded')
  })

  test('a certificate is kept with its PPSN sealed and shown masked; a wrong PPSN is refused without repeating it', async () => {
    const wrong = await treasurer.post('/api/giving/certificates', {
      donor_id: donors.anne,
      type: 'CHY3',
      first_year: 2021,
      ppsn: '8765432EB',
    })
    expect(wrong.status).toBe(400)
    expect(wrong.text).not.toContain('8765432')
    expect(wrong.body.error.fields).toHaveProperty('ppsn')
    const refused = await treasurer.post('/api/giving/certificates', { donor_id: donors.anne, type: 'CHY9' })
    expect(refused.status).toBe(400)
    expect(
      (
        await treasurer.post('/api/giving/certificates', {
          donor_id: 'nobody',
          type: 'CHY4',
          first_year: 2025,
          ppsn: PPSN_ANNE,
        })
      ).status,
    ).toBe(404)

    const saved = await treasurer.post('/api/giving/certificates', {
      donor_id: donors.anne,
      type: 'CHY3',
      first_year: 2021,
      ppsn: '8765432 ea',
      associated: true,
    })
    expect(saved.status, saved.text).toBe(201)
    expect(saved.body).toMatchObject({ type: 'CHY3', first_year: 2021, last_year: 2025, ppsn: '•••••2EA' })
    // Brian's CHY4 is for 2024: it does not cover 2025.
    const old = await ctx.admin.post('/api/giving/certificates', {
      donor_id: donors.brian,
      type: 'CHY4',
      first_year: 2024,
      ppsn: PPSN_BRIAN,
    })
    expect(old.status).toBe(201)
    const [row] = await querySql<{ ppsn_sealed: string }>(
      ctx,
      `select ppsn_sealed from tax_certificates where donor_id = '${donors.anne}'`,
    )
    expect(row!.ppsn_sealed).toMatch(/^v1\./)
    expect(row!.ppsn_sealed).not.toContain('8765432')
    const report = await year(treasurer, 2025)
    expect(report.donors.map((donor: { certificate: boolean }) => donor.certificate)).toEqual([false, true])
  })

  test('the claim waits for 1 March; then each donor-year with a certificate is claimed once', async () => {
    const early = await treasurer.get('/api/giving/tax-years/2026/claim.csv')
    expect(early.status).toBe(409)
    expect(early.body.error.message).toMatch(/from 1 March 2027/)

    const first = await treasurer.get('/api/giving/tax-years/2025/claim.csv')
    expect(first.status, first.text).toBe(200)
    expect(first.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(first.text.replace(/^\uFEFF/, '')).toBe(
      `"name","ppsn","total","associated"\r\n"Anne Byrne","${PPSN_ANNE}","250.00","yes"\r\n`,
    )
    const again = await treasurer.get('/api/giving/tax-years/2025/claim.csv')
    expect(again.text.replace(/^\uFEFF/, '')).toBe('"name","ppsn","total","associated"\r\n')

    // Brian signs a CHY4 for 2025 afterwards: the next claim holds him only.
    await treasurer.post('/api/giving/certificates', {
      donor_id: donors.brian,
      type: 'CHY4',
      first_year: 2025,
      ppsn: PPSN_BRIAN,
    })
    const second = await ctx.admin.get('/api/giving/tax-years/2025/claim.csv')
    expect(second.text.replace(/^\uFEFF/, '')).toBe(
      `"name","ppsn","total","associated"\r\n"Brian Kelly","${PPSN_BRIAN}","1000.00","no"\r\n`,
    )
    const claimed = await querySql<{ donor_id: string }>(
      ctx,
      `select donor_id from tax_claim_donors where tax_year = 2025 order by total_cents`,
    )
    expect(claimed.map((row) => row.donor_id)).toEqual([donors.anne, donors.brian])
    const exports = await querySql<{ user_email: string }>(
      ctx,
      `select user_email from activity_log where section = 'tax_reclaim' and action = 'exported' order by at`,
    )
    expect(exports.map((row) => row.user_email)).toEqual(['treasurer@example.org', 'admin@example.org'])
    const report = await year(treasurer, 2025)
    expect(report.donors.every((donor: { claimed: boolean }) => donor.claimed)).toBe(true)
    expect(report.claim.claims).toHaveLength(2)
  })

  test('a certificate entered wrongly is deleted with its sealed PPSN; one a claim was made with is kept (409)', async () => {
    const wrong = await treasurer.post('/api/giving/certificates', {
      donor_id: donors.ciara,
      type: 'CHY4',
      first_year: 2026,
      ppsn: PPSN_CIARA,
    })
    expect(wrong.status).toBe(201)
    const deleted = await treasurer.delete(`/api/giving/certificates/${wrong.body.id}`)
    expect(deleted.status, deleted.text).toBe(204)
    const left = await querySql<{ n: number | string }>(
      ctx,
      `select count(*) as n from tax_certificates where id = '${wrong.body.id}'`,
    )
    expect(Number(left[0]!.n)).toBe(0)
    expect((await treasurer.delete(`/api/giving/certificates/${wrong.body.id}`)).status).toBe(404)
    const [logged] = await querySql<{ item_title: string; user_email: string }>(
      ctx,
      `select item_title, user_email from activity_log where section = 'tax_reclaim' and action = 'deleted'`,
    )
    expect(logged).toMatchObject({
      item_title: "A donor's CHY4 certificate for 2026",
      user_email: 'treasurer@example.org',
    })

    // Anne's certificate is in 2025's claim: it stays, and the answer says why.
    const [anne] = await querySql<{ id: string }>(
      ctx,
      `select id from tax_certificates where donor_id = '${donors.anne}'`,
    )
    const kept = await ctx.admin.delete(`/api/giving/certificates/${anne!.id}`)
    expect(kept.status).toBe(409)
    expect(kept.body.error.message).toBe(
      'This certificate was used in the claim for 2025, so it cannot be deleted',
    )
    // The screen's Delete (a form post) does the same.
    const screen = await ctx.admin.request('POST', '/admin/funds/tax-year', {
      body: new URLSearchParams({ intent: 'delete-certificate', id: anne!.id }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(screen.status).toBe(409)
    const [count] = await querySql<{ n: number | string }>(ctx, `select count(*) as n from tax_certificates`)
    expect(Number(count!.n)).toBe(3)
  })

  test('a refund and a dispute after the claim leave it as it was and show as adjustments', async () => {
    const refunded = await sendEvent(ctx, 'charge.refunded', {
      id: 'ch_anne_0',
      object: 'charge',
      payment_intent: 'pi_anne_0',
      refunded: true,
      amount_refunded: 10000,
    })
    expect(refunded.status, refunded.text).toBe(200)
    const [gift] = await querySql<{ status: string }>(
      ctx,
      `select status from gifts where id = '${gifts.anne_0}'`,
    )
    expect(gift!.status).toBe('refunded')
    // A dispute, as the dispute's event leaves the gift.
    await runSql(ctx, `update gifts set status = 'disputed' where stripe_payment_intent_id = 'pi_brian_0'`)

    const report = await year(treasurer, 2025)
    expect(report.donors).toEqual([])
    expect(report.adjustments).toEqual(
      expect.arrayContaining([
        {
          donor_id: donors.anne,
          claimed_total_cents: 25000,
          total_cents: 15000,
          claimed_reclaim_cents: 11232,
          reclaim_cents: 0,
          adjustment_cents: -11232,
        },
        {
          donor_id: donors.brian,
          claimed_total_cents: 100000,
          total_cents: 0,
          claimed_reclaim_cents: 44928,
          reclaim_cents: 0,
          adjustment_cents: -44928,
        },
      ]),
    )
    const csv = await treasurer.get('/api/giving/tax-years/2025/claim.csv')
    expect(csv.text.replace(/^\uFEFF/, '')).toBe('"name","ppsn","total","associated"\r\n')
    const screen = await treasurer.get('/admin/funds/tax-year?year=2025')
    expect(screen.status).toBe(200)
    expect(screen.text).toContain('Adjustments')
  })

  test('editors get 403 and visitors 401 at every tax address', async () => {
    const editor = await createEditor(ctx, 'editor@example.org')
    const [certificate] = await querySql<{ id: string }>(ctx, `select id from tax_certificates limit 1`)
    const addresses: Array<[string, string, unknown?]> = [
      ['GET', '/api/giving/tax-years/2025'],
      ['GET', '/api/giving/tax-years/2025/claim.csv'],
      [
        'POST',
        '/api/giving/certificates',
        { donor_id: donors.anne, type: 'CHY4', first_year: 2025, ppsn: PPSN_ANNE },
      ],
      ['DELETE', `/api/giving/certificates/${certificate!.id}`],
    ]
    for (const [method, address, body] of addresses) {
      const refused = await editor.request(method, address, { json: body })
      expect(refused.status, `${method} ${address}`).toBe(403)
      expect((await ctx.anonymous.request(method, address, { json: body })).status).toBe(401)
    }
    for (const page of [
      '/admin/funds/tax-year?year=2025',
      '/admin/funds/tax-year.data?year=2025',
      `/admin/funds/tax-year/chy3/${donors.ciara}?year=2026`,
    ]) {
      expect((await editor.get(page)).status, page).toBe(403)
    }
    const post = await editor.request('POST', '/admin/funds/tax-year', {
      body: new URLSearchParams({
        donor_id: donors.anne,
        type: 'CHY4',
        first_year: '2025',
        ppsn: PPSN_ANNE,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(post.status).toBe(403)
    const [count] = await querySql<{ n: number | string }>(ctx, `select count(*) as n from tax_certificates`)
    expect(Number(count!.n)).toBe(3)
  })

  test('the tax year screen and a CHY3 made out to a donor; the PPSN field is never shown again', async () => {
    await ctx.admin.request('POST', '/admin/settings', {
      body: new URLSearchParams({ intent: 'giving', charity_number: 'CHY 12345' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    const saved = await treasurer.request('POST', '/admin/funds/tax-year?year=2026', {
      body: new URLSearchParams({
        donor_id: donors.ciara,
        type: 'CHY3',
        first_year: '2026',
        ppsn: PPSN_CIARA,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.text).not.toContain(PPSN_CIARA)
    const page = await treasurer.get('/admin/funds/tax-year?year=2026')
    expect(page.text).toContain('Tax year 2026')
    expect(page.text).toContain('Eve Walsh')
    expect(page.text).toContain('from 1 March 2027')
    const chy3 = await treasurer.get(`/admin/funds/tax-year/chy3/${donors.ciara}?year=2026`)
    expect(chy3.status).toBe(200)
    expect(chy3.text).toContain('Ciara Daly')
    expect(chy3.text).toContain('CHY 12345')
    expect(chy3.text).toContain('2026 to 2030')
    expect((await treasurer.get('/admin/funds/tax-year/chy3/nobody')).status).toBe(404)
  })

  test('a PPSN is found in the claim only: not in logs, pages, e-mails, other exports or a backup', async () => {
    const ppsns = [PPSN_ANNE, PPSN_BRIAN, PPSN_CIARA]
    const texts: Record<string, string> = {}
    // Every page under the admin (and its data), every address the API answers to a GET without a record's id,
    // and every export, as the administrator and as the treasurer.
    const everyAddress = [
      ...adminPages().flatMap((page) => [page, `${page}.data`]),
      ...Object.keys(ADMINISTRATOR_PAGES),
      ...adminRoutes()
        .filter((route) => route.method === 'GET' && !route.path.includes(':'))
        .map((route) => route.path),
      '/api/giving/tax-years/2026',
      '/admin/funds/tax-year?year=2025&format=csv',
    ]
    for (const address of new Set(everyAddress)) {
      for (const [who, client] of [
        ['administrator', ctx.admin],
        ['treasurer', treasurer],
      ] as const) {
        const answer = await client.get(address)
        expect(answer.status, `${who} ${address}`).toBeLessThan(500)
        texts[`${who} ${address}`] = answer.text
      }
    }
    for (const address of [
      '/admin/funds/tax-year?year=2025',
      '/admin/funds/tax-year?year=2026',
      '/admin/funds/tax-year.data?year=2025',
      `/admin/funds/tax-year/chy3/${donors.anne}?year=2025`,
      '/admin/activity',
      '/admin/settings',
      '/api/giving/tax-years/2025',
      '/api/gifts',
      '/api/subscribers/consents?email=anne@example.org&format=csv',
      '/admin/messages/export',
      // The Gifts screen, a donor's page and the gifts' CSV (their names and e-mails, never a certificate's PPSN).
      '/admin/gifts',
      `/admin/gifts?donor=${donors.anne}`,
      '/admin/gifts/export',
      '/admin/gifts/export?year=2025',
    ]) {
      const answer = await ctx.admin.get(address)
      expect(answer.status, address).toBe(200)
      texts[address] = answer.text
    }
    // Every e-mail sent (a receipt at least), whole: headers, text and HTML.
    await smtp.waitFor(1)
    texts.emails = JSON.stringify(
      smtp.received.map(({ mail }) => ({
        headers: [...mail.headers.entries()],
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      })),
    )
    texts.outbox = JSON.stringify(await querySql(ctx, 'select * from outbox'))
    texts.activity = JSON.stringify(await querySql(ctx, 'select * from activity_log'))
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-tax-backup-'))
    try {
      await runScript('backup', ['--out', out], {
        DATA_DIR: ctx.server.dataDir,
        DATABASE_URL: ctx.server.databaseUrl ?? '',
        SEED_DEMO: 'false',
      })
      const [archive] = fs.readdirSync(out)
      texts.backup = zlib.gunzipSync(fs.readFileSync(path.join(out, archive!))).toString('latin1')
    } finally {
      fs.rmSync(out, { recursive: true, force: true })
    }
    expect(texts.backup).toContain('tax_certificates')
    // The server's stdout and stderr, read last: everything above was logged by then.
    texts.logs = ctx.server.output()
    expect(texts.logs).toContain('"msg"')
    for (const [where, text] of Object.entries(texts)) {
      for (const ppsn of ppsns) expect(text.includes(ppsn), `${ppsn} in ${where}`).toBe(false)
    }
    // Every admin page, twice, and a backup: well over a minute on a busy machine.
  }, 240_000)
})
