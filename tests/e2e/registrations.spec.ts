import type { Page } from '@playwright/test'

import { expectToast, openAdmin, unique } from './admin-helpers.ts'
import { ADMIN, expect, expectNoAxeViolations, signInAt } from './fixtures.ts'
import { testWithMail } from './mail-fixtures.ts'

const test = testWithMail({ MAIL_FROM: 'Parish Office <office@example.org>' })

test.describe.configure({ mode: 'serial' })

const SCREENSHOTS = process.env.SCREENSHOT_DIR

/** axe at a phone's width and a desktop's, with screenshots of both when SCREENSHOT_DIR is set. */
async function checkWidths(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expectNoAxeViolations(page)
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true })
  }
}

let event: { id: string; title: string }

test('A visitor registers on the event’s page, with and without JavaScript, and is answered in place', async ({
  page,
  browser,
  server,
  smtp,
}) => {
  const title = unique('Youth Retreat')
  await page.request.post('/api/auth/sign-in/email', { data: ADMIN })
  const created = await page.request.post('/api/events', {
    data: {
      title,
      starts_at: '2030-10-12T18:00',
      ends_at: '2030-10-14T15:00',
      location: 'Glengarriff',
      registration: true,
      capacity: 3,
    },
  })
  expect(created.status()).toBe(201)
  event = await created.json()
  await page.context().clearCookies()

  // The card on /events says Register Now and leads to the form.
  await page.goto('/events')
  const card = page.getByRole('main').getByRole('article').filter({ hasText: title })
  await card.getByRole('link', { name: /^Register Now/ }).click()
  await expect(page).toHaveURL(new RegExp(`/events/${event.id}#register$`))
  const form = page.getByRole('form', { name: 'Registration form' })
  await expect(form.getByText('3 places left')).toBeVisible()
  await checkWidths(page, 'registration-form')

  await form.getByLabel('Name').fill('Aoife Murphy')
  await form.getByLabel('Email').fill('aoife@example.org')
  await form.getByLabel('Number of people').selectOption('2')
  await form.getByLabel('Note (optional)').fill('One of us is vegetarian')
  // The contact form's timing rule: a person takes a few seconds to fill it in.
  await page.waitForTimeout(3_000)
  await form.getByRole('button', { name: 'Register' }).click()
  const answered = page.getByRole('form', { name: 'Registration form' }).getByRole('status')
  await expect(answered).toHaveText('You are registered! A confirmation is on its way to aoife@example.org.')
  await expect(answered).toBeFocused()
  await checkWidths(page, 'registration-done')
  const [mail] = await smtp.waitFor(1)
  expect(mail.mail.subject).toBe(`You are registered: ${title}`)
  expect(mail.mail.attachments[0]?.contentType).toBe('text/calendar')
  // The e-mail's cancel link opens a page that asks first (nothing is cancelled by opening it).
  const cancelLink = /https?:\/\/\S+\/cancel\?token=\S+/.exec(mail.mail.text ?? '')![0]
  await page.goto(cancelLink)
  await expect(page.getByRole('heading', { name: 'Cancel your registration?' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancel my registration' })).toBeVisible()
  await checkWidths(page, 'registration-cancel')

  // Without JavaScript the form posts as a page, and the answer is in the same place: 1 place left for 2 people.
  const plain = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url })
  try {
    const noScript = await plain.newPage()
    await noScript.goto(`/events/${event.id}`)
    const plainForm = noScript.getByRole('form', { name: 'Registration form' })
    await expect(plainForm.getByText('1 place left')).toBeVisible()
    await plainForm.getByLabel('Name').fill('Seán Ó Briain')
    await plainForm.getByLabel('Email').fill('sean@example.org')
    await plainForm.getByLabel('Number of people').selectOption('2')
    await noScript.waitForTimeout(3_000)
    await plainForm.getByRole('button', { name: 'Register' }).click()
    await expect(noScript).toHaveURL(new RegExp(`/events/${event.id}#register$`))
    await expect(noScript.getByRole('form', { name: 'Registration form' }).getByRole('status')).toHaveText(
      'This date is full, so you are on the waiting list. We will e-mail sean@example.org if a place comes free.',
    )
  } finally {
    await plain.close()
  }
})

test('Staff see the registrations from the events list, search them, cancel one by hand (the waiting list moves up) and export them', async ({
  page,
  smtp,
}) => {
  await signInAt(page, '/admin/events')
  const link = page.getByRole('link', { name: `Registrations for ${event.title}: 2 places taken, 1 waiting` })
  await expect(link).toHaveText('Registrations (2/3, 1 waiting)')
  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: `Registrations: ${event.title}` })).toBeVisible()
  await expect(page.getByText('2 of 3 places taken · 1 confirmed · 1 on the waiting list')).toBeVisible()
  const rows = page.getByRole('region', { name: /^\d+ registrations?$/ }).getByRole('listitem')
  await expect(rows).toHaveCount(2)

  await page.getByRole('searchbox', { name: 'Search' }).fill('vegetarian')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('Aoife Murphy')
  await page.getByRole('searchbox', { name: 'Search' }).fill('')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(rows).toHaveCount(2)
  await checkWidths(page, 'registrations-admin')

  await page.getByRole('button', { name: 'Cancel Aoife Murphy’s registration' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel registration' }).click()
  await expectToast(page, 'Registration cancelled; 1 person moved up from the waiting list')
  await expect(rows.filter({ hasText: 'Seán Ó Briain' })).toContainText('Confirmed')
  await expect(rows.filter({ hasText: 'Aoife Murphy' })).toContainText('Cancelled')
  // Seán is told by e-mail.
  await expect
    .poll(() => smtp.received.filter((mail) => mail.envelope.to.includes('sean@example.org')).length)
    .toBe(2)

  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')
  const csv = await page.request.get(href!)
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8')
  const text = await csv.text()
  expect(text).toContain('"Seán Ó Briain","sean@example.org","2"')
  expect(text).toContain('"cancelled"')

  // Settings: how long registrations are kept, and whether editors may manage them.
  await openAdmin(page, '/admin/settings')
  const settings = page.getByRole('region', { name: 'Event registrations' })
  await expect(settings.getByLabel('Erase registrations after the event (days)')).toHaveValue('30')
  await expect(
    settings.getByRole('checkbox', { name: /Editors may see and manage registrations/ }),
  ).not.toBeChecked()
  await checkWidths(page, 'settings-registrations')
})
