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
  // Tests, not files, are shared out among the workers, so no worker is left with a long file at the end (files
  // whose tests share a server's state say `mode: 'serial'`).
  fullyParallel: true,
  workers: process.env.CI ? 3 : undefined,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromium ?? undefined,
      // Offline: every name but the test server's fails at once (map tiles, a video's player). Requests are not
      // intercepted to do it, which would also turn the browser's cache off and send every request through the
      // test runner.
      args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'],
    },
    trace: 'off',
    screenshot: 'off',
  },
})
