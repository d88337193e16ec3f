import { chromium } from '@playwright/test'
const base = 'http://127.0.0.1:3917'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
for (const width of [1280, 390]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  const page = await context.newPage()
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (r) => r.abort())
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'true'))
  await page.goto(base + '/contact', { waitUntil: 'networkidle' })
  await page.screenshot({ path: `/tmp/shots-seo/contact-${width}.png`, fullPage: true })
  await page.goto(base + '/services', { waitUntil: 'networkidle' })
  await page.screenshot({ path: `/tmp/shots-seo/services-${width}.png`, fullPage: true })
  await context.close()
}
await browser.close()
