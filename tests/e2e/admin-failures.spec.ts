import {
  allowRefusedRequests,
  expectToast,
  formAlert,
  openAdmin,
  typeRichText,
  unique,
} from './admin-helpers.ts'
import { expect, signIn, signInAt, test } from './fixtures.ts'

interface Screen {
  path: string
  table: string
  /** A valid API body naming the item `name`. */
  make: (name: string) => Record<string, unknown>
  toasts: { saveFailed: string; deleteFailed: string; reorderFailed?: string }
}

const IMAGE = '/images/default-event.webp'

// The refusals are handled once, by the shared screen (crudAction and CrudScreen); each screen only names its
// toasts. Two screens prove it: a plain list, and an ordered list with pictures (the reorder refusal too).
const SCREENS: Screen[] = [
  {
    path: '/admin/services',
    table: 'services',
    make: (name) => ({ name }),
    toasts: { saveFailed: 'Failed to save service', deleteFailed: 'Failed to delete service' },
  },
  {
    path: '/admin/carousel',
    table: 'carousel_slides',
    make: (title) => ({ title, image_url: IMAGE, image_alt: 'A candle lit in the dark' }),
    toasts: {
      saveFailed: 'Failed to save slide',
      deleteFailed: 'Failed to delete slide',
      reorderFailed: 'Failed to update slide order',
    },
  },
]

for (const screen of SCREENS) {
  test(`Writes the server refuses on ${screen.path} say so, and the list catches up`, async ({
    page,
    consoleErrors,
  }) => {
    await signIn(page)
    const create = async (name: string) => {
      const response = await page.request.post(`/api/${screen.table}`, { data: screen.make(name) })
      expect(response.status()).toBe(201)
      return ((await response.json()) as { id: string }).id
    }
    const remove = (id: string) => page.request.delete(`/api/${screen.table}/${id}`)
    const items = page.getByRole('listitem')

    // Saving an item someone removed in another window.
    const edited = unique('Removed while editing')
    const editedId = await create(edited)
    await openAdmin(page, screen.path)
    await page.getByRole('button', { name: `Edit ${edited}` }).click()
    await remove(editedId)
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expectToast(page, screen.toasts.saveFailed)
    await expect(formAlert(page)).toContainText('no longer exists')
    await expect(items.filter({ hasText: edited })).toHaveCount(0)
    // The form keeps what was there and offers to add it anew.
    await expect(page.getByText(`“${edited}” was deleted elsewhere. What you typed is kept`)).toBeVisible()
    const formInputs = page.locator(`form:has(button[type="submit"]) input`)
    expect(
      await formInputs.evaluateAll(
        (inputs, name) => inputs.some((input) => (input as HTMLInputElement).value === name),
        edited,
      ),
    ).toBe(true)
    await page.getByRole('button', { name: /^Add / }).click()
    await expect(items.filter({ hasText: edited })).toHaveCount(1)
    const all = (await (await page.request.get(`/api/${screen.table}`)).json()) as Record<string, string>[]
    await remove(all.find((item) => Object.values(item).includes(edited))!.id)

    // Deleting one.
    const deleted = unique('Removed before deleting')
    const deletedId = await create(deleted)
    await openAdmin(page, screen.path)
    await remove(deletedId)
    await page.getByRole('button', { name: `Delete ${deleted}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expectToast(page, screen.toasts.deleteFailed)
    await expect(items.filter({ hasText: deleted })).toHaveCount(0)

    // Moving items when the list has changed meanwhile.
    if (screen.toasts.reorderFailed) {
      const kept = unique('Kept')
      const gone = unique('Gone')
      const keptId = await create(kept)
      const goneId = await create(gone)
      await openAdmin(page, screen.path)
      await remove(goneId)
      await page.getByRole('button', { name: `Move ${kept} up` }).click()
      await expectToast(page, screen.toasts.reorderFailed)
      await expect(items.filter({ hasText: gone })).toHaveCount(0)
      await remove(keptId)
    }
    allowRefusedRequests(consoleErrors)
  })
}

test('A save after the session has ended keeps what was typed, says how to sign in, and works once signed in again', async ({
  page,
  consoleErrors,
}) => {
  await signInAt(page, '/admin/services')
  const name = unique('Typed before the session ended')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await typeRichText(page, 'Description', 'A long description worth keeping.')
  const cookies = await page.context().cookies()
  await page.context().clearCookies()

  await page.getByRole('button', { name: 'Add Service' }).click()
  await expectToast(page, 'Failed to save service')
  await expect(formAlert(page)).toContainText('Your session has ended.')
  const signInLink = formAlert(page).getByRole('link', { name: 'Sign in again (opens a new tab)' })
  await expect(signInLink).toHaveAttribute('href', '/admin/login')
  await expect(signInLink).toHaveAttribute('target', '_blank')
  expect(new URL(page.url()).pathname).toBe('/admin/services')
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name)
  await expect(page.getByRole('textbox', { name: 'Description', exact: true })).toContainText(
    'A long description worth keeping.',
  )

  // Signed in again (in another tab, which shares the cookie): the same form saves.
  await page.context().addCookies(cookies)
  await page.getByRole('button', { name: 'Add Service' }).click()
  await expectToast(page, 'Service added successfully')
  await expect(page.getByRole('listitem').filter({ hasText: name })).toHaveCount(1)
  const created = (await (await page.request.get('/api/services')).json()) as { id: string; name: string }[]
  await page.request.delete(`/api/services/${created.find((service) => service.name === name)!.id}`)
  allowRefusedRequests(consoleErrors)
})
