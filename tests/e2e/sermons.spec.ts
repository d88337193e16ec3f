import { allowRefusedRequests, expectToast, openAdmin, unique } from './admin-helpers.ts'
import { expect, expectNoAxeViolations, signIn, test } from './fixtures.ts'
import { acceptCookiesUpFront } from './public-helpers.ts'

test('Admin adds a series, a speaker and a sermon; visitors find it on /sermons by series and read it', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page)
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Sermons' })
    .first()
    .click()
  await expect(page.getByRole('heading', { name: 'Sermons', level: 1 })).toBeVisible()
  const tabs = page.getByRole('navigation', { name: 'Sermons, series and speakers' })

  // The speaker on its own screen beside the sermons; the series, below, from the sermon's form.
  const series = unique('Hebrews')
  await tabs.getByRole('link', { name: 'Series' }).click()
  await expect(page.getByRole('heading', { name: 'Sermon series', level: 1 })).toBeVisible()

  const speaker = unique('Pastor Ruth')
  await tabs.getByRole('link', { name: 'Speakers' }).click()
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(speaker)
  await page.getByRole('textbox', { name: 'Role', exact: true }).fill('Guest Speaker')
  await page.getByRole('button', { name: 'Add Speaker', exact: true }).click()
  await expectToast(page, 'Speaker added successfully')

  // The sermon: a reference the server cannot read is said beside the field, then a good one is read back.
  await tabs.getByRole('link', { name: 'Sermons' }).click()
  await openAdmin(page, '/admin/sermons')
  const title = unique('A better hope')
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await page.getByLabel('Date preached').fill('2030-01-06')
  // A new series without leaving the form: stored, and chosen.
  await page.getByRole('button', { name: 'New series' }).click()
  await page.getByRole('textbox', { name: 'Series title' }).fill(series)
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: `${series} added and chosen` })).toBeAttached()
  await expect(page.getByRole('combobox', { name: 'Series', exact: true })).toHaveValue(/[\w-]{8,}/)
  await expect(
    page.getByRole('combobox', { name: 'Series', exact: true }).locator('option:checked'),
  ).toHaveText(series)
  await page.getByRole('combobox', { name: 'Speaker', exact: true }).selectOption({ label: speaker })
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('published')
  const scripture = page.getByRole('textbox', { name: 'Scripture', exact: true })
  await scripture.fill('Hebrews 7 and the Levites')
  await page.getByRole('button', { name: 'Add Sermon', exact: true }).click()
  await expectToast(page, 'Failed to save sermon')
  await expect(page.getByText(/We could not read this reference/).first()).toBeVisible()
  await scripture.fill('Heb 7:18-25')
  await page.getByRole('button', { name: 'Add Sermon', exact: true }).click()
  await expectToast(page, 'Sermon added successfully')
  const item = page
    .getByRole('region', { name: 'Current Sermons' })
    .getByRole('listitem')
    .filter({ hasText: title })
  await expect(item).toContainText('Hebrews 7:18–25')
  await expect(item).toContainText('Published')

  // A visitor: the archive, filtered by the series with the form, and the sermon's own page.
  await page.context().clearCookies()
  await acceptCookiesUpFront(page)
  await page.goto('/sermons')
  await expect(page.getByRole('heading', { name: 'Sermons', level: 1 })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('combobox', { name: 'Series' }).selectOption({ label: series })
  await page.getByRole('button', { name: 'Show sermons' }).click()
  await expect(page).toHaveURL(/\/sermons\?series=[\w-]+&speaker=&book=$/)
  await expect(page.getByRole('heading', { name: '1 sermon found' })).toBeVisible()
  await page.getByRole('link', { name: title }).click()
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
  await expect(page.getByText('Hebrews 7:18–25')).toBeVisible()
  await expect(page.getByText(`${speaker}, Guest Speaker`)).toBeVisible()
  await expectNoAxeViolations(page)
  // The unreadable reference's 400, refused on purpose.
  allowRefusedRequests(consoleErrors)
})
