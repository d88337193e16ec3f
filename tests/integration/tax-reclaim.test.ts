// The tax reclaim on gifts to an Irish charity (issue 46 split its tests): a donor-year's total and what can be
// reclaimed on it, refunds, certificates and the claim; tax-reclaim-access.test.ts has who may see it and where a
// PPSN may be found.
import { describe, expect, test } from 'vitest'

import { type Client, databases, querySql, runSql } from './support.ts'
import { PPSN_ANNE, PPSN_BRIAN, PPSN_CIARA, startTaxServices, useTaxServer } from './tax-reclaim-support.ts'

const services = await startTaxServices()

describe.each(databases)('$name', (database) => {
  const { ctx, donors, gifts, sendEvent, setUp, giveByCard, giveInYear, giveIn2025, year } = useTaxServer(
    database,
    services,
  )
  let treasurer: Client

  test('a gift at 23:30 on 31 December in Dublin is in that tax year', async () => {
    treasurer = await setUp()
    const { giftId, paid } = await giveByCard()
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
    await giveIn2025(treasurer)
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
    await sendEvent('charge.refunded', charge(10000))
    expect(await refunded()).toMatchObject({ status: 'succeeded' })
    expect(Number((await refunded())!.refunded_cents)).toBe(10000)
    expect(await eve()).toMatchObject({ total_cents: 30000, reclaim_cents: 13478 })
    // A second refund (Stripe's charge then says €150 in all), sent twice, then the first one's event again late.
    await sendEvent('charge.refunded', charge(15000))
    await sendEvent('charge.refunded', charge(15000))
    await sendEvent('charge.refunded', charge(10000))
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
    const refunded = await sendEvent('charge.refunded', {
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
})
