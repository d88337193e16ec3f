// Giving, second part (issue 49): Stripe's events processed by the job worker, receipts (only when a gift succeeds,
// in the donor's language, with the charity number, a SEPA gift's mandate reference and a monthly giver's link to
// Stripe's customer portal), disputes and refunds in any order, monthly gifts' failures and end, and the January
// statements, under the server's clock: moved month by month while it runs (decision 0046) and, for January,
// by restarting it with CLOCK_START.
import { describe, expect, test } from 'vitest'

import { DECEMBER, startReceiptsStripe, text, useReceiptsServer } from './giving-receipts-support.ts'
import { databases, querySql } from './support.ts'

const JANUARY = '2027-01-04T09:00:00Z'
const LATER_IN_JANUARY = '2027-01-20T09:00:00Z'

const stripe = await startReceiptsStripe()
const { portals, disputes, url: doubleUrl } = stripe

describe.each(databases)('$name', (database) => {
  const gifts = useReceiptsServer(database, stripe)
  const { start, moveClock, db, send, give, mailsTo, after, until, statusOf } = gifts

  test('a card gift succeeds once however often its event comes: one gift, one receipt, with the charity number; a Malayalam gift’s receipt is in Malayalam', async () => {
    const email = `card-${database.name}@example.org`
    const { giftId, sessionId } = await give({ amount: '25', frequency: 'once', email })
    const completed = {
      id: sessionId,
      object: 'checkout.session',
      client_reference_id: giftId,
      mode: 'payment',
      payment_status: 'paid',
      payment_intent: `pi_card_${database.name}`,
      payment_method_types: ['card'],
      customer: `cus_card_${database.name}`,
      customer_details: { email, name: 'Áine Byrne' },
    }
    const first = await send('checkout.session.completed', completed, `evt_card_${database.name}`)
    const repeat = await send('checkout.session.completed', completed, `evt_card_${database.name}`)
    expect(first.body).toEqual({ received: true, repeat: false })
    expect(repeat.body).toEqual({ received: true, repeat: true })
    // Stripe may send the same change under another event id: still one receipt.
    await send('checkout.session.completed', completed)
    expect(await statusOf(giftId)).toBe('succeeded')
    const [receipt] = await until(email, 1)
    expect(await after(email)).toHaveLength(1)
    expect(receipt!.mail.subject).toBe('Your gift to St Brigid’s Fellowship: thank you')
    expect(text(receipt!)).toContain('Dear Áine Byrne,')
    expect(text(receipt!)).toMatch(/Amount: €25\.00/)
    expect(text(receipt!)).toContain('Fund: General')
    expect(text(receipt!)).toContain('Paid by: Card')
    expect(text(receipt!)).toContain('Charity number: CHY 12345')
    expect(text(receipt!)).not.toContain('/api/giving/portal')

    const malayalam = `ml-${database.name}@example.org`
    const ml = await give({ amount: '10', frequency: 'once' }, '/ml/give')
    await send('checkout.session.completed', {
      id: ml.sessionId,
      object: 'checkout.session',
      client_reference_id: ml.giftId,
      payment_status: 'paid',
      payment_intent: `pi_ml_${database.name}`,
      payment_method_types: ['card'],
      customer_details: { email: malayalam, name: null },
    })
    const [mlReceipt] = await until(malayalam, 1)
    expect(mlReceipt!.mail.subject).toBe('St Brigid’s Fellowship-ന് നിങ്ങൾ നൽകിയ സംഭാവന: നന്ദി')
    expect(text(mlReceipt!)).toContain('നിധി: പൊതു നിധി')
    expect(mlReceipt!.mail.html).toContain('lang="ml"')
  })

  test('a SEPA gift gets no receipt while processing, one with its mandate reference once it clears, and none when it fails', async () => {
    const email = `sepa-${database.name}@example.org`
    const cleared = await give({ amount: '50', frequency: 'once' })
    const session = (giftId: string, sessionId: string, pi: string) => ({
      id: sessionId,
      object: 'checkout.session',
      client_reference_id: giftId,
      payment_status: 'unpaid',
      payment_intent: pi,
      payment_method_types: ['card', 'sepa_debit'],
      customer_details: { email, name: 'Seán Ó Riain' },
    })
    const pi = `pi_sepa_${database.name}`
    await send('checkout.session.completed', session(cleared.giftId, cleared.sessionId, pi))
    expect(await statusOf(cleared.giftId)).toBe('processing')
    expect(await after(email)).toHaveLength(0)
    await send('checkout.session.async_payment_succeeded', {
      ...session(cleared.giftId, cleared.sessionId, pi),
      payment_status: 'paid',
    })
    expect(await statusOf(cleared.giftId)).toBe('succeeded')
    const [receipt] = await until(email, 1)
    expect(text(receipt!)).toContain('Paid by: SEPA Direct Debit')
    expect(text(receipt!)).toContain(`SEPA Direct Debit mandate reference: REF-MANDATE_${pi.toUpperCase()}`)

    const bounced = await give({ amount: '50', frequency: 'once' })
    const other = session(bounced.giftId, bounced.sessionId, `pi_bounce_${database.name}`)
    await send('checkout.session.completed', other)
    await send('checkout.session.async_payment_failed', other)
    expect(await statusOf(bounced.giftId)).toBe('failed')
    expect(await after(email)).toHaveLength(1)
  })

  test('twelve months of a monthly gift, each paid under the server’s clock moved to its month across a year, are twelve gifts of their own dates and tax years and twelve receipts, each with a signed link to Stripe’s customer portal', async () => {
    const email = `monthly-${database.name}@example.org`
    // July 2025 to June 2026: the 15th of each month at noon, the server's clock moved there before its invoice.
    const paidAt = (month: number) => new Date(Date.UTC(2025, 6 + month - 1, 15, 12)).toISOString()
    await moveClock(paidAt(1))
    const { giftId, sessionId } = await give({ amount: '20', frequency: 'monthly' })
    const subscription = `sub_${database.name}`
    const customer = `cus_monthly_${database.name}`
    const invoice = (month: number) => ({
      id: `in_${database.name}_${month}`,
      object: 'invoice',
      billing_reason: month === 1 ? 'subscription_create' : 'subscription_cycle',
      amount_paid: 2000,
      amount_due: 2000,
      currency: 'eur',
      customer,
      status: 'paid',
      status_transitions: { paid_at: Date.parse(paidAt(month)) / 1000 },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription, metadata: { gift_id: giftId } },
      },
    })
    // Receipts only: in January 2026 the donor also gets the statement of 2025.
    const receipts = () => mailsTo(email).filter((mail) => !mail.mail.subject?.startsWith('Your gifts to'))
    async function receiptsUntil(count: number) {
      const deadline = Date.now() + 15_000
      while (receipts().length < count) {
        if (Date.now() > deadline) throw new Error(`${count} receipts to ${email} did not come`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      return receipts()
    }
    // The first month is paid before Stripe's Checkout event comes: its receipt waits for the donor's address.
    await send('invoice.paid', invoice(1))
    expect(await after(email, 300)).toHaveLength(0)
    await send('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      client_reference_id: giftId,
      mode: 'subscription',
      payment_status: 'paid',
      subscription,
      customer,
      payment_method_types: ['card'],
      customer_details: { email, name: 'Monthly Giver' },
    })
    expect(await receiptsUntil(1)).toHaveLength(1)
    for (let month = 2; month <= 12; month++) {
      await moveClock(paidAt(month))
      await send('invoice.paid', invoice(month))
      // Each month's receipt comes in its month, dated the day it was paid.
      const monthly = await receiptsUntil(month)
      const date = new Intl.DateTimeFormat('en-IE', { dateStyle: 'long', timeZone: 'Europe/Dublin' })
      expect(text(monthly.at(-1)!)).toContain(date.format(new Date(paidAt(month))))
    }
    const byMonth = new Map(
      (
        await querySql<{
          stripe_invoice_id: string
          given_at: string
          tax_year: number | string
          status: string
        }>(
          db(),
          `select stripe_invoice_id, given_at, tax_year, status from gifts where stripe_subscription_id = '${subscription}'`,
        )
      ).map((row) => [row.stripe_invoice_id, row]),
    )
    expect(byMonth.size).toBe(12)
    for (let month = 2; month <= 12; month++) {
      const row = byMonth.get(`in_${database.name}_${month}`)!
      expect(row.status).toBe('succeeded')
      expect(new Date(row.given_at).toISOString()).toBe(paidAt(month))
      expect(Number(row.tax_year)).toBe(month <= 6 ? 2025 : 2026)
    }
    // The first month is the gift the form made, in 2025's tax year.
    expect(byMonth.get(`in_${database.name}_1`)).toMatchObject({ status: 'succeeded' })
    expect(Number(byMonth.get(`in_${database.name}_1`)!.tax_year)).toBe(2025)
    // January 2026 came while the server ran: the donor's statement of 2025 (six months, €120), once.
    const statements = mailsTo(email).filter((mail) => mail.mail.subject?.startsWith('Your gifts to'))
    expect(statements.map((mail) => mail.mail.subject)).toEqual([
      'Your gifts to St Brigid’s Fellowship in 2025',
    ])
    expect(text(statements[0]!)).toContain('Total given in 2025: €120.00')
    expect(await after(email, 500)).toHaveLength(13)
    await moveClock(DECEMBER)
    // The last month's link (each is signed for 400 days from its receipt).
    const receipt = receipts().at(-1)
    const link = /https?:\/\/\S+\/api\/giving\/portal\?\S+/.exec(text(receipt!))?.[0]
    expect(link).toBeDefined()
    expect(new URL(link!).port).toBe(new URL(gifts.server.url).port)
    // The link opens a portal session for the donor's customer, back to our giving page, from the site's address.
    const opened = await gifts.anonymous.request('GET', new URL(link!).pathname + new URL(link!).search)
    expect(opened.status).toBe(303)
    expect(opened.headers.get('location')).toBe(`${doubleUrl}/portal/bps_1`)
    expect(portals.at(-1)!.get('customer')).toBe(customer)
    expect(portals.at(-1)!.get('return_url')).toBe(`${new URL(link!).origin}/give`)
    const forged = new URL(link!)
    forged.searchParams.set('donor', 'someone-else')
    expect((await gifts.anonymous.request('GET', forged.pathname + forged.search)).status).toBe(404)

    // A later month refused: a failed gift of its own, no receipt; Stripe's retry pays it: succeeded, one receipt.
    const refused = { ...invoice(12), id: `in_${database.name}_13`, status: 'open', status_transitions: {} }
    await send('invoice.payment_failed', refused)
    expect(
      (
        await querySql<{ status: string }>(
          db(),
          `select status from gifts where stripe_invoice_id = '${refused.id}'`,
        )
      )[0]?.status,
    ).toBe('failed')
    expect(await after(email, 500)).toHaveLength(13)
    await send('invoice.paid', {
      ...refused,
      status: 'paid',
      status_transitions: { paid_at: Date.parse('2026-12-20T12:00:00Z') / 1000 },
    })
    expect(
      (
        await querySql<{ status: string }>(
          db(),
          `select status from gifts where stripe_invoice_id = '${refused.id}'`,
        )
      )[0]?.status,
    ).toBe('succeeded')
    expect(await until(email, 14)).toHaveLength(14)
    await send('customer.subscription.deleted', {
      id: subscription,
      object: 'subscription',
      metadata: { gift_id: giftId },
      ended_at: Date.parse('2026-12-29T09:00:00Z') / 1000,
    })
    const [first] = await querySql<{ stopped_at: string }>(
      db(),
      `select stopped_at from gifts where id = '${giftId}'`,
    )
    expect(first!.stopped_at).toBe('2026-12-29T09:00:00.000Z')
  })

  test('disputes in either order end as Stripe has them now; a refund after a dispute is a refund', async () => {
    const email = `dispute-${database.name}@example.org`
    const paid = async (pi: string) => {
      const { giftId, sessionId } = await give({ amount: '30', frequency: 'once' })
      await send('checkout.session.completed', {
        id: sessionId,
        object: 'checkout.session',
        client_reference_id: giftId,
        payment_status: 'paid',
        payment_intent: pi,
        payment_method_types: ['card'],
        customer_details: { email, name: 'Disputed Giver' },
      })
      return giftId
    }
    const won = await paid(`pi_won_${database.name}`)
    const dispute = (id: string, pi: string, status: string) => ({
      id,
      object: 'dispute',
      charge: `ch_${pi}`,
      payment_intent: pi,
      status,
    })
    // The dispute was won: its `closed` event comes first, then the late `created` (re-read: won).
    disputes.set(`dp_won_${database.name}`, 'won')
    await send('charge.dispute.closed', dispute(`dp_won_${database.name}`, `pi_won_${database.name}`, 'won'))
    await send(
      'charge.dispute.created',
      dispute(`dp_won_${database.name}`, `pi_won_${database.name}`, 'needs_response'),
    )
    expect(await statusOf(won)).toBe('succeeded')

    const lost = await paid(`pi_lost_${database.name}`)
    disputes.set(`dp_lost_${database.name}`, 'needs_response')
    await send(
      'charge.dispute.created',
      dispute(`dp_lost_${database.name}`, `pi_lost_${database.name}`, 'needs_response'),
    )
    expect(await statusOf(lost)).toBe('disputed')
    disputes.set(`dp_lost_${database.name}`, 'lost')
    await send(
      'charge.dispute.closed',
      dispute(`dp_lost_${database.name}`, `pi_lost_${database.name}`, 'lost'),
    )
    expect(await statusOf(lost)).toBe('disputed')

    const refunded = await paid(`pi_refunded_${database.name}`)
    await send('charge.refunded', {
      id: `ch_refunded_${database.name}`,
      object: 'charge',
      payment_intent: `pi_refunded_${database.name}`,
      refunded: true,
    })
    expect(await statusOf(refunded)).toBe('refunded')

    // €10 of a €30 gift given back: it stays succeeded, and the statement counts €20 of it.
    const partly = await paid(`pi_partly_${database.name}`)
    await send('charge.refunded', {
      id: `ch_partly_${database.name}`,
      object: 'charge',
      payment_intent: `pi_partly_${database.name}`,
      refunded: false,
      amount_refunded: 1000,
    })
    expect(await statusOf(partly)).toBe('succeeded')
  })

  test('in January each donor gets one statement of the past year, succeeded gifts only, in their language; a restart sends none again', async () => {
    await gifts.server.stop()
    await start(JANUARY)
    const email = `sepa-${database.name}@example.org`
    const statement = (await until(email, 2)).find((mail) => mail.mail.subject?.includes('2026'))!
    expect(statement.mail.subject).toBe('Your gifts to St Brigid’s Fellowship in 2026')
    // The SEPA donor: €50 cleared, €50 failed: only the cleared one counts.
    expect(text(statement)).toContain('Total given in 2026: €50.00')
    // The monthly donor: January to June 2026 and December's retried month (2025's months had their statement).
    const monthly = (await until(`monthly-${database.name}@example.org`, 15)).at(-1)!
    expect(text(monthly)).toContain('Total given in 2026: €140.00')
    // The disputed and refunded gifts are left out: the one whose dispute was won, and €20 of the partly refunded.
    const disputed = (await until(`dispute-${database.name}@example.org`, 5)).at(-1)!
    expect(text(disputed)).toContain('€20.00 (partly refunded)')
    expect(text(disputed)).toContain('Total given in 2026: €50.00')
    const ml = (await until(`ml-${database.name}@example.org`, 2)).at(-1)!
    expect(ml.mail.subject).toBe('2026-ൽ St Brigid’s Fellowship-ന് നിങ്ങൾ നൽകിയ സംഭാവനകൾ')
    const card = (await until(`card-${database.name}@example.org`, 2)).at(-1)!
    expect(text(card)).toContain('Total given in 2026: €25.00')
    const count = gifts.smtp.received.length
    await gifts.server.stop()
    await start(LATER_IN_JANUARY)
    await new Promise((resolve) => setTimeout(resolve, 2000))
    expect(gifts.smtp.received.length).toBe(count)
    const [row] = await querySql<{ count: number | string }>(
      db(),
      `select count(*) as count from giving_statements where year = 2026`,
    )
    expect(Number(row!.count)).toBe(5)
    // Two restarts of the server, and every donor's statement awaited.
  }, 180_000)
})
