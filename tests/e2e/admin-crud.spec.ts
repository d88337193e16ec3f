import type { Page } from '@playwright/test'

import { makePng } from '../fixtures/images.ts'
import { expectToast, formAlert, openAdmin, typeRichText, unique } from './admin-helpers.ts'
import { expect, signIn, signInAt, test } from './fixtures.ts'

interface Screen {
  path: string
  noun: string
  /** The label of the field that names an item. */
  nameLabel: string
  /** The form's first field, focused when an item is chosen for editing (the name field unless given). */
  firstLabel?: string
  /** Fills every required field but the name. */
  fillRest: (page: Page) => Promise<void>
  toasts: { added: string; updated: string; deleted: string; saveFailed: string }
  /** The public page that shows the items. */
  publicPath: string
  ordered?: boolean
  needsImage?: boolean
}

async function uploadImage(page: Page) {
  await page
    .locator('form input[type="file"]')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await makePng() })
  await expect(page.getByRole('img', { name: 'Image preview' })).toHaveAttribute('src', /^\/media\//)
}

async function describeImage(page: Page, text: string) {
  await page
    .getByRole('textbox', { name: 'Image description (for people who cannot see it)', exact: true })
    .fill(text)
}

/** The spec's toasts of most screens: "<Noun> added successfully", …, "Failed to save <noun>". */
function standardToasts(noun: string): Screen['toasts'] {
  return {
    added: `${noun} added successfully`,
    updated: `${noun} updated successfully`,
    deleted: `${noun} deleted successfully`,
    saveFailed: `Failed to save ${noun.toLowerCase()}`,
  }
}

// Every list screen is the one CrudScreen with its own fields and toasts; four prove the flow end to end: plain
// with rich text (services), the schedule field (events), ordered with a picture (carousel), ordered with rich
// text shown on another page (getting-here). Ministries, gallery and leadership have their own tests of what
// only they do (activities, a picture required, reordering) here and in admin-reorder.spec.ts.
const SCREENS: Screen[] = [
  {
    path: '/admin/services',
    noun: 'Service',
    nameLabel: 'Name',
    fillRest: async (page) => {
      await page.getByRole('textbox', { name: 'Day', exact: true }).fill('Wednesday')
      await page.getByRole('textbox', { name: 'Time', exact: true }).fill('7:30 PM')
    },
    toasts: standardToasts('Service'),
    publicPath: '/services',
  },
  {
    path: '/admin/events',
    noun: 'Event',
    nameLabel: 'Title',
    fillRest: async (page) => {
      await page.getByLabel('Starts on').fill('2030-06-14')
      await page.getByLabel('Starts at').fill('19:00')
      await page.getByRole('textbox', { name: 'Location', exact: true }).fill('Church hall')
    },
    toasts: standardToasts('Event'),
    publicPath: '/events',
  },
  {
    path: '/admin/carousel',
    noun: 'Slide',
    nameLabel: 'Title',
    fillRest: async (page) => {
      await page.getByRole('textbox', { name: 'Subtitle', exact: true }).fill('Everyone is welcome')
      await uploadImage(page)
      await describeImage(page, 'The church door open, with flowers on the steps')
    },
    toasts: standardToasts('Slide'),
    publicPath: '/',
    ordered: true,
    needsImage: true,
  },
  {
    path: '/admin/getting-here',
    noun: 'Direction',
    nameLabel: 'Title',
    firstLabel: 'Transport type',
    fillRest: async (page) => {
      await page.getByRole('textbox', { name: 'Transport type', exact: true }).fill('Bus')
      await typeRichText(page, 'Description', 'Take the 202 to Church Street.')
    },
    toasts: {
      added: 'Information added successfully',
      updated: 'Information updated successfully',
      deleted: 'Information deleted successfully',
      saveFailed: 'Failed to save information',
    },
    publicPath: '/about',
    ordered: true,
  },
]

