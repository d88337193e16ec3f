import { createPerson, expectToast, openAdmin } from './admin-helpers.ts'
import { expect, expectNoAxeViolations, signIn, test } from './fixtures.ts'

test('My account: from the admin bar, a new name, a refused and an accepted password, the sessions', async ({
  page,
  server,
  consoleErrors,
}) => {
  const person = await createPerson(server)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, person)
  await page.getByRole('link', { name: 'My account' }).click()
  await expect(page).toHaveURL(/\/admin\/account$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible()

  await page.getByLabel('Name', { exact: true }).fill('Mary Byrne')
  await page.getByRole('button', { name: 'Save name' }).click()
  await expectToast(page, 'Your name is saved')

  const sessions = page.getByRole('region', { name: 'Where you are signed in' })
  await expect(sessions.getByText('This device', { exact: true })).toBeVisible()
  await expect(sessions).toContainText(/Chrome on Linux/)
  await expect(sessions).toContainText('You are signed in on this device only')

  const password = page.getByRole('region', { name: 'Password' })
  await password.getByLabel('Current password').fill('not my password')
  await password.getByLabel('New password', { exact: true }).fill('seven green bottles')
  await password.getByLabel('New password again').fill('seven green bottles')
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(password.getByText('That is not your current password')).toBeVisible()
  await expect(password.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true')
  consoleErrors.length = 0 // the refused save's 400 in the console

  await password.getByLabel('Current password').fill(person.password)
  await password.getByRole('button', { name: 'Change password' }).click()
  await expectToast(page, 'Password changed')
  await expect(password.getByLabel('Current password')).toHaveValue('')
  await expect(password.getByText('That is not your current password')).toHaveCount(0)

  await expectNoAxeViolations(page)
  await page.screenshot({ path: 'test-results/screenshots/my-account-1280.png', fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await openAdmin(page, '/admin/account')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: 'test-results/screenshots/my-account-390.png', fullPage: true })
})
