import { expectToast, formAlert, openAdmin, unique } from './admin-helpers.ts'
import { expect, signIn, test } from './fixtures.ts'

test('Admin can update the church information, with the spec’s checks', async ({ page, request }) => {
  await signIn(page)
  const original = (await (await page.request.get('/api/church_info')).json()) as Record<string, unknown>
  try {
    await openAdmin(page, '/admin/church-info')
    await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toHaveAttribute('type', 'tel')
    await expect(page.getByRole('textbox', { name: 'WhatsApp number', exact: true })).toHaveAttribute(
      'type',
      'tel',
    )
    await expect(page.getByText('Include the country code').first()).toBeVisible()

    // A validation error: no name.
    const name = page.getByRole('textbox', { name: 'Church name', exact: true })
    await name.fill('')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(formAlert(page)).toHaveText('Name is required')
    await expectToast(page, 'Failed to update church information')
    await expect(name).toBeFocused()

    // A change visitors see on the next request.
    const address = unique('1 Test Street, Cork')
    await name.fill(String(original.name))
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill(address)
    await page.getByRole('textbox', { name: 'Latitude', exact: true }).fill('somewhere')
    await page.getByRole('textbox', { name: 'Longitude', exact: true }).fill('')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expectToast(page, 'Church information updated successfully')
    expect(await (await request.get('/contact')).text()).toContain(address)

    // Unparsable and empty coordinates are stored as null, and stay empty: the spec's defaults only fill the
    // form of a church with no information yet, never bring back coordinates someone cleared.
    const stored = (await (await page.request.get('/api/church_info')).json()) as Record<string, unknown>
    expect(stored.latitude).toBeNull()
    expect(stored.longitude).toBeNull()
    await page.reload()
    await expect(page.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue(address)
    await expect(page.getByRole('textbox', { name: 'Latitude', exact: true })).toHaveValue('')
    await expect(page.getByRole('textbox', { name: 'Longitude', exact: true })).toHaveValue('')
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+353 21 000 0000')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expectToast(page, 'Church information updated successfully')
    const again = (await (await page.request.get('/api/church_info')).json()) as Record<string, unknown>
    expect([again.latitude, again.longitude]).toEqual([null, null])
  } finally {
    const { id: _id, created_at: _created, updated_at: _updated, ...data } = original
    await page.request.put('/api/church_info', { data })
  }
})

test('Admin can update the About Us content, every part of it required', async ({ page, request }) => {
  await signIn(page)
  const original = (await (await page.request.get('/api/about_us')).json()) as Record<string, unknown>
  try {
    await openAdmin(page, '/admin/about')
    const mission = page.getByRole('textbox', { name: 'Mission', exact: true })
    await mission.click()
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.press('Delete')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(formAlert(page)).toHaveText('Mission is required')
    await expectToast(page, 'Failed to update About Us content')
    await expect(mission).toBeFocused()

    const words = unique('To love Cork')
    await page.keyboard.type(words)
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expectToast(page, 'About Us content updated successfully')
    const stored = (await (await page.request.get('/api/about_us')).json()) as Record<string, unknown>
    expect(stored.mission).toBe(`<p>${words}</p>`)
    expect(await (await request.get('/about')).text()).toContain(words)
  } finally {
    const { id: _id, created_at: _created, updated_at: _updated, ...data } = original
    await page.request.put('/api/about_us', { data })
  }
})
