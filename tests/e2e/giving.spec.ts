import http from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Page } from '@playwright/test'
import Stripe from 'stripe'

import { startServer, type TestServer } from '../test-server.ts'
import { ADMIN, test as base, expect, expectNoAxeViolations, signInAt } from './fixtures.ts'

/**
 * A stand-in for Stripe (STRIPE_API_URL) on 127.0.0.1: it makes Checkout Sessions, remembering their parameters,
 * and serves a page at each session's address in place of Stripe's hosted page.
 */
interface StripeDouble {
  url: string
  sessions: URLSearchParams[]
}

const test = base.extend<object, { stripe: StripeDouble; givingServer: TestServer }>({
  stripe: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const sessions: URLSearchParams[] = []
      let url = ''
      const server = http.createServer((req, res) => {
        let body = ''
        req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
        req.on('end', () => {
          if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
            sessions.push(new URLSearchParams(body))
            const id = `cs_test_${sessions.length}`
            res.writeHead(200, { 'content-type': 'application/json' })
            res.end(JSON.stringify({ id, object: 'checkout.session', url: `${url}/pay/${id}` }))
            return
          }
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          res.end(
            '<!doctype html><html lang="en"><title>Stripe</title><main><h1>Pay with Stripe</h1></main></html>',
          )
        })
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      await use({ url, sessions })
      await new Promise((resolve) => server.close(resolve))
    },
    { scope: 'worker' },
  ],
  givingServer: [
    async ({ stripe }, use) => {
      const server = await startServer({
        templateDir: process.env.LAMPSTAND_TEMPLATE_DIR,
        admin: ADMIN,
        publicUrl: true,
        env: {
          STRIPE_SECRET_KEY: 'sk_test_giving_browser',
          STRIPE_WEBHOOK_SECRET: 'whsec_giving_browser',
          STRIPE_API_URL: stripe.url,
        },
      })
      await use(server)
      await server.stop()
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ givingServer }, use) => use(givingServer.url),
})

const SCREENSHOTS = process.env.SCREENSHOT_DIR

/** With SCREENSHOT_DIR set, the page at a phone's and a desktop's width (docs/testing.md). */
async function screenshots(page: Page, name: string) {
  if (!SCREENSHOTS) return
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true })
  }
}

for (const { path, heading, amount, other, fund, monthly, submit, thanks } of [
  {
    path: '/give',
    heading: 'Give',
    amount: '€50',
    other: 'Other amount in euro',
    fund: 'Building fund',
    monthly: 'Monthly',
    submit: 'Continue to payment',
    thanks: '/give/thanks',
  },
  {
    path: '/ml/give',
    heading: 'സംഭാവന നൽകുക',
    amount: '€50',
    other: 'മറ്റൊരു തുക, യൂറോയിൽ',
    fund: 'കെട്ടിട നിധി',
    monthly: 'മാസംതോറും',
    submit: 'പണമടയ്ക്കാൻ തുടരുക',
    thanks: '/ml/give/thanks',
  },
]) {
  test(`A visitor gives once and monthly from ${path}, and is sent to Stripe's page`, async ({
    page,
    stripe,
    givingServer,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    // No card or bank field on our page, and nothing of Stripe's loaded.
    await expect(page.locator('input[autocomplete^="cc-"], input[name*="iban" i]')).toHaveCount(0)
    expect(await page.content()).not.toContain('js.stripe.com')
    await expectNoAxeViolations(page)
    await screenshots(page, `give${path.startsWith('/ml') ? '-ml' : ''}`)
    await page.setViewportSize({ width: 390, height: 844 })

    await page.getByRole('radio', { name: amount }).check()
    await page.getByRole('combobox').selectOption({ label: fund })
    await page.getByRole('button', { name: submit }).click()
    await expect(page.getByRole('heading', { name: 'Pay with Stripe' })).toBeVisible()
    const once = stripe.sessions.at(-1)!
    expect(Object.fromEntries(once)).toMatchObject({
      mode: 'payment',
      submit_type: 'donate',
      'line_items[0][price_data][unit_amount]': '5000',
      success_url: `${givingServer.url}${thanks}`,
      locale: 'en',
    })

    await page.goto(path)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page
      .getByRole('radio', { name: other === 'Other amount in euro' ? 'Other' : 'മറ്റൊരു തുക' })
      .check()
    await page.getByLabel(other).fill('12.50')
    await page.getByRole('radio', { name: monthly }).check()
    await page.getByRole('button', { name: submit }).click()
    await expect(page.getByRole('heading', { name: 'Pay with Stripe' })).toBeVisible()
    expect(Object.fromEntries(stripe.sessions.at(-1)!)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][unit_amount]': '1250',
      'line_items[0][price_data][recurring][interval]': 'month',
    })

    await page.goto(thanks)
    await expectNoAxeViolations(page)
    await screenshots(page, `give-thanks${path.startsWith('/ml') ? '-ml' : ''}`)
  })
}

test('Give is in the navigation; the Gifts screen lists a gift Stripe confirmed, and its donor', async ({
  page,
  stripe,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/')
  await page.locator('header').getByRole('link', { name: 'Give', exact: true }).first().click()
  await expect(page).toHaveURL(/\/give$/)
  await page.getByRole('radio', { name: '€25' }).check()
  await page.getByRole('combobox').selectOption({ label: 'General' })
  await page.getByRole('button', { name: 'Continue to payment' }).click()
  await expect(page.getByRole('heading', { name: 'Pay with Stripe' })).toBeVisible()
  const session = stripe.sessions.at(-1)!
  // Stripe's event, signed as Stripe signs it: the job worker makes the gift succeeded.
  const timestamp = Math.floor(Date.now() / 1000)
  const payload = JSON.stringify({
    id: `evt_browser_${timestamp}`,
    object: 'event',
    created: timestamp,
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_browser_${timestamp}`,
        object: 'checkout.session',
        client_reference_id: session.get('client_reference_id'),
        payment_status: 'paid',
        payment_intent: `pi_browser_${timestamp}`,
        payment_method_types: ['card'],
        customer_details: { email: 'niamh.giver@example.org', name: 'Niamh Giver' },
      },
    },
  })
  const sent = await page.request.post('/api/stripe/webhook', {
    data: payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: 'whsec_giving_browser',
        timestamp,
      }),
    },
  })
  expect(sent.status()).toBe(200)

  await signInAt(page, '/admin/gifts')
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('link', { name: 'Niamh Giver' }).first()).toBeVisible({ timeout: 1000 })
  }).toPass()
  await expect(page.getByRole('heading', { level: 1, name: 'Gifts' })).toBeVisible()
  await expectNoAxeViolations(page)
  await screenshots(page, 'admin-gifts')
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.getByRole('combobox', { name: 'Status' }).selectOption('succeeded')
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page).toHaveURL(/status=succeeded/)
  await page.getByRole('link', { name: 'Niamh Giver' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Niamh Giver' })).toBeVisible()
  await expect(page.getByText('niamh.giver@example.org')).toBeVisible()
  await expectNoAxeViolations(page)
  await screenshots(page, 'admin-donor')
})
