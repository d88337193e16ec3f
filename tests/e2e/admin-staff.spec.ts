// Staff accounts in Chromium: an invitation e-mailed to an SMTP server in this test's own process, an editor's
// limits, removing a person, and a forgotten password reset by its e-mailed link.
import type { BrowserContext, Page } from '@playwright/test'

import { allowRefusedRequests, expectToast, openAdmin, unique } from './admin-helpers.ts'
import { expect, expectNoAxeViolations, signInAt } from './fixtures.ts'
import { testWithMail } from './mail-fixtures.ts'
import type { TestSmtpServer } from '../smtp-server.ts'

const test = testWithMail({ MAIL_FROM: 'Parish Office <office@example.org>' })

test.describe.configure({ mode: 'serial' })

const SCREENSHOTS = process.env.SCREENSHOT_DIR

async function screenshots(page: Page, name: string) {
  if (!SCREENSHOTS) return
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 720 })
}

/** The link of the newest e-mail to `address`. */
async function linkMailedTo(smtp: TestSmtpServer, address: string, kind: string) {
  let text = ''
  await expect
    .poll(() => {
      const mails = smtp.received.filter((mail) => mail.envelope.to.includes(address))
      text = mails.at(-1)?.mail.text ?? ''
      return text
    })
    .toContain(`/admin/${kind}?token=`)
  return new RegExp(`https?://[^\\s]+/admin/${kind}\\?token=[\\w-]+`).exec(text)![0]
}

async function choosePassword(page: Page, password: string, button: string) {
  await page.getByLabel('New password').fill(password)
  await page.getByLabel('Type it again').fill(password)
  await page.getByRole('button', { name: button }).click()
}

async function signInAs(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL('**/admin/dashboard')
}

