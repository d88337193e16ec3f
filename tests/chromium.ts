import fs from 'node:fs'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

/**
 * Debian's Chromium (or CHROMIUM_PATH); we never download a browser. Browser tests take its headless shell first
 * (`{ shell: true }`: Debian's `chromium-headless-shell`, the same build without the desktop browser's windows), as
 * Playwright itself runs headless; it does their work in two thirds of the CPU (decision 0023). Benchmarks measure
 * the browser visitors run.
 */
export function findChromium({ shell = false }: { shell?: boolean } = {}): string | null {
  const candidates = [
    process.env.CHROMIUM_PATH,
    shell ? '/usr/bin/chromium-headless-shell' : undefined,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean)
  return (candidates as string[]).find((candidate) => fs.existsSync(candidate)) ?? null
}
