import { expectToast, openAdmin, unique } from './admin-helpers.ts'
import { expect, signIn, test } from './fixtures.ts'

test('"View website" in the admin bar opens the public site in a new tab, at every width', async ({
  page,
}) => {
  await signIn(page)
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await openAdmin(page, '/admin/gallery')
    const link = page.getByRole('banner').getByRole('link', { name: 'View website (opens in a new tab)' })
    await expect(link).toBeVisible()
    const [site] = await Promise.all([page.waitForEvent('popup'), link.click()])
    await site.waitForLoadState()
    expect(new URL(site.url()).pathname).toBe('/')
    await expect(site.getByRole('banner')).toBeVisible()
    await site.close()
    // The admin stays where it was.
    await expect(page).toHaveURL(/\/admin\/gallery$/)
  }
})

test('After a save the toast offers "View on website", leading to the page that shows the item', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page)

  // A new service: the Services page lists it.
  await openAdmin(page, '/admin/services')
  const name = unique('Taizé prayer')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await page.getByRole('textbox', { name: 'Day', exact: true }).fill('Thursday')
  await page.getByRole('textbox', { name: 'Time', exact: true }).fill('8:00 PM')
  await page.getByRole('button', { name: 'Add Service' }).click()
  await expectToast(page, 'Service added successfully')
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Service added successfully' })
  const view = toast.getByRole('link', { name: 'View on website (opens in a new tab)' })
  await expect(view).toHaveAttribute('target', '_blank')
  const [servicesPage] = await Promise.all([page.waitForEvent('popup'), view.click()])
  await servicesPage.waitForLoadState()
  expect(new URL(servicesPage.url()).pathname).toBe('/services')
  await expect(servicesPage.getByText(name)).toBeVisible()
  await servicesPage.close()

  // A changed ministry: its own card on the Ministries page.
  await openAdmin(page, '/admin/ministries')
  const ministries = (await (await page.request.get('/api/ministries')).json()) as Array<{
    id: string
    name: string
  }>
  const ministry = ministries[0]
  await page.getByRole('button', { name: `Edit ${ministry.name}` }).click()
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expectToast(page, 'Ministry updated successfully')
  const [ministryPage] = await Promise.all([
    page.waitForEvent('popup'),
    page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Ministry updated successfully' })
      .getByRole('link', { name: /View on website/ })
      .click(),
  ])
  await ministryPage.waitForLoadState()
  const address = new URL(ministryPage.url())
  expect(address.pathname + address.hash).toBe(`/ministries#${ministry.id}`)
  await expect(ministryPage.locator(`[id="${ministry.id}"]`)).toContainText(ministry.name)
  await ministryPage.close()

  // An event: its own page.
  await openAdmin(page, '/admin/events')
  const [event] = (await (await page.request.get('/api/events')).json()) as Array<{
    id: string
    title: string
  }>
  await page.getByRole('button', { name: `Edit ${event.title}` }).click()
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expectToast(page, 'Event updated successfully')
  const [eventPage] = await Promise.all([
    page.waitForEvent('popup'),
    page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Event updated successfully' })
      .getByRole('link', { name: /View on website/ })
      .click(),
  ])
  await eventPage.waitForLoadState()
  expect(new URL(eventPage.url()).pathname).toBe(`/events/${event.id}`)
  await expect(eventPage.getByRole('heading', { level: 1 })).toHaveText(event.title)
  await eventPage.close()

  // A single record: About Us leads to the About page.
  await openAdmin(page, '/admin/about')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expectToast(page, 'About Us content updated successfully')
  await expect(
    page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'About Us content updated successfully' })
      .getByRole('link', { name: /View on website/ }),
  ).toHaveAttribute('href', '/about')

  const services = (await (await page.request.get('/api/services')).json()) as Array<{
    id: string
    name: string
  }>
  await page.request.delete(`/api/services/${services.find((service) => service.name === name)!.id}`)
})