test('An administrator invites a colleague as Editor; the colleague sets a password from the e-mail, edits an event, is refused Messages and Staff, and is signed out when removed', async ({
  page,
  browser,
  server,
  smtp,
  consoleErrors,
}) => {
  const colleague = { name: unique('Aoife'), email: `${unique('aoife').replace(' ', '.')}@example.org` }
  const password = 'summer-camp-in-kinsale'

  await signInAt(page, '/admin/staff')
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Staff' }).first()).toBeAttached()
  await expectNoAxeViolations(page)
  await page.getByLabel('E-mail').fill(colleague.email)
  await page.getByLabel('Name (optional)').fill(colleague.name)
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Editor' })
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expectToast(page, `Invitation e-mailed to ${colleague.email}`)
  const people = page.getByRole('region', { name: /People with access/ })
  const row = people.getByRole('listitem').filter({ hasText: colleague.email })
  await expect(row).toContainText('Invited, link open until')
  await screenshots(page, 'staff')

  const link = await linkMailedTo(smtp, colleague.email, 'invitation')
  const theirs: BrowserContext = await browser.newContext({ baseURL: server.url })
  const them = await theirs.newPage()
  await them.goto(link)
  await expect(them.getByRole('heading', { name: 'Welcome' })).toBeVisible()
  await expect(them.getByText(colleague.email)).toBeVisible()
  await expectNoAxeViolations(them)
  await screenshots(them, 'invitation')
  // A common password first: a clear message, and the link still works.
  await choosePassword(them, 'password123', 'Save my password')
  await expect(them.getByRole('alert')).toContainText('most common')
  await choosePassword(them, password, 'Save my password')
  await them.waitForURL('**/admin/login?password=chosen')
  await expect(them.getByRole('status')).toContainText('Your password is saved')
  await signInAs(them, colleague.email, password)

  // The bar shows an editor only the content screens.
  await expect(them.getByRole('link', { name: 'Events' }).first()).toBeAttached()
  await expect(them.getByRole('link', { name: 'Messages' })).toHaveCount(0)
  await expect(them.getByRole('link', { name: 'Staff' })).toHaveCount(0)
  await expect(them.getByRole('link', { name: 'Settings' })).toHaveCount(0)

  // Edits an event.
  const events = (await (await them.request.get('/api/events')).json()) as Array<{ title: string }>
  const event = events[0]
  const renamed = unique('Youth night')
  await openAdmin(them, '/admin/events')
  await them.getByRole('button', { name: `Edit ${event.title}` }).click()
  await them.getByRole('textbox', { name: 'Title', exact: true }).fill(renamed)
  await them.getByRole('button', { name: 'Save Changes' }).click()
  await expectToast(them, 'Event updated successfully')

  // Refused on Messages and Staff: the page, its data and the API.
  for (const path of ['/admin/messages', '/admin/staff']) {
    const response = await them.goto(path)
    expect(response?.status(), path).toBe(403)
    await expect(them.getByRole('heading', { name: 'Not available to you' })).toBeVisible()
    await expect(them.getByRole('alert')).toContainText('Only administrators can use')
    expect((await them.request.get(`${path}.data`)).status(), `${path}.data`).toBe(403)
  }
  await expectNoAxeViolations(them)
  expect((await them.request.get('/api/contact_messages')).status()).toBe(403)
  expect((await them.request.get('/admin/messages/export')).status()).toBe(403)

  // The administrator sees both in the activity log: the colleague's sign-in and their edit, newest first.
  await openAdmin(page, '/admin/activity')
  const log = page.getByRole('region', { name: /newest first/ }).getByRole('listitem')
  await expect(log.nth(0)).toContainText(`${colleague.name} changed “${renamed}”`)
  await expect(log.nth(0)).toContainText('Events')
  await expect(log.nth(1)).toContainText(`${colleague.name} signed in`)
  await expect(log.nth(2)).toContainText(`${colleague.name} accepted the invitation`)
  await expect(log.nth(3)).toContainText(`invited ${colleague.email} as Editor`)

  // The administrator removes the colleague, whose open page stops working at its next request.
  await openAdmin(them, '/admin/events')
  await openAdmin(page, '/admin/staff')
  await row.getByRole('button', { name: `Remove ${colleague.name}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click()
  await expectToast(page, `${colleague.email} no longer has access`)
  await expect(people.getByRole('listitem').filter({ hasText: colleague.email })).toHaveCount(0)
  await them.getByRole('link', { name: 'Services' }).first().click()
  await them.waitForURL(/\/admin\/login(\?next=%2Fadmin%2Fservices)?$/)
  expect((await them.request.get('/api/auth/get-session')).status()).toBe(200)
  expect(await (await them.request.get('/api/auth/get-session')).json()).toBeNull()
  await theirs.close()
  allowRefusedRequests(consoleErrors)
})

test('A forgotten password is reset through the e-mailed link: the old password and the old sessions no longer work', async ({
  page,
  browser,
  server,
  smtp,
  consoleErrors,
}) => {
  const person = { name: unique('Treasurer'), email: `${unique('treasurer').replace(' ', '.')}@example.org` }
  const oldPassword = 'the-collection-counted'
  const newPassword = 'a-fresh-start-in-advent'
  // An administrator invites them; they choose a first password.
  await signInAt(page, '/admin/staff')
  await page.getByLabel('E-mail').fill(person.email)
  await page.getByLabel('Name (optional)').fill(person.name)
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expectToast(page, `Invitation e-mailed to ${person.email}`)
  const laptop = await browser.newContext({ baseURL: server.url })
  const onLaptop = await laptop.newPage()
  await onLaptop.goto(await linkMailedTo(smtp, person.email, 'invitation'))
  await choosePassword(onLaptop, oldPassword, 'Save my password')
  await onLaptop.waitForURL('**/admin/login?password=chosen')
  await signInAs(onLaptop, person.email, oldPassword)

  // On another device, they forgot it.
  const phone = await browser.newContext({ baseURL: server.url })
  const onPhone = await phone.newPage()
  await onPhone.goto('/admin/login')
  await onPhone.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(onPhone.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
  await expectNoAxeViolations(onPhone)
  await screenshots(onPhone, 'forgot-password')
  await onPhone.getByLabel('Email').fill(person.email)
  await onPhone.getByRole('button', { name: 'Send me a link' }).click()
  await expect(onPhone.getByRole('status')).toContainText(`If ${person.email} has access`)
  await expectNoAxeViolations(onPhone)
  await onPhone.goto(await linkMailedTo(smtp, person.email, 'reset-password'))
  await expect(onPhone.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await expectNoAxeViolations(onPhone)
  await screenshots(onPhone, 'reset-password')
  await choosePassword(onPhone, newPassword, 'Save the new password')
  await onPhone.waitForURL('**/admin/login?password=reset')
  await expect(onPhone.getByRole('status')).toContainText('every device was signed out')

  // The laptop's session has ended: its next request goes to the sign-in page.
  await onLaptop.getByRole('link', { name: 'Services' }).first().click()
  await onLaptop.waitForURL(/\/admin\/login(\?next=%2Fadmin%2Fservices)?$/)
  // The old password no longer works; the new one does.
  await onPhone.getByLabel('Email').fill(person.email)
  await onPhone.getByLabel('Password').fill(oldPassword)
  await onPhone.getByRole('button', { name: 'Sign In' }).click()
  await expect(onPhone.getByRole('alert')).toContainText(/invalid email or password/i)
  await onPhone.getByLabel('Password').fill(newPassword)
  await onPhone.getByRole('button', { name: 'Sign In' }).click()
  await onPhone.waitForURL('**/admin/dashboard')
  await laptop.close()
  await phone.close()
  allowRefusedRequests(consoleErrors)
})
