// The tax reclaim (issue 46 split its tests from tax-reclaim.test.ts): editors and visitors are refused at every
// tax address, the tax year screen and a CHY3, and a PPSN is found in the claim only.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'

import { beforeAll, describe, expect, test } from 'vitest'

import { runScript } from '../test-server.ts'
import { adminPages, adminRoutes, ADMINISTRATOR_PAGES } from './admin-routes.ts'
import { type Client, createEditor, databases, querySql } from './support.ts'
import { PPSN_ANNE, PPSN_BRIAN, PPSN_CIARA, startTaxServices, useTaxServer } from './tax-reclaim-support.ts'

const services = await startTaxServices()
const { smtp } = services

describe.each(databases)('$name', (database) => {
  const { ctx, donors, setUp, giveByCard, giveIn2025 } = useTaxServer(database, services)
  let treasurer: Client

  /** A certificate as the treasurer's form on the tax year screen sends it (through the API). */
  async function certify(client: Client, fields: Record<string, unknown>) {
    const saved = await client.post('/api/giving/certificates', fields)
    expect(saved.status, saved.text).toBe(201)
    return saved.body as { id: string }
  }

  // The tax years as tax-reclaim.test.ts leaves them: Eve's card gift of 31 December (and its receipt), 2025's
  // donors, Anne's and Brian's certificates, 2025's claims, and a wrong certificate entered and deleted.
  beforeAll(async () => {
    treasurer = await setUp()
    expect((await giveByCard()).paid.status).toBe(200)
    await giveIn2025(treasurer)
    await certify(treasurer, {
      donor_id: donors.anne,
      type: 'CHY3',
      first_year: 2021,
      ppsn: '8765432 ea',
      associated: true,
    })
    await certify(ctx.admin, { donor_id: donors.brian, type: 'CHY4', first_year: 2024, ppsn: PPSN_BRIAN })
    expect((await treasurer.get('/api/giving/tax-years/2025/claim.csv')).text).toContain(PPSN_ANNE)
    await certify(treasurer, { donor_id: donors.brian, type: 'CHY4', first_year: 2025, ppsn: PPSN_BRIAN })
    expect((await ctx.admin.get('/api/giving/tax-years/2025/claim.csv')).text).toContain(PPSN_BRIAN)
    const wrong = await certify(treasurer, {
      donor_id: donors.ciara,
      type: 'CHY4',
      first_year: 2026,
      ppsn: PPSN_CIARA,
    })
    expect((await treasurer.delete(`/api/giving/certificates/${wrong.id}`)).status).toBe(204)
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