for (const screen of SCREENS) {
  test(`Admin can add, edit and delete on ${screen.path}`, async ({ page, request }) => {
    await signInAt(page, screen.path)
    const name = unique(`Test ${screen.noun}`)
    const nameField = page.getByRole('textbox', { name: screen.nameLabel, exact: true })
    const addButton = page.getByRole('button', { name: `Add ${screen.noun}`, exact: true })
    const list = page
      .getByRole('region', { name: /^(Current|Leadership Team|Directions)/ })
      .getByRole('listitem')

    // A validation error: everything but the name.
    await screen.fillRest(page)
    await addButton.click()
    await expect(formAlert(page)).toContainText(`${screen.nameLabel} is required`)
    await expectToast(page, screen.toasts.saveFailed)
    await expect(nameField).toBeFocused()
    await expect(nameField).toHaveAttribute('aria-invalid', 'true')

    // Add.
    await nameField.fill(name)
    await addButton.click()
    await expectToast(page, screen.toasts.added)
    await expect(list.filter({ hasText: name })).toHaveCount(1)
    await expect(page.getByRole('heading', { name: `Add ${screen.noun}` })).toBeVisible()
    await expect(nameField).toHaveValue('')
    if (screen.ordered) await expect(list.last()).toContainText(name)
    if (screen.needsImage) await expect(page.getByRole('img', { name: 'Image preview' })).toHaveCount(0)
    // A visitor sees it on the next request.
    expect(await (await request.get(screen.publicPath)).text()).toContain(name)

    // Edit.
    const edited = `${name} edited`
    await page.getByRole('button', { name: `Edit ${name}` }).click()
    await expect(page.getByRole('heading', { name: `Edit ${screen.noun}` })).toBeVisible()
    await expect(nameField).toHaveValue(name)
    await expect(
      page.getByRole('textbox', { name: screen.firstLabel ?? screen.nameLabel, exact: true }),
    ).toBeFocused()
    await nameField.fill(edited)
    await page.getByRole('button', { name: 'Save Changes' }).click()
    await expectToast(page, screen.toasts.updated)
    await expect(list.filter({ hasText: edited })).toHaveCount(1)
    // After a save the page scrolls (smoothly) back to the top. A layout shift during the scroll (the rich-text
    // editor arriving on a cold cache) can leave it a few pixels short, which is still the top to the eye.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(10)
    await expect(page.getByRole('heading', { name: `Add ${screen.noun}` })).toBeVisible()
    if (screen.ordered) await expect(list.last()).toContainText(edited)
    expect(await (await request.get(screen.publicPath)).text()).toContain(edited)

    // Cancel leaves the item alone and clears the form.
    await page.getByRole('button', { name: `Edit ${edited}` }).click()
    await nameField.fill('Not saved')
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('heading', { name: `Add ${screen.noun}` })).toBeVisible()
    await expect(nameField).toHaveValue('')
    if (screen.needsImage) await expect(page.getByRole('img', { name: 'Image preview' })).toHaveCount(0)
    await expect(list.filter({ hasText: edited })).toHaveCount(1)

    // Delete, first thinking better of it.
    const deleteButton = page.getByRole('button', { name: `Delete ${edited}` })
    await deleteButton.click()
    const dialog = page.getByRole('alertdialog')
    await expect(dialog).toContainText(edited)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(deleteButton).toBeFocused()
    await expect(list.filter({ hasText: edited })).toHaveCount(1)

    await deleteButton.click()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expectToast(page, screen.toasts.deleted)
    await expect(list.filter({ hasText: edited })).toHaveCount(0)
    await expect(page.getByRole('heading', { name: /^(Current|Leadership Team|Directions)/ })).toBeFocused()
    expect(await (await request.get(screen.publicPath)).text()).not.toContain(edited)
  })
}

for (const path of ['/admin/gallery', '/admin/carousel']) {
  test(`A form on ${path} without an image says 'Please upload an image' and saves nothing`, async ({
    page,
  }) => {
    await signInAt(page, path)
    const title = unique('No image')
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
    if (path === '/admin/gallery')
      await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption('prayer')
    await describeImage(page, 'People praying together')
    await page.getByRole('button', { name: /^Add / }).click()
    await expectToast(page, 'Please upload an image')
    await expect(formAlert(page)).toHaveText('Please upload an image')
    await expect(page.getByText(title)).toHaveCount(0)
    const table = path === '/admin/gallery' ? 'gallery_images' : 'carousel_slides'
    const stored = (await (await page.request.get(`/api/${table}`)).json()) as Array<{ title: string }>
    expect(stored.map((item) => item.title)).not.toContain(title)
  })
}

