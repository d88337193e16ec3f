import fs from 'node:fs'

import type { Page } from '@playwright/test'

import { expectToast, openAdmin, unique } from './admin-helpers.ts'
import { ADMIN, expect, expectNoAxeViolations } from './fixtures.ts'
import { testWithMail } from './mail-fixtures.ts'
import type { TestSmtpServer } from '../smtp-server.ts'

const test = testWithMail({ MAIL_FROM: 'Parish Office <office@example.org>' })

/** The e-mails to one address so far, waiting up to 20 s for the `count`th. */
async function mailTo(smtp: TestSmtpServer, address: string, count = 1) {
  const mine = () => smtp.received.filter((mail) => mail.envelope.to.includes(address))
  await expect.poll(() => mine().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count)
  return mine()
}

async function confirmByLink(page: Page, smtp: TestSmtpServer, address: string) {
  const [confirmation] = await mailTo(smtp, address)
  const link = /https?:\/\/\S+\/news\/confirm\?token=[\w-]+/.exec(confirmation.mail.text ?? '')![0]
  await page.goto(link)
  await page.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByRole('main')).toContainText('You are subscribed')
}

test('Staff see a subscriber and their consent history, export the list, remove an address, skip a week and send the next now', async ({
  page,
  smtp,
}) => {
  const name = unique('Brigid')
  const tag = name.split(' ')[1]
  const reader = `reader.${tag}@example.org`
  const leaving = `leaving.${tag}@example.org`
  for (const email of [reader, leaving]) {
    const signedUp = await page.request.post('/api/subscribers', { data: { email, name } })
    expect(signedUp.status()).toBe(202)
  }
  await confirmByLink(page, smtp, reader)
  const signedIn = await page.request.post('/api/auth/sign-in/email', { data: ADMIN })
  expect(signedIn.status()).toBe(200)

  await openAdmin(page, `/admin/subscribers?q=${tag}`)
  const row = (address: string) => page.getByRole('listitem').filter({ hasText: address })
  await expect(row(reader)).toContainText('Active')
  await expect(row(leaving)).toContainText('Pending')
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoAxeViolations(page)
  }

  // One address's consent history: signed up on the API, confirmed on the confirm page.
  await row(reader)
    .getByRole('link', { name: `Consent history of ${reader}` })
    .click()
  const history = page.getByRole('dialog', { name: 'Consent history' })
  await expect(history.getByRole('listitem')).toHaveCount(2)
  await expect(history.getByRole('listitem').nth(0)).toContainText('Signed up')
  await expect(history.getByRole('listitem').nth(1)).toContainText('Confirmed')
  await expect(history.getByRole('listitem').nth(1)).toContainText('On /news/confirm')
  await expectNoAxeViolations(page)
  await history.getByRole('button', { name: 'Close dialog' }).click()
  await expect(history).toBeHidden()
  await expect(page).not.toHaveURL(/history=/)

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ])
  const csv = fs.readFileSync((await download.path())!, 'utf8')
  expect(csv).toContain(`"${reader}","${name}","en","active"`)
  expect(csv).toContain(`"${leaving}","${name}","en","pending"`)

  await row(leaving)
    .getByRole('button', { name: `Remove ${leaving}` })
    .click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click()
  await expectToast(page, 'Subscriber removed')
  await expect(row(leaving)).toContainText('Unsubscribed')

  // The coming weekly news, as its subscribers will get it, in each language.
  const coming = page.getByRole('region', { name: 'The coming weekly news' })
  const mail = page.frameLocator('iframe[title^="The weekly news in"]')
  await expect(mail.locator('html')).toHaveAttribute('lang', 'en')
  await expect(mail.getByRole('heading', { level: 1 })).toContainText('The coming week at')
  await coming.getByRole('button', { name: 'Malayalam' }).click()
  await expect(mail.locator('html')).toHaveAttribute('lang', 'ml')

  // Skip this week: then a new day for the news, whose week is a new one, and that one sent now.
  const leaves = await coming.getByText(/^Leaves /).textContent()
  await coming.getByRole('button', { name: 'Skip this week' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Skip this week' }).click()
  await expectToast(page, 'The coming weekly news will not be sent')
  await expect(coming).toContainText('Skipped')
  await expect(coming.getByRole('button', { name: 'Send now' })).toBeDisabled()
  const time = page.getByRole('region', { name: 'When it leaves' })
  const day = await time.getByLabel('Day').inputValue()
  await time.getByLabel('Day').selectOption(String((Number(day) + 2) % 7))
  await time.getByRole('button', { name: 'Save time' }).click()
  await expectToast(page, 'Weekly news time saved')
  await expect(coming.getByText(/^Leaves /)).not.toHaveText(leaves!)
  await coming.getByRole('button', { name: 'Send now' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send now' }).click()
  await expectToast(page, 'The weekly news is on its way')
  const [, digest] = await mailTo(smtp, reader, 2)
  expect(digest.mail.headerLines.some((line) => line.key === 'list-unsubscribe-post')).toBe(true)
  // The removed address got its confirmation and nothing more.
  expect(smtp.received.filter((sent) => sent.envelope.to.includes(leaving))).toHaveLength(1)
})
