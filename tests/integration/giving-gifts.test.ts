// Giving, the gifts (issue 46 split it from the form's tests): a monthly gift's months, events out of order or
// from other sales, refunds, refused signatures, and the gifts' list for treasurers.
import { beforeAll, describe, expect, test } from 'vitest'

import { makeChurchInfo, makeFund } from '../factories.ts'
import { insertAdministrator } from '../people.ts'
import { signedEvent, startGivingStripe, useGivingServer } from './giving-support.ts'
import { createEditor, databases, querySql, runSql, signIn } from './support.ts'

const stripe = await startGivingStripe()

describe.each(databases)('$name', (database) => {
  const { ctx, give, send, giftStatus } = useGivingServer(database, stripe)
  let general: { id: string }
  let building: { id: string }

  // The funds the form's tests make first (giving-checkout.test.ts), in a site with two languages.
  beforeAll(async () => {
    expect(
      (await ctx.admin.put('/api/church_info', makeChurchInfo({ languages: ['en', 'ml'] }))).status,
    ).toBe(200)
    general = (await ctx.admin.post('/api/funds', makeFund({ name: 'General' }))).body
    building = (await ctx.admin.post('/api/funds', makeFund({ name: 'Building fund' }))).body
  })

  test('the same event twice is one gift; each month of a monthly gift is a gift of its own', async () => {
    const { giftId, session } = await give({ amount: '20', fund: building.id, frequency: 'monthly' })
    await send(
      signedEvent('checkout.session.completed', {
        id: session.id,
        object: 'checkout.session',
        client_reference_id: giftId,
        mode: 'subscription',
        payment_status: 'paid',
        subscription: 'sub_monthly_1',
        customer: 'cus_monthly_1',
        customer_details: { email: 'monthly@example.org', name: 'Monthly Giver' },
      }),
    )
    const invoice = (id: string, reason: string, paidAt: number) => ({
      id,
      object: 'invoice',
      billing_reason: reason,
      amount_paid: 2000,
      currency: 'eur',
      customer: 'cus_monthly_1',
      status: 'paid',
      status_transitions: { paid_at: paidAt },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: 'sub_monthly_1', metadata: { gift_id: giftId } },
      },
    })
    const now = Math.floor(Date.now() / 1000)
    await send(signedEvent('invoice.paid', invoice('in_1', 'subscription_create', now)))
    const second = signedEvent('invoice.paid', invoice('in_2', 'subscription_cycle', now + 1))
    const first = await send(second)
    const repeat = await send(second)
    expect(first.body).toEqual({ received: true, repeat: false })
    expect(repeat.status).toBe(200)
    expect(repeat.body).toEqual({ received: true, repeat: true })
    // The same invoice in another event (Stripe may send one twice under new ids) is still one gift.
    await send(signedEvent('invoice.paid', invoice('in_2', 'subscription_cycle', now + 1)))

    const rows = await querySql<Record<string, unknown>>(
      ctx,
      `select * from gifts where stripe_subscription_id = 'sub_monthly_1' order by stripe_invoice_id`,
    )
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({ id: giftId, stripe_invoice_id: 'in_1', status: 'succeeded' })
    expect(rows[1]).toMatchObject({
      stripe_invoice_id: 'in_2',
      status: 'succeeded',
      amount_cents: 2000,
      fund_id: building.id,
      donor_id: rows[0]!.donor_id,
      frequency: 'monthly',
    })
    expect(rows[0]!.donor_id).toEqual(expect.any(String))
  })

  test('a month paid before its Checkout event still gets its donor; events of other sales change nothing', async () => {
    const { giftId, session } = await give({ amount: '15', fund: general.id, frequency: 'monthly' })
    const now = Math.floor(Date.now() / 1000)
    await send(
      signedEvent('invoice.paid', {
        id: 'in_early_2',
        object: 'invoice',
        billing_reason: 'subscription_cycle',
        amount_paid: 1500,
        currency: 'eur',
        status_transitions: { paid_at: now },
        parent: { subscription_details: { subscription: 'sub_early', metadata: { gift_id: giftId } } },
      }),
    )
    await send(
      signedEvent('checkout.session.completed', {
        id: session.id,
        object: 'checkout.session',
        client_reference_id: giftId,
        payment_status: 'paid',
        subscription: 'sub_early',
        customer: 'cus_early',
        customer_details: { email: 'early@example.org' },
      }),
    )
    const rows = await querySql<{ donor_id: string | null }>(
      ctx,
      `select donor_id from gifts where stripe_subscription_id = 'sub_early'`,
    )
    expect(rows).toHaveLength(2)
    expect(new Set(rows.map((row) => row.donor_id)).size).toBe(1)
    expect(rows[0]!.donor_id).toEqual(expect.any(String))

    const [{ count: before }] = await querySql<{ count: number | string }>(
      ctx,
      'select count(*) as count from gifts',
    )
    for (const event of [
      signedEvent('checkout.session.completed', {
        id: 'cs_other_shop',
        object: 'checkout.session',
        payment_status: 'paid',
      }),
      signedEvent('invoice.paid', {
        id: 'in_other_shop',
        object: 'invoice',
        amount_paid: 900,
        currency: 'eur',
        parent: { subscription_details: { subscription: 'sub_other_shop', metadata: {} } },
      }),
    ]) {
      expect((await send(event)).status).toBe(200)
    }
    const [{ count: after }] = await querySql<{ count: number | string }>(
      ctx,
      'select count(*) as count from gifts',
    )
    expect(Number(after)).toBe(Number(before))
  })

  test('a refund before its payment is known waits for it, then the gift is refunded', async () => {
    const { giftId, session } = await give({ amount: '40', fund: general.id, frequency: 'once' })
    const refund = signedEvent('charge.refunded', {
      id: 'ch_refund_1',
      object: 'charge',
      payment_intent: 'pi_refund_1',
      refunded: true,
      amount_refunded: 4000,
    })
    expect((await send(refund)).status).toBe(200)
    await send(
      signedEvent('checkout.session.completed', {
        id: session.id,
        object: 'checkout.session',
        client_reference_id: giftId,
        payment_status: 'paid',
        payment_intent: 'pi_refund_1',
        payment_method_types: ['card'],
      }),
    )
    expect(await giftStatus(giftId)).toBe('refunded')
  })

  test('a stale timestamp (301 s) or a bad signature is refused with 400, and nothing is stored', async () => {
    const { giftId, session } = await give({ amount: '15', fund: general.id, frequency: 'once' })
    const object = {
      id: session.id,
      object: 'checkout.session',
      client_reference_id: giftId,
      payment_status: 'paid',
    }
    const stale = signedEvent('checkout.session.completed', object, {
      id: 'evt_stale',
      timestamp: Math.floor(Date.now() / 1000) - 301,
    })
    const forged = signedEvent('checkout.session.completed', object, {
      id: 'evt_forged',
      secret: 'whsec_wrong',
    })
    const tampered = signedEvent('checkout.session.completed', object, { id: 'evt_tampered' })
    for (const event of [
      stale,
      forged,
      { payload: tampered.payload.replace('"paid"', '"PAID"'), signature: tampered.signature },
      { payload: tampered.payload, signature: '' },
    ]) {
      const answer = await send(event)
      expect(answer.status, answer.text).toBe(400)
      expect(answer.body).toEqual({ error: { message: expect.any(String) } })
    }
    expect(
      await querySql(
        ctx,
        `select id from stripe_events where id in ('evt_stale', 'evt_forged', 'evt_tampered')`,
      ),
    ).toEqual([])
    expect(await giftStatus(giftId)).toBe('processing')
  })

  test('a fund that has gifts cannot be deleted (409), only closed; the Funds screen lists the funds', async () => {
    const refused = await ctx.admin.delete(`/api/funds/${general.id}`)
    expect(refused.status, refused.text).toBe(409)
    expect((await ctx.admin.get(`/api/funds/${general.id}`)).status).toBe(200)
    const screen = await ctx.admin.get('/admin/funds')
    expect(screen.status).toBe(200)
    expect(screen.text).toContain('Building fund')
  })

  test('treasurers and administrators list the gifts with filters and a total; editors get 403', async () => {
    const editor = await createEditor(ctx, 'youth.leader@example.org')
    await insertAdministrator(ctx.server, {
      email: 'treasurer@example.org',
      password: 'a-treasurers-long-password',
    })
    await runSql(ctx, `update "user" set role = 'treasurer' where email = 'treasurer@example.org'`)
    const treasurer = await signIn(ctx.server.url, {
      email: 'treasurer@example.org',
      password: 'a-treasurers-long-password',
    })

    expect((await ctx.anonymous.get('/api/gifts')).status).toBe(401)
    for (const path of ['/api/gifts', '/api/gifts?status=succeeded', `/api/gifts?fund=${general.id}`]) {
      const refused = await editor.get(path)
      expect(refused.status, path).toBe(403)
      expect(refused.body.error.message).toMatch(/administrators and treasurers/)
    }

    const [{ count }] = await querySql<{ count: number | string }>(ctx, 'select count(*) as count from gifts')
    for (const client of [treasurer, ctx.admin]) {
      const all = await client.get('/api/gifts')
      expect(all.status).toBe(200)
      expect(all.headers.get('x-total-count')).toBe(String(count))
      expect(all.headers.get('cache-control')).toContain('no-store')
      expect(all.body).toHaveLength(Number(count))
    }
    const succeeded = await treasurer.get('/api/gifts?status=succeeded')
    expect(succeeded.body.length).toBeGreaterThan(0)
    expect(succeeded.body.every((gift: { status: string }) => gift.status === 'succeeded')).toBe(true)
    const toBuilding = await treasurer.get(`/api/gifts?fund=${building.id}`)
    expect(toBuilding.body.length).toBeGreaterThan(0)
    expect(toBuilding.body.every((gift: { fund_id: string }) => gift.fund_id === building.id)).toBe(true)
    const year = new Date().getUTCFullYear()
    expect(
      Number((await treasurer.get(`/api/gifts?year=${year}`)).headers.get('x-total-count')),
    ).toBeGreaterThan(0)
    expect((await treasurer.get(`/api/gifts?year=${year - 5}`)).body).toEqual([])
    expect((await treasurer.get('/api/gifts?status=pending')).status).toBe(400)

    // A gift that bought a benefit (a meal, a place) is marked so, by a treasurer only.
    const gift = succeeded.body[0] as { id: string; benefit: boolean }
    expect(gift.benefit).toBe(false)
    expect((await editor.get(`/api/gifts/${gift.id}`)).status).toBe(403)
    expect((await editor.patch(`/api/gifts/${gift.id}`, { benefit: true })).status).toBe(403)
    const marked = await treasurer.patch(`/api/gifts/${gift.id}`, { benefit: true })
    expect(marked.status, marked.text).toBe(200)
    expect(marked.body).toMatchObject({ id: gift.id, benefit: true })
    expect((await treasurer.get(`/api/gifts/${gift.id}`)).body.benefit).toBe(true)
    expect((await treasurer.patch(`/api/gifts/${gift.id}`, { amount_cents: 1 })).status).toBe(400)
    expect((await treasurer.patch('/api/gifts/no-such-gift', { benefit: true })).status).toBe(404)
    const [entry] = await querySql<{ section: string; user_email: string }>(
      ctx,
      `select section, user_email from activity_log where item_id = '${gift.id}'`,
    )
    expect(entry).toEqual({ section: 'gifts', user_email: 'treasurer@example.org' })

    // The Gifts screen, a donor's view and the CSV: editors get 403 on each (page, its data and the download).
    const [donor] = await querySql<{ id: string; email: string }>(
      ctx,
      `select id, email from donors where email is not null order by email limit 1`,
    )
    const addresses = [
      '/admin/gifts',
      '/admin/gifts.data',
      '/admin/gifts?status=succeeded&year=2026',
      `/admin/gifts?donor=${donor!.id}`,
      `/admin/gifts.data?donor=${donor!.id}`,
      '/admin/gifts/export',
      '/admin/gifts/export?status=succeeded',
      '/api/gifts',
      `/api/gifts/${gift.id}`,
    ]
    for (const path of addresses) {
      const refused = await editor.get(path)
      expect(refused.status, path).toBe(403)
      expect(refused.text, path).not.toContain(donor!.email)
    }
    expect((await editor.patch(`/api/gifts/${gift.id}`, { benefit: false })).status).toBe(403)
    const before = await querySql(ctx, `select id from activity_log where section = 'gifts'`)
    const screen = await treasurer.get(`/admin/gifts?fund=${general.id}`)
    expect(screen.status).toBe(200)
    expect(screen.text).toContain('Export CSV')
    const donorPage = await treasurer.get(`/admin/gifts?donor=${donor!.id}`)
    expect(donorPage.status).toBe(200)
    expect(donorPage.text).toContain(donor!.email)
    const csv = await treasurer.get('/admin/gifts/export?status=succeeded')
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(csv.text.split('\r\n')[0]).toContain('"amount_eur"')
    expect(csv.text).not.toContain('"processing"')
    const logged = await querySql<{ action: string; item_title: string; user_email: string }>(
      ctx,
      `select action, item_title, user_email from activity_log where section = 'gifts' order by at desc limit ${
        (await querySql(ctx, `select id from activity_log where section = 'gifts'`)).length - before.length
      }`,
    )
    expect(logged.map((row) => row.action).sort()).toEqual(['exported', 'viewed'])
    expect(logged.every((row) => row.user_email === 'treasurer@example.org')).toBe(true)
    // A treasurer keeps the money only (decision 0037): the content screens and their API are refused.
    expect((await treasurer.get('/admin/events')).status).toBe(403)
    expect((await treasurer.post('/api/funds', makeFund())).status).toBe(403)
    const home = await treasurer.get('/admin/dashboard')
    expect(home.status).toBe(302)
    expect(home.headers.get('location')).toBe('/admin/gifts')
  }, 120_000)
})
