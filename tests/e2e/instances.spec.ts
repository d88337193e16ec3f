import { startServer, type TestServer } from '../test-server.ts'
import { expectToast, unique } from './admin-helpers.ts'
import { expect, signInAt, test } from './fixtures.ts'
import { acceptCookiesUpFront } from './public-helpers.ts'

// Two instances on one database (as behind a load balancer, or two workers of `npm start`): each keeps its own
// page cache, and a change saved through one is on the other's next page.

let second: TestServer | undefined

test.afterEach(async () => {
  await second?.stop()
  second = undefined
})

test('A service saved in the admin of one instance shows on the next page of the other', async ({
  page,
  browser,
  server,
}) => {
  second = await startServer({
    dataDir: server.dataDir,
    env: server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {},
  })
  const visitor = await browser.newPage({ baseURL: second.url })
  await acceptCookiesUpFront(visitor)
  // The visitor's instance has the page in its cache.
  await visitor.goto('/services')
  expect((await visitor.request.get('/services')).headers()['x-cache']).toBe('HIT')

  const name = unique('Harvest Service')
  await signInAt(page, '/admin/services')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await page.getByRole('button', { name: 'Add Service' }).click()
  await expectToast(page, 'Service added successfully')

  await visitor.reload()
  await expect(visitor.getByRole('heading', { name })).toBeVisible()

  const service = page.getByRole('listitem').filter({ hasText: name })
  await service.getByRole('button', { name: /^Delete/ }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'Service deleted successfully')
  await visitor.reload()
  await expect(visitor.getByRole('heading', { level: 1, name: 'Our Services' })).toBeVisible()
  await expect(visitor.getByRole('heading', { name })).toHaveCount(0)
  await visitor.close()
})
