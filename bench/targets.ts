// What `npm run bench` holds each figure to (issues 9, 30, 48, 50), and the headers a browser's requests carry.

/** Every GET of the benchmark asks as a browser does. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, br' }

export const TARGETS = {
  cachedVsReference: 0.6,
  /** Issue 30: the cached home at least half of nginx serving the same compressed bytes. */
  cachedVsNginx: 0.5,
  cachedP99Ms: 20,
  uncachedRps: 930,
  rssMB: 200,
  homeTransferKB: 281,
  homeJsKB: 100,
  messagesPageMs: 200,
  /** The calendar feed rendered afresh (page cache off), with every event in it. */
  uncachedFeedMs: 50,
  /** Issue 48: the week's digest made from the large data, per language. */
  digestAssemblyMs: 1000,
}
