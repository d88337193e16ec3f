import crypto from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

import type { Request, Response } from 'express'

import { VALID_UNTIL_HEADER } from '#app/lib/valid-until.ts'
import { cachedAnswers, cachedHeaders, type Entry, toWebRequest } from '#host/page-cache-answers.ts'
import type { createEntryStore } from '#host/page-cache-store.ts'

/**
 * What is kept besides the feeds a site declares: pages and their `.data`, the API's JSON, and the sitemap,
 * robots.txt and the web app manifest, which change only with the content, like pages.
 */
const PAGE_TYPES = [
  'text/html',
  'text/x-script',
  'application/json',
  'application/xml',
  'text/plain',
  'application/manifest+json',
]

const QUICK_BROTLI = 4
const QUICK_GZIP = 1
const BEST_BROTLI = 11
const BEST_GZIP = 9
const brotliCompress = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

function brotliOptions(body: Buffer, quality: number) {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  }
}

/** What making an entry comes to when its request was refused a turn to render (and told so). */
export const BUSY = Symbol('busy')

interface FillOptions {
  render: (request: globalThis.Request, req: Request, res: Response) => Promise<globalThis.Response>
  getVersion: () => number
  validUntil: () => Promise<number>
  feedTypes: readonly string[]
  takeTurn: (req: Request, res: Response) => Promise<boolean>
  entries: ReturnType<typeof createEntryStore>
}

/**
 * Makes the page cache's entries (host/page-cache.ts): renders a page, keeps its answer if it may be kept, compressed
 * quickly for the answer that makes it, and at their best in the background for the rest.
 */
export function createFill({ render, getVersion, validUntil, feedTypes, takeTurn, entries }: FillOptions) {
  /** The best compression of the entries made last, done in turn off the main thread. */
  let compressing = Promise.resolve()

  /** Compresses `entry` at brotli's and gzip's best and puts the result in its place, unless it is gone by then. */
  function compressBest(
    key: string,
    entry: Entry,
    made: Omit<Entry, 'answers'>,
    headers: ReturnType<typeof cachedHeaders>,
  ) {
    // One page at a time, so that after a restart the pages being made keep the processor to themselves.
    compressing = compressing
      .then(async () => {
        // Not for an entry replaced or dropped meanwhile (a kept one keeps its place among the others).
        if (!entries.holds(key, entry)) return
        const [br, gzipped] = await Promise.all([
          brotliCompress(made.body, brotliOptions(made.body, BEST_BROTLI)),
          gzip(made.body, { level: BEST_GZIP }),
        ])
        const best = { ...made, br, gzip: gzipped }
        entries.replace(key, entry, () => ({ ...best, answers: cachedAnswers(best, headers) }))
      })
      .catch(() => {})
  }

  return async function fill(key: string, url: string, req: Request, res: Response) {
    if (!(await takeTurn(req, res))) return BUSY
    const version = getVersion()
    const dayUntil = await validUntil()
    // Always a GET: a HEAD's answer has no body, and storing it would blank the page for every later GET. A
    // HEAD is answered from the stored GET (headers only).
    const response = await render(toWebRequest(req, url, 'GET'), req, res)
    // An answer whose content changes by the clock before the midnight (the live page's next state) says when;
    // the header is the cache's alone.
    const own = Number(response.headers.get(VALID_UNTIL_HEADER))
    if (response.headers.has(VALID_UNTIL_HEADER)) response.headers.delete(VALID_UNTIL_HEADER)
    const until = Number.isFinite(own) && own > 0 ? Math.min(own, dayUntil) : dayUntil
    const contentType = response.headers.get('content-type') ?? ''
    const cacheable =
      response.status === 200 &&
      !response.headers.has('set-cookie') &&
      !/no-store|private/.test(response.headers.get('cache-control') ?? '') &&
      [...PAGE_TYPES, ...feedTypes].some((type) => contentType.startsWith(type))
    if (!cacheable) return response
    const body = Buffer.from(await response.arrayBuffer())
    // Compressed quickly for this answer (brotli's and gzip's best take half a second for a page on a busy
    // machine, and would hold up the server meanwhile), then at their best off the main thread for the next ones.
    const made = {
      version,
      until,
      status: response.status,
      contentType,
      body,
      br: zlib.brotliCompressSync(body, brotliOptions(body, QUICK_BROTLI)),
      gzip: zlib.gzipSync(body, { level: QUICK_GZIP }),
      etag: `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`,
    }
    const headers = cachedHeaders(res, made)
    const entry: Entry = { ...made, answers: cachedAnswers(made, headers) }
    entries.store(key, entry)
    compressBest(key, entry, made, headers)
    return entry
  }
}
