// Giving, the form (issue 46 split it from the gifts' events): a gift goes to Stripe Checkout, Checkout's events
// decide it, and without Stripe the page shows the bank's details.
import { describe, expect, test } from 'vitest'

import { makeChurchInfo, makeFund } from '../factories.ts'
import { postForm, sepaSession, signedEvent, startGivingStripe, useGivingServer } from './giving-support.ts'
import { databases, querySql, useServer } from './support.ts'

const stripe = await startGivingStripe()
const { sessions, stripeNow } = stripe

describe.each(databases)('$name', (database) => {
  const { ctx, give, send, giftStatus } = useGivingServer(database, stripe)
  let general: { id: string }
  let building: { id: string }

  /**
   * A €40 SEPA gift whose Checkout Session (and, with `intent`, its PaymentIntent) Stripe has now as given: a stale
   * event about it is decided by them.
   */
  async function sepaGiftNow(paymentIntent: string, paid: 'paid' | 'unpaid', intent?: string) {
    const gift = await give({ amount: '40', fund: general.id, frequency: 'once' })
    const object = sepaSession(gift.giftId, gift.session.id, paymentIntent)
    stripeNow.set(gift.session.id, { ...object, status: 'complete', payment_status: paid })
    if (intent) stripeNow.set(paymentIntent, { id: paymentIntent, object: 'payment_intent', status: intent })
    return { giftId: gift.giftId, object }
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
    const cleared = await sepaGiftNow('pi_sepa_now_paid', 'paid', 'succeeded')
    await send(signedEvent('checkout.session.completed', cleared.object))
    expect(await giftStatus(cleared.giftId)).toBe('succeeded')
    await send(
      signedEvent('checkout.session.async_payment_succeeded', { ...cleared.object, payment_status: 'paid' }),
    )
    expect(await giftStatus(cleared.giftId)).toBe('succeeded')

    // The debit failed: its `async_payment_failed` came first, then the stale `completed, unpaid`; and a session
    // whose failure event is still to come is failed by its PaymentIntent.
    const bounced = await sepaGiftNow('pi_sepa_now_failed', 'unpaid', 'requires_payment_method')
    await send(signedEvent('checkout.session.async_payment_failed', bounced.object))
    await send(signedEvent('checkout.session.completed', bounced.object))
    expect(await giftStatus(bounced.giftId)).toBe('failed')
    const late = await sepaGiftNow('pi_sepa_now_failed', 'unpaid')
    await send(signedEvent('checkout.session.completed', late.object))
    expect(await giftStatus(late.giftId)).toBe('failed')

    // Still on its way: processing, whatever order.
    const pending = await sepaGiftNow('pi_sepa_now_processing', 'unpaid', 'processing')
    await send(signedEvent('checkout.session.completed', pending.object))
    expect(await giftStatus(pending.giftId)).toBe('processing')
  })
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
