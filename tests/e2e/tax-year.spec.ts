import { createGift, updateGift, upsertDonor } from '#app/content/giving/model.server.ts'
import { openDatabase } from '#app/db/database.server.ts'

import type { TestServer } from '../test-server.ts'
import { expectToast } from './admin-helpers.ts'
import { expect, expectNoAxeViolations, signInAt, test } from './fixtures.ts'

/** Two donors' succeeded gifts in `year`, kept through the giving model: €300 (Nora) and €1,000 (Tom). */
async function insertDonorsWithGifts(server: TestServer, year: number) {
  const db = openDatabase({ dataDir: server.dataDir, databaseUrl: server.databaseUrl })
  try {
    const now = new Date().toISOString()
    const fund = await db.kysely.selectFrom('funds').select('id').executeTakeFirstOrThrow()
    for (const [name, cents] of [
      ['Nora Tax Browser', 30000],
      ['Tom Tax Browser', 100000],
    ] as const) {
      const donorId = await upsertDonor({
        db,
        customerId: `cus_${name.replace(/\W/g, '')}`,
        email: `${name.split(' ')[0]!.toLowerCase()}@example.org`,
        name,
        language: 'en',
        now,
      })
      const id = await createGift({
        db,
        gift: {
          amount_cents: cents,
          fund_id: fund.id,
          frequency: 'once',
          given_at: `${year}-06-01T10:00:00.000Z`,
          tax_year: year,
          ie_taxpayer: true,
          language: 'en',
          donor_id: donorId,
        },
        now,
      })
      await updateGift({ db, id, change: { status: 'succeeded', cleared_at: now }, now })
    }
  } finally {
    await db.close()
  }
}

test('An administrator sees the tax year, enters a certificate whose PPSN then shows masked, deletes it and enters it again, and prints a CHY3', async ({
  page,
  server,
}) => {
  const year = 2019
  await insertDonorsWithGifts(server, year)
  await signInAt(page, `/admin/funds/tax-year?year=${year}`)
  await expect(page.getByRole('heading', { level: 1, name: `Tax year ${year}` })).toBeVisible()
  const nora = page.getByRole('listitem').filter({ hasText: 'Nora Tax Browser' })
  await expect(nora).toContainText('€300.00')
  await expect(nora).toContainText('€134.78')
  await expect(nora).toContainText('No certificate')
  await expectNoAxeViolations(page)

  await nora.getByText('Enter Nora Tax Browser’s certificate').click()
  await nora.getByLabel('First year').fill(String(year))
  await nora.getByRole('textbox', { name: 'PPSN' }).fill('1357913A')
  await expectNoAxeViolations(page)
  await nora.getByRole('button', { name: 'Save certificate' }).click()
  await expectToast(page, 'CHY3 certificate saved')
  await expect(nora).toContainText('•••••13A')
  await expect(nora.getByRole('textbox', { name: 'PPSN' })).toHaveCount(0)
  await expect(page.locator('body')).not.toContainText('1357913A')

  // Entered wrongly: deleted after a confirmation, and the form to enter it is back.
  await nora.getByRole('button', { name: 'Delete Nora Tax Browser’s certificate' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete this certificate?' })
  await expect(confirm).toBeVisible()
  await expectNoAxeViolations(page)
  await confirm.getByRole('button', { name: 'Delete certificate' }).click()
  await expectToast(page, 'Certificate deleted')
  await expect(nora).toContainText('No certificate')
  await expect(nora).not.toContainText('•••••13A')
  await expectNoAxeViolations(page)
  await nora.getByText('Enter Nora Tax Browser’s certificate').click()
  await nora.getByLabel('First year').fill(String(year))
  await nora.getByRole('textbox', { name: 'PPSN' }).fill('1357913A')
  await nora.getByRole('button', { name: 'Save certificate' }).click()
  await expect(nora).toContainText('•••••13A')
  if (process.env.SCREENSHOT_DIR) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/tax-year-${width}.png`, fullPage: true })
    }
    await page.setViewportSize({ width: 1280, height: 900 })
  }

  const tom = page.getByRole('listitem').filter({ hasText: 'Tom Tax Browser' })
  await tom.getByRole('link', { name: 'CHY3 for Tom Tax Browser to sign' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /Enduring certificate \(CHY3\)/ })).toBeVisible()
  await expect(page.getByText(`${year} to ${year + 4}`)).toBeVisible()
  await expect(page.getByText('Tom Tax Browser', { exact: true })).toBeVisible()
  await expectNoAxeViolations(page)
})
