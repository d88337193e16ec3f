import { chromium } from '@playwright/test'
const base = 'http://127.0.0.1:3917'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
for (const width of [1280, 390]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  const page = await context.newPage()
  await page.goto(base + '/admin/login')
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await page.getByLabel('Email').fill('admin@example.org')
  await page.getByLabel('Password').fill('correct-horse-battery-staple')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL('**/admin/dashboard')
  await page.goto(base + '/admin/church-info')
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await page.getByLabel('Find the map position').fill('https://www.openstreetmap.org/?mlat=51.9&mlon=-8.47#map=17/51.9/-8.47')
  await page.getByLabel('WhatsApp number').fill('12')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await page.waitForTimeout(800)
  await page.screenshot({ path: `/tmp/shots-seo/admin-church-${width}.png`, fullPage: true })
  await context.close()
}
await browser.close()
