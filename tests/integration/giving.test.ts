import http from 'node:http'
import type { AddressInfo } from 'node:net'

import Stripe from 'stripe'
import { afterAll, describe, expect, test } from 'vitest'

import { makeChurchInfo, makeFund } from '../factories.ts'
import { insertAdministrator } from '../people.ts'
import {
  type Client,
  createEditor,
  databases,
  querySql,
  runSql,
  signIn,
  stripeEventsSettled,
  useServer,
} from './support.ts'

const WEBHOOK_SECRET = 'whsec_test_giving'

/**
 * A stand-in for Stripe's API on 127.0.0.1 (STRIPE_API_URL): it makes Checkout Sessions, remembering the form
 * parameters of each, and serves a page at each session's address as Stripe's hosted page would.
 */
const sessions: Array<{ id: string; params: URLSearchParams }> = []
/** Checkout Sessions and PaymentIntents as Stripe has them now, by id (others are not found: 404). */
const stripeNow = new Map<string, Record<string, unknown>>()
const stripeDouble = http.createServer((req, res) => {
  let body = ''
  req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
  req.on('end', () => {
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      const id = `cs_test_${sessions.length + 1}`
      sessions.push({ id, params: new URLSearchParams(body) })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id, object: 'checkout.session', url: `${doubleUrl}/pay/${id}` }))
      return
    }
    const found = /^\/v1\/(?:checkout\/sessions|payment_intents)\/([^/?]+)/.exec(req.url ?? '')
    if (req.method === 'GET' && found && stripeNow.has(found[1]!)) {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(stripeNow.get(found[1]!)))
      return
    }
    if (req.method === 'GET' && req.url?.startsWith('/pay/')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end('<!doctype html><html lang="en"><title>Stripe stand-in</title><h1>Pay with Stripe</h1></html>')
      return
    }
    res.writeHead(404, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: { message: `No such route ${req.method} ${req.url}` } }))
  })
})
await new Promise<void>((resolve) => stripeDouble.listen(0, '127.0.0.1', resolve))
const doubleUrl = `http://127.0.0.1:${(stripeDouble.address() as AddressInfo).port}`
afterAll(() => new Promise<void>((resolve) => stripeDouble.close(() => resolve())))

let eventNumber = 0

/** A webhook event as Stripe sends one: the JSON body and its signature, made at `timestamp` (seconds). */
function signedEvent(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; timestamp?: number; secret?: string } = {},
) {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000)
  const payload = JSON.stringify({
    id: options.id ?? `evt_test_${++eventNumber}_${Date.now()}`,
    object: 'event',
    api_version: '2025-01-01',
    created: timestamp,
    livemode: false,
    type,
    data: { object },
  })
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp,
  })
  return { payload, signature }
}

function sendEvent(client: Client, event: { payload: string; signature: string }) {
  return client.request('POST', '/api/stripe/webhook', {
    body: event.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
  })
}

