import { expectToast, formAlert, openAdmin, unique } from './admin-helpers.ts'
import { expect, expectNoAxeViolations, signIn, test } from './fixtures.ts'

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
    await expect(page.getByText('As you would dial it in your country').first()).toBeVisible()

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

test('Admin saves phone numbers as people dial them, refuses what is no number, and reads a pasted map link', async ({
  page,
  request,
}) => {
  await signIn(page)
  const original = (await (await page.request.get('/api/church_info')).json()) as Record<string, unknown>
  try {
    await openAdmin(page, '/admin/church-info')
    const whatsapp = page.getByRole('textbox', { name: 'WhatsApp number', exact: true })
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('IE')

    // '12' is no number: refused in the field's own words, and nothing is saved.
    await whatsapp.fill('12')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expect(formAlert(page)).toContainText('WhatsApp number is not a valid phone number in Ireland')
    await expect(whatsapp).toBeFocused()
    await expect(whatsapp).toHaveAccessibleDescription(/not a valid phone number in Ireland/)
    await expectNoAxeViolations(page)
    const unchanged = (await (await page.request.get('/api/church_info')).json()) as Record<string, unknown>
    expect(unchanged.whatsapp_number).toBe(original.whatsapp_number)

    // A Google Maps link pasted into the finder fills latitude and longitude at once.
    await page
      .getByRole('textbox', { name: 'Find the map position' })
      .fill(
        'https://www.google.com/maps/place/Cork/@51.8,-8.4,15z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d51.9012!4d-8.4701',
      )
    await expect(page.getByRole('status').filter({ hasText: 'Found it' })).toHaveText(
      'Found it: latitude 51.9012 and longitude -8.4701 are filled in below.',
    )
    await expect(page.getByRole('textbox', { name: 'Latitude', exact: true })).toHaveValue('51.9012')
    await expect(page.getByRole('textbox', { name: 'Longitude', exact: true })).toHaveValue('-8.4701')
    await expectNoAxeViolations(page)

    await whatsapp.fill('087 123 4567')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expectToast(page, 'Church information updated successfully')
    const stored = (await (await page.request.get('/api/church_info')).json()) as Record<string, unknown>
    expect(stored).toMatchObject({ whatsapp_number: '+353871234567', latitude: 51.9012, longitude: -8.4701 })
    expect(await (await request.get('/contact')).text()).toContain('href="https://wa.me/353871234567"')
    // The form shows the stored number spaced as people write it.
    await expect(whatsapp).toHaveValue('+353 87 123 4567')
  } finally {
    const { id: _id, created_at: _created, updated_at: _updated, ...data } = original
    await page.request.put('/api/church_info', { data })
  }
})

test("The congregation's own words, saved in the admin, show on the public pages at the next visit", async ({
  page,
}) => {
  await signIn(page)
  const original = (await (await page.request.get('/api/church_info')).json()) as Record<string, unknown>
  try {
    await openAdmin(page, '/admin/church-info')
    const subtitle = unique('Église de la Grâce')
    await page.getByRole('textbox', { name: 'Subtitle' }).fill(subtitle)
    await page.getByRole('textbox', { name: 'Footer tagline' }).fill('Hope for the whole of Munster.')
    await page.getByRole('textbox', { name: 'Office hours' }).fill('Wednesday: 7:00 PM - 9:00 PM')
    await page
      .getByRole('textbox', { name: 'Getting here by public transport' })
      .fill('The 220 bus stops at the gate.')
    await page.getByRole('textbox', { name: 'Parking' }).fill('')
    await page.getByRole('textbox', { name: 'Instagram profile' }).fill('')
    await page.getByRole('textbox', { name: 'YouTube channel' }).fill('youtube.com/@gracemunster')
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expectToast(page, 'Church information updated successfully')

    await page.goto('/contact')
    await expect(page.getByRole('banner').getByText(subtitle)).toBeVisible()
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByText('Hope for the whole of Munster.')).toBeVisible()
    await expect(footer.getByRole('link', { name: 'YouTube (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://youtube.com/@gracemunster',
    )
    await expect(footer.getByRole('link', { name: /Instagram/ })).toHaveCount(0)
    const info = page.getByRole('region', { name: 'Contact Information' })
    await expect(info.getByRole('term')).toHaveText(['Wednesday'])
    await expect(info.getByRole('definition')).toHaveText([/^7:00\sPM - 9:00\sPM$/])
    const gettingHere = page.getByRole('region', { name: 'Getting Here' })
    await expect(gettingHere.getByRole('listitem')).toHaveText(['The 220 bus stops at the gate.'])
    await expectNoAxeViolations(page)
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
