import { allowRefusedRequests, expectToast } from './admin-helpers.ts'
import { expect, expectNoAxeViolations, signInAt, test } from './fixtures.ts'

// Decision 0018: without PUBLIC_URL an administrator confirms the site's address once, offered from their own
// request; e-mails' links, calendar UIDs and share pictures then name it.
test('Settings: the site address is offered from the administrator’s own address, checked, and confirmed', async ({
  page,
  server,
  consoleErrors,
}) => {
  const own = new URL(server.url).origin
  await page.setViewportSize({ width: 390, height: 844 })
  await signInAt(page, '/admin/settings')
  const card = page.getByRole('region', { name: 'Site address' })
  const field = card.getByLabel('Address of the website')
  await expect(field).toHaveValue(own)
  await expect(card.getByText('Not confirmed yet')).toBeVisible()
  await expectNoAxeViolations(page)
  await card.screenshot({ path: 'test-results/screenshots/settings-site-address-390.png' })

  await field.fill('church.example/about')
  await card.getByRole('button', { name: 'Confirm site address' }).click()
  await expect(card.locator('#settings-site-address-error')).toContainText('without a page')
  await expect(field).toHaveAttribute('aria-invalid', 'true')

  await field.fill(own)
  await card.getByRole('button', { name: 'Confirm site address' }).click()
  await expectToast(page, 'Site address saved')
  await expect(card.getByRole('button', { name: 'Save site address' })).toBeVisible()
  await expect(card.getByText('Not confirmed yet')).toHaveCount(0)
  await page.setViewportSize({ width: 1280, height: 900 })
  await card.screenshot({ path: 'test-results/screenshots/settings-site-address-1280.png' })
  allowRefusedRequests(consoleErrors, /status of 400/)
})
