import type { Page } from '@playwright/test'

import { startServer, type TestServer } from '../test-server.ts'
import { makePng } from '../fixtures/images.ts'
import { expectToast, openAdmin } from './admin-helpers.ts'
import { ADMIN, test as base, expect, expectNoAxeViolations, signIn } from './fixtures.ts'

const STEPS = [
  'Add the church’s name and contact details',
  'Upload the church’s logo',
  'Tell your story on About Us',
  'Add at least one service',
  'Add a slide to the home page',
  'Choose who is e-mailed new messages',
]

/** An empty site of its own (no demo content), for this file only: the checklist is about a new site. */
const test = base.extend<object, { emptyServer: TestServer }>({
  emptyServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({ admin: ADMIN })
      await use(server)
      await server.stop()
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ emptyServer }, use) => use(emptyServer.url),
})

function checklist(page: Page) {
  return page.getByRole('region', { name: 'Get your website ready' })
}

/** The steps as shown: each step's words and whether it is ticked. */
async function steps(page: Page) {
  return checklist(page)
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => [
        link.textContent!.replace(/ \((done|to do)\)$/, ''),
        link.textContent!.endsWith('(done)'),
      ]),
    )
}

async function upload(page: Page, width: number, height: number) {
  const answer = await page.request.post('/api/uploads', {
    multipart: { file: { name: 'picture.png', mimeType: 'image/png', buffer: await makePng(width, height) } },
  })
  expect(answer.status()).toBe(201)
  return ((await answer.json()) as { secure_url: string }).secure_url
}

test('An empty site opens on a checklist that ticks as the essentials are filled in, then disappears', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page)
  await expect(checklist(page)).toBeVisible()
  expect(await steps(page)).toEqual(STEPS.map((step) => [step, false]))
  await expect(checklist(page)).toContainText('0 of 6 done')
  await expect(checklist(page).getByRole('progressbar')).toHaveAttribute('aria-valuetext', '0 of 6 done')
  // The counts are there too, below.
  await expect(page.getByRole('link', { name: 'Services 0' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: 'test-results/screenshots/dashboard-checklist-1280.png', fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoAxeViolations(page)
  await page.screenshot({ path: 'test-results/screenshots/dashboard-checklist-390.png' })
  await page.screenshot({ path: 'test-results/screenshots/dashboard-checklist-390-full.png', fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })

  // Each step leads to its screen: the first, done as a secretary would.
  await checklist(page)
    .getByRole('link', { name: /name and contact details/ })
    .click()
  await expect(page).toHaveURL(/\/admin\/church-info$/)
  await page.getByRole('textbox', { name: 'Church name', exact: true }).fill('St Brigid’s Fellowship')
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Main Street, Kildare')
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('045 123 456')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expectToast(page, 'Church information updated successfully')
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .first()
    .getByRole('link', { name: 'Dashboard' })
    .click()
  await expect(checklist(page)).toContainText('1 of 6 done')
  expect((await steps(page))[0]).toEqual([STEPS[0], true])
  for (const [index, path] of [
    [1, '/admin/church-info'],
    [2, '/admin/about'],
    [3, '/admin/services'],
    [4, '/admin/carousel'],
    [5, '/admin/settings'],
  ] as const) {
    await expect(checklist(page).getByRole('link', { name: new RegExp(STEPS[index]) })).toHaveAttribute(
      'href',
      path,
    )
  }

  // The rest through the API, each ticked in turn.
  const logo = await upload(page, 256, 256)
  const info = await (await page.request.get('/api/church_info')).json()
  expect((await page.request.put('/api/church_info', { data: { ...info, logo_url: logo } })).status()).toBe(
    200,
  )
  const fill = [
    () =>
      page.request.put('/api/about_us', {
        data: {
          history: '<p>Founded in 1990.</p>',
          mission: '<p>To love.</p>',
          vision: '<p>A home for all.</p>',
          values: '<p>Welcome.</p>',
        },
      }),
    () =>
      page.request.post('/api/services', {
        data: { name: 'Sunday Worship', day: 'Sunday', time: '11:00 AM' },
      }),
    async () =>
      page.request.post('/api/carousel_slides', {
        data: { title: 'Welcome', image_url: await upload(page, 1600, 900), image_alt: 'The church at dusk' },
      }),
  ]
  await openAdmin(page, '/admin/dashboard')
  expect((await steps(page)).map(([, done]) => done)).toEqual([true, true, false, false, false, false])
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'test-results/screenshots/dashboard-checklist-390-ticked.png' })
  await page.setViewportSize({ width: 1280, height: 900 })
  for (const [index, step] of fill.entries()) {
    expect((await step()).ok()).toBe(true)
    await openAdmin(page, '/admin/dashboard')
    await expect(checklist(page)).toContainText(`${index + 3} of 6 done`)
  }
  // The last step on its screen, as a secretary would: leaving it half done asks, saving it ticks it.
  await expect(checklist(page)).toContainText('5 of 6 done')
  await checklist(page)
    .getByRole('link', { name: /e-mailed new messages/ })
    .click()
  await expect(page).toHaveURL(/\/admin\/settings$/)
  await page.getByRole('textbox', { name: 'Recipients' }).fill('office@stbrigids.example')
  const menu = page.getByRole('navigation', { name: 'Admin sections' }).first()
  await menu.getByRole('link', { name: 'Dashboard' }).click()
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' })
  await leave.getByRole('button', { name: 'Stay on this page' }).click()
  await expect(page.getByRole('textbox', { name: 'Recipients' })).toHaveValue('office@stbrigids.example')
  await page.getByRole('button', { name: 'Save recipients' }).click()
  await expectToast(page, 'Notification recipients saved')
  await menu.getByRole('link', { name: 'Dashboard' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()

  // Complete: the checklist is gone, the counts stay.
  await expect(checklist(page)).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Services 1' })).toBeVisible()
})

base(
  'An administrator can hide the set-up list for good, as the demo (which has no logo) would otherwise show it for ever',
  async ({ page }) => {
    await signIn(page)
    await expect(checklist(page)).toBeVisible()
    await expect(
      checklist(page).getByRole('link', { name: /Upload the church’s logo \(to do\)/ }),
    ).toBeVisible()
    await checklist(page).getByRole('button', { name: 'Hide this list' }).click()
    await expectToast(page, 'The set-up list is hidden')
    await expect(checklist(page)).toHaveCount(0)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await expect(checklist(page)).toHaveCount(0)
  },
)
