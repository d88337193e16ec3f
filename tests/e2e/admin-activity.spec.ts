// The activity log in the browser: an edit made in the admin shows on /admin/activity and on the dashboard,
// with the person, the section and the item's title; the screen's filters; axe on the activity screen at 1280 and
// 390 px (on the dashboard in admin-layout.spec.ts).
import { expectToast, openAdmin, unique } from './admin-helpers.ts'
import { ADMIN, expect, expectNoAxeViolations, signIn, test } from './fixtures.ts'

test('an edited event is on the activity screen and the dashboard, by whom and where', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page)
  const title = unique('Harvest Supper')
  const created = await page.request.post('/api/events', {
    data: { title, starts_at: '2030-09-20T18:30', location: 'Church hall' },
  })
  expect(created.status()).toBe(201)

  await openAdmin(page, '/admin/events')
  await page.getByRole('button', { name: `Edit ${title}` }).click()
  const edited = `${title} and Quiz`
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(edited)
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expectToast(page, 'Event updated successfully')

  // In the admin bar beside Settings.
  await page.getByRole('link', { name: 'Activity', exact: true }).click()
  await page.waitForURL('**/admin/activity')
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible()
  const entries = page.getByRole('region', { name: /newest first/ }).getByRole('listitem')
  // Newest first: the change, then the creation through the API, then the sign-in.
  await expect(entries.nth(0)).toContainText(`admin changed “${edited}”`)
  await expect(entries.nth(0)).toContainText('Events')
  await expect(entries.nth(0)).toContainText('Today, ')
  await expect(entries.nth(0)).toContainText(ADMIN.email)
  await expect(entries.nth(1)).toContainText(`admin created “${title}”`)
  await expect(entries.filter({ hasText: 'admin signed in' }).first()).toContainText('Sign-in')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: 'test-results/screenshots/activity-1280.png', fullPage: true })

  // Only one section's entries.
  await page.getByRole('combobox', { name: 'Section' }).selectOption({ label: 'Sign-in' })
  await page.getByRole('button', { name: 'Show' }).click()
  await page.waitForURL(/section=sign_in/)
  await expect(entries.first()).toContainText('signed in')
  await expect(page.getByRole('region', { name: /newest first/ })).not.toContainText(edited)

  await openAdmin(page, '/admin/dashboard')
  const recent = page.getByRole('region', { name: 'Recent Activity' })
  await expect(recent.getByRole('listitem').first()).toContainText(`admin changed “${edited}”`)
  await expect(recent.getByRole('listitem').first()).toContainText('Events')
  expect(await recent.getByRole('listitem').count()).toBeLessThanOrEqual(10)
  await page.screenshot({ path: 'test-results/screenshots/dashboard-activity-1280.png', fullPage: true })

  await page.setViewportSize({ width: 390, height: 844 })
  await recent.scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'test-results/screenshots/dashboard-activity-390.png' })
  await openAdmin(page, '/admin/activity')
  await expect(entries.nth(0)).toContainText(`admin changed “${edited}”`)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: 'test-results/screenshots/activity-390.png', fullPage: true })
  // On a phone the menu leads there too.
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.locator('#admin-menu').getByRole('link', { name: 'Activity' })).toBeVisible()
})
