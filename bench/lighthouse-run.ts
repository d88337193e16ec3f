// One Lighthouse mobile run of a page in a fresh Chromium, as bench:lighthouse and bench:trace both make it.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type RunnerResult } from 'lighthouse'

import { CHROMIUM_ARGS } from '../tests/chromium.ts'

export async function runLighthouse(
  url: string,
  chromePath: string,
  categories: string[] = ['performance', 'seo', 'accessibility'],
  /** `simulate` (Lighthouse's own: observed unthrottled, then modelled) or `devtools` (the browser really slowed). */
  throttlingMethod: 'simulate' | 'devtools' = 'simulate',
): Promise<RunnerResult> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      ...CHROMIUM_ARGS,
      // Everything but our own server fails to resolve: no request leaves the machine.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
    logLevel: 'silent',
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      throttlingMethod,
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`)
    return result
  } finally {
    chrome.kill()
  }
}
