import { defineConfig } from '@playwright/test'

import { CHROMIUM_ARGS, findChromium } from './tests/chromium.ts'

const chromium = findChromium({ shell: true })
if (!chromium) {
  if (process.env.CI)
    throw new Error(
      'Browser tests need Chromium under CI: apt-get install -y chromium (or set CHROMIUM_PATH)',
    )
  console.warn(
    '\n!!! BROWSER TESTS SKIPPED: no Chromium found. Install it with `sudo apt-get install chromium` or set CHROMIUM_PATH. !!!\n',
  )
}

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  testIgnore: chromium ? [] : ['**/*'],
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 3 : undefined,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromium ?? undefined, args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'off',
  },
})
