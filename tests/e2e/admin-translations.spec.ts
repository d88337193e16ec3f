// Issue 28, the secretary's side: a content form's language tabs, in Chromium against the demo congregation,
// whose languages are English and Malayalam.
import { sql } from 'kysely'

import { createPerson, expectToast, typeRichText, unique } from './admin-helpers.ts'
import { expect, expectNoAxeViolations, signInAt, test } from './fixtures.ts'
import { openDatabase } from '#app/db/database.server.ts'

const SCREENSHOTS = 'test-results/screenshots'

test('A secretary translates an event in its form and sees it on the Malayalam event page', async ({
  page,
  server,
}) => {
  // The church secretary: an editor, who looks after the content and nothing else.
  const secretary = await createPerson(server, 'secretary')
  const db = openDatabase({ dataDir: server.dataDir, databaseUrl: server.databaseUrl })
  try {
    // better-auth's own table, outside the content's types: as a role change on the Staff screen stores it.
    await sql`update "user" set role = 'editor' where email = ${secretary.email}`.execute(db.kysely)
  } finally {
    await db.close()
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInAt(page, '/admin/events', secretary)

  // A new event, in English first.
  const title = unique('Onam celebration')
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
  await page.getByLabel('Starts on').fill('2030-09-05')
  await page.getByLabel('Starts at').fill('11:00')
  await page.getByRole('textbox', { name: 'Location', exact: true }).fill('Parish hall')
  await typeRichText(page, 'Description', 'A feast for every family.')
  await page.getByRole('button', { name: 'Add Event' }).click()
  await expectToast(page, 'Event added successfully')
  const view = page
    .locator('[data-sonner-toast]')
    .filter({ hasText: 'Event added successfully' })
    .getByRole('link', { name: /View on website/ })
  const eventPath = (await view.getAttribute('href'))!
  expect(eventPath).toMatch(/^\/events\/[\w-]+$/)

  // Then its translation: the tabs are named in each language's own words; arrow keys move between them.
  await page.getByRole('button', { name: `Edit ${title}` }).click()
  const tabs = page.getByRole('tablist', { name: 'Language of the text' })
  const english = tabs.getByRole('tab', { name: 'English' })
  const malayalam = tabs.getByRole('tab', { name: 'മലയാളം (Malayalam)' })
  await expect(english).toHaveAttribute('aria-selected', 'true')
  await english.focus()
  await page.keyboard.press('ArrowRight')
  await expect(malayalam).toBeFocused()
  await expect(malayalam).toHaveAttribute('aria-selected', 'true')
  const panel = page.getByRole('tabpanel', { name: 'മലയാളം (Malayalam)' })
  await expect(panel).toBeVisible()
  // The tab's name is drawn with the site's own Malayalam font, loaded for it: a computer without one (this one has
  // none of its own) showed empty boxes (issue 46).
  await page.evaluate(() => document.fonts.ready)
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.fonts].some(
          (face) => face.family.includes('Noto Sans Malayalam') && face.status === 'loaded',
        ),
      ),
    )
    .toBe(true)
  expect(await malayalam.evaluate((tab) => getComputedStyle(tab).fontFamily)).toContain('Noto Sans Malayalam')
  // The English form is out of sight; the English words stay in view above each field, read as its description.
  await expect(page.getByLabel('Starts on')).toBeHidden()
  const malayalamTitle = panel.getByRole('textbox', { name: 'Title', exact: true })
  await expect(malayalamTitle).toHaveAccessibleDescription(new RegExp(`English:\\s*${title}`))
  await expect(malayalamTitle).toHaveAttribute('lang', 'ml')
  await expect(panel.getByText('A feast for every family.')).toBeVisible()
  await malayalamTitle.fill('ഓണാഘോഷം')
  // Rich text in the same editor as the English text.
  await typeRichText(page, 'Description', 'എല്ലാ കുടുംബങ്ങൾക്കും ഒരു സദ്യ.')
  await expect(panel.getByRole('textbox', { name: 'Description', exact: true })).toHaveAttribute('lang', 'ml')

  await expectNoAxeViolations(page)
  // The form alone, without the admin bar that stays at the top of the window over it.
  const form = page.getByRole('region', { name: 'Edit Event' })
  const style = 'header { visibility: hidden }'
  await form.screenshot({ path: `${SCREENSHOTS}/translation-tabs-1280.png`, style })
  await page.setViewportSize({ width: 390, height: 844 })
  await form.screenshot({ path: `${SCREENSHOTS}/translation-tabs-390.png`, style })
  await expectNoAxeViolations(page)

  // One save sends the event and its Malayalam words together.
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expectToast(page, 'Event updated successfully')

  await page.goto(`/ml${eventPath}`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'ml')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ഓണാഘോഷം')
  await expect(page.getByText('എല്ലാ കുടുംബങ്ങൾക്കും ഒരു സദ്യ.')).toBeVisible()
  // What was not translated shows in English.
  await expect(page.getByText('Parish hall').first()).toBeVisible()
  await page.goto(eventPath)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
})

test('The dashboard leads to an item still to translate, open in its form on the Malayalam tab', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInAt(page, '/admin/gallery')
  // The demo is translated throughout: a picture added in English alone is what the dashboard asks about.
  const [picture] = (await (await page.request.get('/api/gallery_images')).json()) as { image_url: string }[]
  const title = unique('Harvest supper')
  const created = await page.request.post('/api/gallery_images', {
    data: {
      title,
      category: 'events',
      image_url: picture.image_url,
      image_alt: 'Tables laid for supper',
    },
  })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  await page.goto('/admin/dashboard')
  const section = page.getByRole('region', { name: /items? needs? a translation/ })
  await section.screenshot({
    path: `${SCREENSHOTS}/dashboard-untranslated-1280.png`,
    style: 'header { visibility: hidden }',
  })
  const gallery = section
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /^Gallery/ }) })
  await gallery.getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(/\/admin\/gallery\?edit=[\w-]+&lang=ml$/)
  await expect(page.getByRole('heading', { name: 'Edit Image' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'മലയാളം (Malayalam)' })).toHaveAttribute('aria-selected', 'true')
  const panel = page.getByRole('tabpanel', { name: 'മലയാളം (Malayalam)' })
  await expect(panel.getByRole('textbox', { name: 'Title', exact: true })).toHaveAccessibleDescription(
    new RegExp(`English:\\s*${title}`),
  )

  // Church Info names its languages as they are typed, the main one first.
  await page.goto('/admin/church-info')
  const languages = page.getByRole('textbox', { name: 'Languages' })
  await expect(languages).toHaveValue('en, ml')
  await expect(languages).toHaveAccessibleDescription(/English \(main\), Malayalam/)
  await languages.fill('en, ml, xx!')
  await expect(page.getByText('“xx!” is not a language code')).toBeVisible()
  await languages.locator('..').screenshot({ path: `${SCREENSHOTS}/church-info-languages-1280.png` })
  expect((await page.request.delete(`/api/gallery_images/${id}`)).status()).toBe(204)
})