/** A form post as a browser without JavaScript sends it. */
function postForm(client: Client, path: string, fields: Record<string, string>) {
  return client.request('POST', path, {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
}

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database, {
    publicUrl: true,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_giving_double',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: doubleUrl,
    },
  })
  let general: { id: string }
  let building: { id: string }

  /** Gives through the form; answers the gift's id and the session's parameters Stripe was sent. */
  async function give(fields: Record<string, string>, path = '/give') {
    const before = sessions.length
    const answer = await postForm(ctx.anonymous, path, fields)
    expect(answer.status, answer.text).toBe(303)
    expect(sessions).toHaveLength(before + 1)
    const session = sessions.at(-1)!
    expect(answer.headers.get('location')).toBe(`${doubleUrl}/pay/${session.id}`)
    return { giftId: session.params.get('client_reference_id')!, session }
  }

  /** Sends an event and waits until the job worker has worked on every event stored (or set it waiting). */
  async function send(event: { payload: string; signature: string }) {
    const answer = await sendEvent(ctx.anonymous, event)
    await stripeEventsSettled(ctx)
    return answer
  }

  async function giftStatus(id: string) {
    const [row] = await querySql<{ status: string }>(ctx, `select status from gifts where id = '${id}'`)
    return row?.status
  }

  test('a one-off gift goes to Stripe Checkout as a donation, its links made from the site address', async () => {
    await ctx.admin.put('/api/church_info', makeChurchInfo({ languages: ['en', 'ml'] }))
    general = (await ctx.admin.post('/api/funds', makeFund({ name: 'General' }))).body
    building = (await ctx.admin.post('/api/funds', makeFund({ name: 'Building fund' }))).body
    expect(general.id).toEqual(expect.any(String))

    const page = await ctx.anonymous.get('/give')
    expect(page.status).toBe(200)
    expect(page.text).toContain('name="amount"')
    expect(page.text).not.toMatch(/js\.stripe\.com|cardnumber|name="iban"/i)

    const { giftId, session } = await give({
      amount: '25',
      fund: general.id,
      frequency: 'once',
      name: 'Mary Murphy',
      email: 'mary@example.org',
    })
    const params = Object.fromEntries(session.params)
    expect(params).toMatchObject({
      mode: 'payment',
      submit_type: 'donate',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '2500',
      success_url: `${ctx.server.url}/give/thanks`,
      cancel_url: `${ctx.server.url}/give`,
      client_reference_id: giftId,
      'metadata[fund_id]': general.id,
      'metadata[gift_id]': giftId,
      locale: 'en',
      customer_email: 'mary@example.org',
    })
    expect(params['line_items[0][price_data][recurring][interval]']).toBeUndefined()
    const thanks = await ctx.anonymous.get('/give/thanks')
    expect(thanks.status).toBe(200)
    expect(thanks.text).toContain('SEPA Direct Debit takes a few working days')
    // The gift waits for Stripe's word, whatever the visitor's browser does next.
    const [gift] = await querySql<Record<string, unknown>>(ctx, `select * from gifts where id = '${giftId}'`)
    expect(gift).toMatchObject({
      amount_cents: 2500,
      status: 'processing',
      frequency: 'once',
      fund_id: general.id,
      language: 'en',
      stripe_checkout_session_id: session.id,
    })
  })

  test('a monthly gift is a subscription with a monthly euro price; a Malayalam page asks for English', async () => {
    const { giftId, session } = await give(
      { amount: '12,50', fund: building.id, frequency: 'monthly' },
      '/ml/give',
    )
    const params = Object.fromEntries(session.params)
    expect(params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '1250',
      'line_items[0][price_data][recurring][interval]': 'month',
      'subscription_data[metadata][gift_id]': giftId,
      success_url: `${ctx.server.url}/ml/give/thanks`,
      cancel_url: `${ctx.server.url}/ml/give`,
      client_reference_id: giftId,
      'metadata[fund_id]': building.id,
      locale: 'en',
    })
    expect(params.submit_type).toBeUndefined()
    expect(await giftStatus(giftId)).toBe('processing')
  })

  test('the giving form offers the amounts set in Settings; a list that is not amounts is refused', async () => {
    expect((await ctx.anonymous.get('/give')).text).toContain('value="25"')
    const refused = await postForm(ctx.admin, '/admin/settings', { intent: 'giving', presets: '5, lots' })
    expect(refused.status).toBe(400)
    const saved = await postForm(ctx.admin, '/admin/settings', {
      intent: 'giving',
      charity_number: 'CHY 12345',
      presets: '40, €5 20',
    })
    expect(saved.status, saved.text).toBe(200)
    const page = (await ctx.anonymous.get('/give')).text
    const offered = [...page.matchAll(/name="amount"[^>]*? value="(\d+)"/g)].map((match) => match[1])
    expect(offered).toEqual(['5', '20', '40'])
    await postForm(ctx.admin, '/admin/settings', { intent: 'giving', presets: '' })
    expect((await ctx.anonymous.get('/give')).text).toContain('value="25"')
  })

  test('an amount outside €1–€10,000, a closed fund or an unknown frequency is refused and nothing is made', async () => {
    const closed = (await ctx.admin.post('/api/funds', makeFund({ name: 'Old roof', open: false }))).body
    const before = sessions.length
    for (const fields of [
      { amount: '0.99', fund: general.id, frequency: 'once' },
      { amount: '10000.01', fund: general.id, frequency: 'once' },
      { amount: 'ten', fund: general.id, frequency: 'once' },
      { amount: '10', fund: closed.id, frequency: 'once' },
      { amount: '10', fund: general.id, frequency: 'weekly' },
    ]) {
      const answer = await postForm(ctx.anonymous, '/give', fields)
      expect(answer.status, JSON.stringify(fields)).toBe(400)
      expect(answer.text).toContain('role="alert"')
    }
    expect(sessions).toHaveLength(before)
    // The page offers open funds only.
    expect((await ctx.anonymous.get('/give')).text).not.toContain('Old roof')
  })

  test('a card gift completed at Checkout succeeds, and its donor is kept', async () => {
    const { giftId, session } = await give({ amount: '50', fund: general.id, frequency: 'once' })
    const answer = await send(
      signedEvent('checkout.session.completed', {
        id: session.id,
        object: 'checkout.session',
        client_reference_id: giftId,
        mode: 'payment',
        payment_status: 'paid',
        payment_intent: 'pi_card_1',
        customer: 'cus_card_1',
        customer_details: { email: 'Sean@Example.org', name: 'Seán Ó Briain' },
        payment_method_types: ['card'],
        amount_total: 5000,
        metadata: { gift_id: giftId, fund_id: general.id },
      }),
    )
    expect(answer.status, answer.text).toBe(200)
    const [gift] = await querySql<Record<string, unknown>>(ctx, `select * from gifts where id = '${giftId}'`)
    expect(gift).toMatchObject({
      status: 'succeeded',
      method: 'card',
      stripe_payment_intent_id: 'pi_card_1',
    })
    expect(gift!.cleared_at).toEqual(expect.any(String))
    const [donor] = await querySql<Record<string, unknown>>(
      ctx,
      `select * from donors where id = '${String(gift!.donor_id)}'`,
    )
    expect(donor).toMatchObject({
      email: 'sean@example.org',
      name: 'Seán Ó Briain',
      stripe_customer_id: 'cus_card_1',
    })
  })

  /** A SEPA debit's completed session: the mandate is signed, the money not there yet. */
  function sepaSession(giftId: string, sessionId: string, paymentIntent: string) {
    return {
      id: sessionId,
      object: 'checkout.session',
      client_reference_id: giftId,
      mode: 'payment',
      payment_status: 'unpaid',
      payment_intent: paymentIntent,
      customer: `cus_${paymentIntent}`,
      customer_details: { email: `${paymentIntent}@example.org`, name: 'A Giver' },
      payment_method_types: ['card', 'sepa_debit'],
    }
  }

  test('a SEPA gift is processing until its debit clears, then succeeded; or failed when it does not', async () => {
    const paid = await give({ amount: '100', fund: general.id, frequency: 'once' })
    const object = sepaSession(paid.giftId, paid.session.id, 'pi_sepa_ok')
    expect((await send(signedEvent('checkout.session.completed', object))).status).toBe(200)
    expect(await giftStatus(paid.giftId)).toBe('processing')
    const [{ method }] = await querySql<{ method: string }>(
      ctx,
      `select method from gifts where id = '${paid.giftId}'`,
    )
    expect(method).toBe('sepa_debit')
    await send(signedEvent('checkout.session.async_payment_succeeded', { ...object, payment_status: 'paid' }))
    expect(await giftStatus(paid.giftId)).toBe('succeeded')

    const bounced = await give({ amount: '100', fund: general.id, frequency: 'once' })
    const other = sepaSession(bounced.giftId, bounced.session.id, 'pi_sepa_bounced')
    await send(signedEvent('checkout.session.completed', other))
    expect(await giftStatus(bounced.giftId)).toBe('processing')
    await send(signedEvent('checkout.session.async_payment_failed', other))
    expect(await giftStatus(bounced.giftId)).toBe('failed')
  })

  test('events in reverse order end as in order: a late "completed, unpaid" does not undo a cleared debit', async () => {
    const { giftId, session } = await give({ amount: '30', fund: general.id, frequency: 'once' })
    const object = sepaSession(giftId, session.id, 'pi_sepa_reversed')
    await send(signedEvent('checkout.session.async_payment_succeeded', { ...object, payment_status: 'paid' }))
    await send(signedEvent('checkout.session.completed', object))
    expect(await giftStatus(giftId)).toBe('succeeded')
  })

  test('a stale Checkout event is decided by the session and its payment as Stripe has them now, in either order', async () => {
    // The debit cleared; its `async_payment_succeeded` is late: the earlier `completed, unpaid` already finds it paid.
    const cleared = await give({ amount: '40', fund: general.id, frequency: 'once' })
    const clearedCopy = sepaSession(cleared.giftId, cleared.session.id, 'pi_sepa_now_paid')
    stripeNow.set(cleared.session.id, { ...clearedCopy, status: 'complete', payment_status: 'paid' })
    stripeNow.set('pi_sepa_now_paid', {
      id: 'pi_sepa_now_paid',
      object: 'payment_intent',
      status: 'succeeded',
    })
    await send(signedEvent('checkout.session.completed', clearedCopy))
    expect(await giftStatus(cleared.giftId)).toBe('succeeded')
    await send(
      signedEvent('checkout.session.async_payment_succeeded', { ...clearedCopy, payment_status: 'paid' }),
    )
    expect(await giftStatus(cleared.giftId)).toBe('succeeded')

    // The debit failed: its `async_payment_failed` came first, then the stale `completed, unpaid`; and a session
    // whose failure event is still to come is failed by its PaymentIntent.
    const bounced = await give({ amount: '40', fund: general.id, frequency: 'once' })
    const bouncedCopy = sepaSession(bounced.giftId, bounced.session.id, 'pi_sepa_now_failed')
    stripeNow.set(bounced.session.id, { ...bouncedCopy, status: 'complete', payment_status: 'unpaid' })
    stripeNow.set('pi_sepa_now_failed', {
      id: 'pi_sepa_now_failed',
      object: 'payment_intent',
      status: 'requires_payment_method',
    })
    await send(signedEvent('checkout.session.async_payment_failed', bouncedCopy))
    await send(signedEvent('checkout.session.completed', bouncedCopy))
    expect(await giftStatus(bounced.giftId)).toBe('failed')
    const late = await give({ amount: '40', fund: general.id, frequency: 'once' })
    const lateCopy = sepaSession(late.giftId, late.session.id, 'pi_sepa_now_failed')
    stripeNow.set(late.session.id, { ...lateCopy, status: 'complete', payment_status: 'unpaid' })
    await send(signedEvent('checkout.session.completed', lateCopy))
    expect(await giftStatus(late.giftId)).toBe('failed')

    // Still on its way: processing, whatever order.
    const pending = await give({ amount: '40', fund: general.id, frequency: 'once' })
    const pendingCopy = sepaSession(pending.giftId, pending.session.id, 'pi_sepa_now_processing')
    stripeNow.set(pending.session.id, { ...pendingCopy, status: 'complete', payment_status: 'unpaid' })
    stripeNow.set('pi_sepa_now_processing', {
      id: 'pi_sepa_now_processing',
      object: 'payment_intent',
      status: 'processing',
    })
    await send(signedEvent('checkout.session.completed', pendingCopy))
    expect(await giftStatus(pending.giftId)).toBe('processing')
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

describe.each(databases)('$name, without Stripe', (database) => {
  const ctx = useServer(database)

  test('the giving page shows the bank transfer details and no form; a post is refused', async () => {
    const fund = (await ctx.admin.post('/api/funds', makeFund({ name: 'General' }))).body
    const settings = await ctx.admin.get('/admin/settings')
    expect(settings.text).toContain('Giving online is off')
    expect(settings.text).toContain('STRIPE_SECRET_KEY')
    const bad = await postForm(ctx.admin, '/admin/settings', {
      intent: 'giving',
      iban: 'IE29 AIBK 9311 5212 3456 79',
    })
    expect(bad.status).toBe(400)
    // Neither Stripe nor bank details: the navigation does not offer the giving page.
    expect((await ctx.anonymous.get('/about')).text).not.toContain('href="/give"')
    const saved = await postForm(ctx.admin, '/admin/settings', {
      intent: 'giving',
      account_name: 'IPC Cork',
      iban: 'ie29 aibk 9311 5212 3456 78',
      bic: 'aibkie2d',
      reference: 'GIFT',
    })
    expect(saved.status, saved.text).toBe(200)
    await ctx.admin.put('/api/church_info', makeChurchInfo())
    const page = await ctx.anonymous.get('/give')
    expect(page.status).toBe(200)
    expect(page.text).toContain('IE29 AIBK 9311 5212 3456 78')
    expect(page.text).toContain('AIBKIE2D')
    expect(page.text).not.toContain('name="amount"')
    // Bank details are giving too: the navigation links the page now.
    expect((await ctx.anonymous.get('/about')).text).toContain('href="/give"')
    const answer = await postForm(ctx.anonymous, '/give', { amount: '10', fund: fund.id, frequency: 'once' })
    expect(answer.status).toBe(503)
  })
})
