import type { Page } from '@playwright/test'

import { allowRefusedRequests } from './admin-helpers.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { acceptCookiesUpFront, cssColour, signInApi } from './public-helpers.ts'

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page)
})

test('The contact page shows the church details, office hours and how to get there', async ({ page }) => {
  await page.goto('/contact')
  const info = page.getByRole('region', { name: 'Contact Information' })
  await expect(info.getByText('Kinsale Road Business Park')).toBeVisible()
  await expect(info.getByRole('link', { name: '+353 21 432 0199' })).toHaveAttribute(
    'href',
    'tel:+353214320199',
  )
  await expect(info.getByRole('link', { name: 'hello@ipccork.ie' })).toBeVisible()
  await expect(info.getByRole('definition')).toHaveText(['9:00 AM - 5:00 PM', '10:00 AM - 2:00 PM', 'Closed'])
  await expect(info.getByRole('term')).toHaveText(['Monday - Friday', 'Saturday', 'Sunday'])
  const gettingHere = page.getByRole('region', { name: 'Getting Here' })
  await expect(gettingHere).toContainText('Bus routes 202 and 208 stop at Church Street.')
  await expect(gettingHere).toContainText('A 5-minute walk from the train station.')
  await expect(gettingHere).toContainText(
    'Free parking in the church car park on Sundays; paid public parking nearby.',
  )
})

/** Opens /contact once it has hydrated and fills in Mary Murphy's name and then `fields` (by label). */
async function openContactForm(page: Page, fields: Record<string, string>) {
  await page.goto('/contact')
  await waitForHydration(page)
  const form = page.getByRole('form', { name: 'Contact form' })
  for (const [label, value] of Object.entries({ 'First Name': 'Mary', 'Last Name': 'Murphy', ...fields })) {
    await form.getByLabel(label).fill(value)
  }
  return form
}

test('A visitor sends a message: the button says Sending..., then the form confirms and clears itself', async ({
  page,
  request,
}) => {
  const word = `w${Date.now().toString(36)}`
  const form = await openContactForm(page, {
    Email: 'mary@example.ie',
    Phone: '+353 87 000 0000',
    Subject: 'Visiting on Sunday',
    Message: `Is there parking? ${word}`,
  })
  // The form's behaviour posts to the page's own address; held back half a second, so "Sending..." is seen
  // however fast the server answers (the pattern this waited on before, `contact.data`, was React Router's and
  // matched nothing since public pages lost their framework: the check raced the answer).
  await page.route('**/contact', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 500))
    await route.continue()
  })
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled()
  await expect(form.getByRole('status')).toHaveText('Your message has been sent successfully!')
  await expect(form.getByLabel('First Name')).toHaveValue('')
  await expect(form.getByLabel('Message')).toHaveValue('')
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled()

  await signInApi(request)
  const stored = await (await request.get(`/api/contact_messages?q=${word}`)).json()
  expect(stored).toMatchObject([
    { first_name: 'Mary', last_name: 'Murphy', email: 'mary@example.ie', subject: 'Visiting on Sunday' },
  ])
})

test('A message the server refuses shows its reason in a red box above the form and keeps what was typed', async ({
  page,
  consoleErrors,
}) => {
  // The browser accepts an address without a domain ending; the server does not.
  const form = await openContactForm(page, { Email: 'mary@localhost', Message: 'Hello' })
  await form.getByRole('button', { name: 'Send Message' }).click()
  const alert = form.getByRole('alert')
  await expect(alert).toHaveText('Please correct the highlighted fields')
  await expect(alert).toHaveCSS('background-color', await cssColour(page, 'var(--color-red-50)'))
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByText('Enter a valid email address')).toBeVisible()
  await expect(form.getByLabel('First Name')).toHaveValue('Mary')
  // The refusal is an honest 400, which Chromium notes on the console.
  allowRefusedRequests(consoleErrors, /status of 400/)
})

test('When the message gets no answer, the red box says so and nothing typed is lost', async ({
  page,
  consoleErrors,
}) => {
  const form = await openContactForm(page, {
    Email: 'mary@example.ie',
    Message: 'A long message I would hate to type again',
  })
  // First a proxy's own error page, then no answer at all.
  await page.route('**/contact', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' })
      : route.continue(),
  )
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(form.getByRole('alert')).toHaveText(
    'Sorry, your message could not be sent. Please try again in a moment.',
  )
  await page.unroute('**/contact')
  await page.route('**/contact', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionreset') : route.continue(),
  )
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled()
  await expect(form.getByRole('alert')).toHaveText(
    'Sorry, your message could not be sent. Please try again in a moment.',
  )
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0)
  await expect(form.getByLabel('First Name')).toHaveValue('Mary')
  await expect(form.getByLabel('Message')).toHaveValue('A long message I would hate to type again')
  // The failed requests are noted on the console by Chromium; they are what this test makes happen.
  allowRefusedRequests(consoleErrors, /status of 502|ERR_CONNECTION_RESET/)
})

test('The contact form works without JavaScript and carries a honeypot field', async ({
  browser,
  server,
  request,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url })
  const page = await context.newPage()
  const word = `w${Date.now().toString(36)}`
  await page.goto('/contact')
  const form = page.getByRole('form', { name: 'Contact form' })
  await expect(form.locator('input[name="website"]')).toHaveAttribute('tabindex', '-1')
  await form.getByLabel('First Name').fill('Seán')
  await form.getByLabel('Last Name').fill('Ó Briain')
  await form.getByLabel('Email').fill('sean@example.ie')
  await form.getByLabel('Message').fill(`No JavaScript here ${word}`)
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Your message has been sent successfully!')).toBeVisible()
  await expect(page.getByLabel('First Name')).toHaveValue('')

  // A robot that fills the hidden field is told the same, but nothing is stored.
  await page.goto('/contact')
  await form.getByLabel('First Name').fill('Robot')
  await form.getByLabel('Last Name').fill('Spam')
  await form.getByLabel('Email').fill('robot@example.com')
  await form.getByLabel('Message').fill(`Cheap pills ${word}`)
  await form.locator('input[name="website"]').fill('https://spam.example')
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Your message has been sent successfully!')).toBeVisible()
  await context.close()

  await signInApi(request)
  const stored = await (await request.get(`/api/contact_messages?q=${word}`)).json()
  expect(stored).toMatchObject([{ first_name: 'Seán', last_name: 'Ó Briain' }])
})
