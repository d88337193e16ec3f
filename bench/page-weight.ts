// What a first visit to each public page downloads, measured in Chromium with a phone's screen, the way
// Lighthouse's mobile preset emulates one. Requests that would leave the machine (map tiles) get an empty answer.
import { chromium } from '@playwright/test'

import { CHROMIUM_ARGS, findChromium } from '../tests/chromium.ts'

/** Lighthouse 12's mobile emulation (a moto g power). */
export const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
}

export interface Resource {
  url: string
  type: string
  status: number
  /** Compressed body bytes as received. */
  bodyBytes: number
  headerBytes: number
}

export interface PageWeight {
  path: string
  status: number
  htmlBytes: number
  cssBytes: number
  jsBytes: number
  imageBytes: number
  fontBytes: number
  otherBytes: number
  /** Everything received, headers included (what Lighthouse calls total byte weight). */
  transferBytes: number
  requests: number
  /** Requests for other hosts, answered empty on the machine. */
  stubbed: number
  resources: Resource[]
}

const CATEGORY: Record<string, keyof PageWeight> = {
  document: 'htmlBytes',
  stylesheet: 'cssBytes',
  script: 'jsBytes',
  image: 'imageBytes',
  font: 'fontBytes',
}

export async function measurePageWeights(baseUrl: string, paths: string[]): Promise<PageWeight[]> {
  const executablePath = findChromium()
  if (!executablePath)
    throw new Error('No Chromium found: install it (apt-get install chromium) or set CHROMIUM_PATH')
  const host = new URL(baseUrl).host
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS })
  try {
    const weights: PageWeight[] = []
    for (const pagePath of paths) {
      const context = await browser.newContext(PHONE)
      let stubbed = 0
      await context.route(
        (url) => url.host !== host,
        (route) => {
          stubbed += 1
          return route.fulfill({ status: 204, body: '' })
        },
      )
      const page = await context.newPage()
      const pending: Promise<Resource | null>[] = []
      page.on('requestfinished', (request) => {
        if (new URL(request.url()).host !== host) return
        pending.push(
          (async () => {
            const [sizes, response] = await Promise.all([request.sizes(), request.response()])
            return {
              url: request.url().slice(baseUrl.length) || '/',
              type: request.resourceType(),
              status: response?.status() ?? 0,
              bodyBytes: sizes.responseBodySize,
              headerBytes: sizes.responseHeadersSize,
            }
          })().catch(() => null),
        )
      })
      const response = await page.goto(baseUrl + pagePath, { waitUntil: 'load' })
      await page.waitForLoadState('networkidle')
      // Wait for the page's script (inline on public pages, React on the admin's) and then for requests to stop
      // coming: whatever it fetches is part of the first view too.
      await page
        .waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, {
          timeout: 30_000,
        })
        .catch(() => console.warn(`  ${pagePath} did not hydrate within 30 s`))
      for (let seen = -1; seen !== pending.length; ) {
        seen = pending.length
        await page.waitForTimeout(500)
      }
      const resources = (await Promise.all(pending)).filter((resource) => resource !== null)
      const weight: PageWeight = {
        path: pagePath,
        status: response?.status() ?? 0,
        htmlBytes: 0,
        cssBytes: 0,
        jsBytes: 0,
        imageBytes: 0,
        fontBytes: 0,
        otherBytes: 0,
        transferBytes: 0,
        requests: resources.length + stubbed,
        stubbed,
        resources: resources.sort((a, b) => b.bodyBytes - a.bodyBytes),
      }
      for (const resource of resources) {
        const key = CATEGORY[resource.type] ?? 'otherBytes'
        ;(weight[key] as number) += resource.bodyBytes
        weight.transferBytes += resource.bodyBytes + resource.headerBytes
      }
      weights.push(weight)
      await context.close()
    }
    return weights
  } finally {
    await browser.close()
  }
}
