/**
 * A header an answer may carry for the page cache alone (host/page-cache.ts): the moment (ms since the epoch) its
 * content changes by the clock, before the church's midnight — the live page's next state. The cache keeps the
 * answer no longer and never sends the header on.
 */
export const VALID_UNTIL_HEADER = 'X-Lampstand-Valid-Until'
