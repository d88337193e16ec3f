import { expect, test, waitForHydration } from './fixtures.ts'

// axe on this page (light and dark, every theme) is in public-accessibility.spec.ts.
test('Home is rendered on the server with the church name and welcome text, then hydrates', async ({
  page,
  request,
}) => {
  const response = await request.get('/')
  expect(response.status()).toBe(200)
  const html = await response.text()
  expect(html).toContain('IPC Cork')
  expect(html).toContain('Welcome to Our Church')
  expect(html).toContain('Spirit-filled family of believers')

  await page.goto('/')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Welcome to Our Church' })).toBeVisible()
})