test('An empty list says so', async ({ page }) => {
  await signIn(page)
  // Nothing else in this worker empties a list, so this test works on its own data only: getting-here entries
  // are removed through the API and put back afterwards.
  const entries = (await (await page.request.get('/api/getting_here')).json()) as Array<
    Record<string, unknown>
  >
  try {
    for (const entry of entries) await page.request.delete(`/api/getting_here/${entry.id as string}`)
    await openAdmin(page, '/admin/getting-here')
    await expect(page.getByText('No information added yet')).toBeVisible()
  } finally {
    for (const { transport_type, title, description } of entries) {
      await page.request.post('/api/getting_here', { data: { transport_type, title, description } })
    }
  }
})

test('Ministry activities are entered one per line, blank lines dropped', async ({ page }) => {
  await signInAt(page, '/admin/ministries')
  const name = unique('Activities Ministry')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await page
    .getByRole('textbox', { name: 'Activities', exact: true })
    .fill('  Choir practice \n\n\nSunday school\n  \n')
  await page.getByRole('button', { name: 'Add Ministry' }).click()
  await expectToast(page, 'Ministry added successfully')
  const stored = (await (await page.request.get('/api/ministries')).json()) as Array<{
    id: string
    name: string
    activities: string[]
  }>
  const ministry = stored.find((item) => item.name === name)!
  expect(ministry.activities).toEqual(['Choir practice', 'Sunday school'])
  await page.getByRole('button', { name: `Edit ${name}` }).click()
  await expect(page.getByRole('textbox', { name: 'Activities', exact: true })).toHaveValue(
    'Choir practice\nSunday school',
  )
  await page.request.delete(`/api/ministries/${ministry.id}`)
})

test('Events show as Regular or One-time and services have a type', async ({ page }) => {
  await signInAt(page, '/admin/events')
  const title = unique('Weekly Prayer')
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  // 14 June 2030 is a Friday: "Every week" starts on that day.
  await page.getByLabel('Starts on').fill('2030-06-14')
  await page.getByRole('combobox', { name: 'Repeats' }).selectOption({ label: 'Every week' })
  await page.getByRole('button', { name: 'Add Event' }).click()
  await expectToast(page, 'Event added successfully')
  const item = page.getByRole('listitem').filter({ hasText: title })
  await expect(item).toContainText('Regular')
  await expect(item).toContainText('Every Friday')
  await page.getByRole('button', { name: `Edit ${title}` }).click()
  await expect(page.getByRole('combobox', { name: 'Repeats' })).toHaveValue('weekly')
  await expect(page.getByRole('checkbox', { name: 'Friday' })).toBeChecked()
  await page.getByRole('combobox', { name: 'Repeats' }).selectOption({ label: 'Never (a one-time event)' })
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expectToast(page, 'Event updated successfully')
  await expect(item).toContainText('One-time')
  await item.getByRole('button', { name: /^Delete/ }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'Event deleted successfully')

  await openAdmin(page, '/admin/services')
  await expect(page.getByRole('combobox', { name: 'Type', exact: true })).toHaveValue('regular')
  const name = unique('Carol Service')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await page.getByRole('combobox', { name: 'Type', exact: true }).selectOption({ label: 'Special' })
  await page.getByRole('button', { name: 'Add Service' }).click()
  await expectToast(page, 'Service added successfully')
  const service = page.getByRole('listitem').filter({ hasText: name })
  await expect(service).toContainText('Special')
  await service.getByRole('button', { name: /^Delete/ }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'Service deleted successfully')
})

test('Items deleted in quick succession are all deleted', async ({ page }) => {
  await signIn(page)
  const names = [unique('Quick delete'), unique('Quick delete')]
  for (const name of names) await page.request.post('/api/services', { data: { name } })
  await openAdmin(page, '/admin/services')
  for (const name of names) {
    await page.getByRole('button', { name: `Delete ${name}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  }
  for (const name of names) await expect(page.getByRole('listitem').filter({ hasText: name })).toHaveCount(0)
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Service deleted successfully' }),
  ).toHaveCount(2)
  const stored = (await (await page.request.get('/api/services')).json()) as Array<{ name: string }>
  expect(stored.filter((service) => names.includes(service.name))).toEqual([])
})
