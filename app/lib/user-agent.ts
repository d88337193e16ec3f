/**
 * A device's browser and system in words ("Chrome on Windows", "Safari on iPhone") from its User-Agent, for the
 * list of signed-in sessions. Only the common browsers are named; anything else is "Unknown browser".
 */
export function describeUserAgent(userAgent: string | null | undefined) {
  const ua = userAgent ?? ''
  if (!ua.trim()) return 'Unknown device'
  return `${browserOf(ua)} on ${systemOf(ua)}`
}

// Order matters: Edge, Opera and Samsung Internet also say "Chrome"; Chrome on iOS says "Safari" too.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|HeadlessChrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\b(curl|Wget|node|undici|python-requests|Go-http-client)\b/i, 'A program'],
]

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
]

function browserOf(ua: string) {
  return BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'Unknown browser'
}

function systemOf(ua: string) {
  return SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? 'an unknown system'
}
