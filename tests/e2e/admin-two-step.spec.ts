import * as OTPAuth from 'otpauth'

import { allowRefusedRequests, createPerson, expectToast, openAdmin } from './admin-helpers.ts'
import { expect, expectNoAxeViolations, signInAt, test, waitForHydration } from './fixtures.ts'
import type { Page } from '@playwright/test'

const totp = (secret: string) =>
  new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate()

async function signInWithPassword(page: Page, person: { email: string; password: string }) {
  await page.goto('/admin/login')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(person.email)
  await page.getByLabel('Password').fill(person.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/admin\/login\/two-step$/)
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible()
  await waitForHydration(page)
}

test('Two-step sign-in: switching it on, signing in with a code, signing in with a backup code, refusing a wrong code', async ({
  page,
  server,
  consoleErrors,
}) => {
  // Four sign-ins, each with a password hash, and the codes' screens: more than a minute beside two other busy
  // workers on two cores.
  test.slow()
  const person = await createPerson(server, 'two-step')
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/admin/login')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(person.email)
  await page.getByLabel('Password').fill(person.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL('**/admin/dashboard')
  await page.getByRole('link', { name: 'My account' }).click()

  const card = page.getByRole('region', { name: 'Two-step sign-in' })
  await card.getByLabel('Current password').fill(person.password)
  await card.getByRole('button', { name: 'Set up two-step sign-in' }).click()
  await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible()
  const secret = ((await card.getByTestId('two-step-secret').textContent()) ?? '').replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: 'test-results/screenshots/two-step-setup-1280.png', fullPage: true })

  await card.getByLabel('Code from the app').fill(totp(secret))
  await card.getByRole('button', { name: 'Switch on' }).click()
  await expectToast(page, 'Two-step sign-in is on')
  const codes = await card.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents()
  expect(codes).toHaveLength(10)
  await expect(card.getByText('On', { exact: true })).toBeVisible()
  await expectNoAxeViolations(page)

  // Signing in now asks for a code after the password; a wrong one is refused.
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
  await signInWithPassword(page, person)
  await expectNoAxeViolations(page)
  const wrong = totp(secret) === '000000' ? '111111' : '000000'
  await page.getByLabel('Code', { exact: true }).fill(wrong)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('alert')).toContainText('That code is not right')
  await expect(page).toHaveURL(/\/admin\/login\/two-step$/)
  allowRefusedRequests(consoleErrors)
  await page.getByLabel('Code', { exact: true }).fill(totp(secret))
  await page.getByRole('button', { name: 'Verify' }).click()
  await page.waitForURL('**/admin/dashboard')

  // With a backup code instead, on a phone.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
  await signInWithPassword(page, person)
  await page.getByRole('link', { name: 'Lost your phone? Use a backup code' }).click()
  await expect(page.getByLabel('Backup code')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: 'test-results/screenshots/two-step-sign-in-390.png', fullPage: true })
  await page.getByLabel('Backup code').fill(codes[0])
  await page.getByRole('button', { name: 'Verify' }).click()
  await page.waitForURL('**/admin/dashboard')
})

test('Settings: requiring two-step for everyone asks the administrator to switch it on for themselves first', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInAt(page, '/admin/settings')
  const card = page.getByRole('region', { name: 'Two-step sign-in' })
  await expect(card.getByLabel('Require two-step sign-in for everyone')).not.toBeChecked()
  await card.getByLabel('Require two-step sign-in for everyone').check()
  await card.getByRole('button', { name: 'Save two-step setting' }).click()
  await expect(card.getByRole('alert')).toContainText('Switch on two-step sign-in for yourself first')
  allowRefusedRequests(consoleErrors)
  await expectNoAxeViolations(page)
  await card.screenshot({ path: 'test-results/screenshots/settings-two-step-1280.png' })
  // Nothing changed: the administrator without two-step still uses the admin.
  await openAdmin(page, '/admin/dashboard')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
})
