import { chromium } from '@playwright/test'

import { buildOnce, startServer } from './test-server.ts'

// Next Sunday in Dublin (winter: UTC): 2026-12-13.
const MOMENTS = [
  ['later', '2026-12-13T08:00:00Z'],
  ['soon', '2026-12-13T10:05:00Z'],
  ['live', '2026-12-13T10:40:00Z'],
  ['ended', '2026-12-13T13:00:00Z'],
] as const

buildOnce()
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox'] })
for (const [state, clock] of MOMENTS) {
  const server = await startServer({ seed: true, env: { CLOCK_START: clock } })
  for (const width of [390, 1280]) {
    for (const lang of ['', '/ml']) {
      const page = await browser.newPage({ viewport: { width, height: 900 } })
      await page.goto(`${server.url}${lang}/live`)
      await page.screenshot({ path: `/tmp/shots-live/${state}${lang.replace('/', '-')}-${width}.png`, fullPage: true })
      await page.close()
    }
  }
  await server.stop()
}
await browser.close()
