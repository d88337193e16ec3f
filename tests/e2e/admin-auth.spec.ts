import { allowRefusedRequests, openAdmin } from './admin-helpers.ts'
import { ADMIN, expect, expectNoAxeViolations, signIn, test, waitForHydration } from './fixtures.ts'

const GUARDED = [
  '/admin',
  '/admin/dashboard',
  '/admin/church-info',
  '/admin/about',
  '/admin/leadership',
  '/admin/getting-here',
  '/admin/services',
  '/admin/events',
  '/admin/ministries',
  '/admin/gallery',
  '/admin/carousel',
  '/admin/messages',
  '/admin/account',
]

test('Visitors are sent from every admin page to the sign-in screen, without any admin content', async ({
  request,
}) => {
  for (const path of GUARDED) {
    const response = await request.get(path, { maxRedirects: 0 })
    expect(response.status(), path).toBe(302)
    // To the sign-in screen, which leads back to the page asked for (the dashboard is where it leads anyway).
    expect(response.headers().location, path).toMatch(
      ['/admin', '/admin/dashboard'].includes(path)
        ? /\/admin\/(login|dashboard)$/
        : new RegExp(`/admin/login\\?next=${encodeURIComponent(path)}$`),
    )
    expect(await response.text(), path).not.toContain('Admin CMS')
  }
  // The data requests of client-side navigation are guarded as well.
  const data = await request.get('/admin/messages.data', { maxRedirects: 0 })
  expect(await data.text()).not.toContain('first_name')
  // So are the actions.
  const write = await request.post('/admin/services', {
    form: { intent: 'create', name: 'Sneaky service' },
    maxRedirects: 0,
  })
  expect(write.status()).toBe(302)
  const services = (await (await request.get('/api/services')).json()) as Array<{ name: string }>
  expect(services.map((service) => service.name)).not.toContain('Sneaky service')
})

test('A visitor opening an admin page in the browser lands on the sign-in screen', async ({ page }) => {
  await page.goto('/admin/events')
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fevents$/)
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
  await waitForHydration(page)
  await expectNoAxeViolations(page)
})

test('Signed out, a link to an admin page (as in an alert e-mail) leads there once signed in', async ({
  page,
}) => {
  await page.goto('/admin/messages?status=archived')
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fmessages%3Fstatus%3Darchived$/)
  await waitForHydration(page)
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/admin\/messages\?status=archived$/)
  await expect(
    page.getByRole('navigation', { name: 'Filter messages' }).getByRole('link', { name: /^Archived/ }),
  ).toHaveAttribute('aria-current', 'page')
})

test('A wrong password shows the error in a red box', async ({ page, consoleErrors }) => {
  await openAdmin(page, '/admin/login')
  await page.getByLabel('Email').fill('nobody@example.org')
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('alert')).toContainText(/invalid email or password/i)
  await expect(page).toHaveURL(/\/admin\/login$/)
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled()
  allowRefusedRequests(consoleErrors)
})

test('The button reads Signing in... while the sign-in is under way', async ({ page }) => {
  await openAdmin(page, '/admin/login')
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/admin/login.data*', async (route) => {
    await held
    await route.continue()
  })
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled()
  release()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
})

test('Signing in works before the page has loaded its scripts', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const page = await context.newPage()
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await context.close()
})

test('A signed-in admin is sent from the sign-in screen and /admin to the dashboard', async ({ page }) => {
  await signIn(page)
  await page.goto('/admin/login')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
})

test('Admin can sign out', async ({ page }) => {
  await signIn(page)
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
  await page.goto('/admin/dashboard')
  await expect(page).toHaveURL(/\/admin\/login$/)
  expect((await page.request.get('/api/contact_messages')).status()).toBe(401)
})
