import type { Page } from '@playwright/test'

import { expectToast, openAdmin, typeRichText, unique } from './admin-helpers.ts'
import { expect, expectNoAxeViolations, signIn, test } from './fixtures.ts'

const LEAVE_TITLE = 'Leave without saving?'

function adminMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Admin sections' }).first()
}

function leaveDialog(page: Page) {
  return page.getByRole('alertdialog', { name: LEAVE_TITLE })
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page)
})

test('Leaving a changed form by the admin menu asks; Stay keeps the text, Leave goes without saving', async ({
  page,
}) => {
  await openAdmin(page, '/admin/church-info')
  const name = page.getByRole('textbox', { name: 'Church name', exact: true })
  const stored = await name.inputValue()
  const typed = unique('Half-typed name')
  await name.fill(typed)

  await adminMenu(page).getByRole('link', { name: 'Services', exact: true }).click()
  const dialog = leaveDialog(page)
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('This page has changes that are not saved yet.')
  // Staying is the safe answer, and where focus starts.
  await expect(dialog.getByRole('button', { name: 'Stay on this page' })).toBeFocused()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: 'test-results/screenshots/leave-dialog-1280.png' })

  await dialog.getByRole('button', { name: 'Stay on this page' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/admin\/church-info$/)
  await expect(name).toHaveValue(typed)

  // Escape answers Stay too.
  await adminMenu(page).getByRole('link', { name: 'Gallery', exact: true }).click()
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(name).toHaveValue(typed)

  await adminMenu(page).getByRole('link', { name: 'Services', exact: true }).click()
  await dialog.getByRole('button', { name: 'Leave without saving' }).click()
  await expect(page).toHaveURL(/\/admin\/services$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible()
  const info = (await (await page.request.get('/api/church_info')).json()) as { name: string }
  expect(info.name).toBe(stored)
})

test('On a phone the question looks the same and fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openAdmin(page, '/admin/about')
  await typeRichText(page, 'Mission', ' And more.')
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page.getByRole('link', { name: 'Events', exact: true }).click()
  const dialog = leaveDialog(page)
  await expect(dialog).toBeVisible()
  const box = (await dialog.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: 'test-results/screenshots/leave-dialog-390.png' })
  await dialog.getByRole('button', { name: 'Stay on this page' }).click()
  await expect(page).toHaveURL(/\/admin\/about$/)
  await expect(page.getByRole('textbox', { name: 'Mission', exact: true })).toContainText('And more.')
})

test('The browser back button asks too', async ({ page }) => {
  await openAdmin(page, '/admin/dashboard')
  await adminMenu(page).getByRole('link', { name: 'Events', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible()
  const title = page.getByRole('textbox', { name: 'Title', exact: true })
  await title.fill('Parish picnic')
  await page.goBack()
  await expect(leaveDialog(page)).toBeVisible()
  await leaveDialog(page).getByRole('button', { name: 'Stay on this page' }).click()
  await expect(page).toHaveURL(/\/admin\/events$/)
  await expect(title).toHaveValue('Parish picnic')
  await page.goBack()
  await leaveDialog(page).getByRole('button', { name: 'Leave without saving' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
})

test('Closing or reloading the tab with a changed form asks the browser’s own question', async ({ page }) => {
  await openAdmin(page, '/admin/services')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Evening prayer')
  const asked: string[] = []
  page.on('dialog', async (dialog) => {
    asked.push(dialog.type())
    await dialog.dismiss()
  })
  await page.close({ runBeforeUnload: true })
  await expect.poll(() => asked).toEqual(['beforeunload'])
  expect(page.isClosed()).toBe(false)
})

test('An unchanged, a saved and a cancelled form leave freely', async ({ page }) => {
  const asked: string[] = []
  page.on('dialog', async (dialog) => {
    asked.push(dialog.type())
    await dialog.accept()
  })
  // Unchanged: nothing to ask.
  await openAdmin(page, '/admin/services')
  await adminMenu(page).getByRole('link', { name: 'Ministries', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/ministries$/)

  // Saved: the form is new and empty again.
  await adminMenu(page).getByRole('link', { name: 'Services', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible()
  const name = unique('Vigil')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await page.getByRole('textbox', { name: 'Day', exact: true }).fill('Friday')
  await page.getByRole('textbox', { name: 'Time', exact: true }).fill('9:00 PM')
  await page.getByRole('button', { name: 'Add Service' }).click()
  await expectToast(page, 'Service added successfully')
  await adminMenu(page).getByRole('link', { name: 'Events', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/events$/)
  await expect(leaveDialog(page)).toHaveCount(0)

  // Cancelled: an edit thrown away on purpose.
  await adminMenu(page).getByRole('link', { name: 'Services', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible()
  await page.getByRole('button', { name: `Edit ${name}` }).click()
  await page.getByRole('textbox', { name: 'Day', exact: true }).fill('Saturday')
  await page.getByRole('button', { name: 'Cancel' }).click()
  await adminMenu(page).getByRole('link', { name: 'Events', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/events$/)

  // Saved after an edit (a single-record form too): leaves freely, and closing the tab asks nothing.
  await adminMenu(page).getByRole('link', { name: 'Church Info', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Church Info' })).toBeVisible()
  const tagline = page.getByRole('textbox', { name: 'Footer tagline', exact: true })
  const before = await tagline.inputValue()
  await tagline.fill(`${before} `)
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expectToast(page, 'Church information updated successfully')
  await adminMenu(page).getByRole('link', { name: 'Dashboard', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  expect(asked).toEqual([])

  const services = (await (await page.request.get('/api/services')).json()) as Array<{
    id: string
    name: string
  }>
  await page.request.delete(`/api/services/${services.find((service) => service.name === name)!.id}`)
})

test('Choosing another item to edit while the form holds changes asks first', async ({ page }) => {
  await openAdmin(page, '/admin/ministries')
  const ministries = (await (await page.request.get('/api/ministries')).json()) as Array<{ name: string }>
  const [first, second] = ministries
  await page.getByRole('button', { name: `Edit ${first.name}` }).click()
  const name = page.getByRole('textbox', { name: 'Name', exact: true })
  await expect(name).toHaveValue(first.name)
  await name.fill(`${first.name} (renamed)`)

  await page.getByRole('button', { name: `Edit ${second.name}` }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Discard your changes?' })
  await expect(dialog).toContainText(`If you edit “${second.name}” now, they will be lost.`)
  await dialog.getByRole('button', { name: 'Keep my changes' }).click()
  await expect(name).toHaveValue(`${first.name} (renamed)`)

  await page.getByRole('button', { name: `Edit ${second.name}` }).click()
  await dialog.getByRole('button', { name: 'Discard and edit' }).click()
  await expect(name).toHaveValue(second.name)
  await expect(name).toBeFocused()
})
