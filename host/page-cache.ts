import crypto from 'node:crypto'
import { Readable } from 'node:stream'
import { promisify } from 'node:util'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import zlib from 'node:zlib'

import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'

import type { NextFunction, Request, Response } from 'express'

import { VALID_UNTIL_HEADER } from '#app/lib/valid-until.ts'

interface Entry {
  version: number
  /** When it goes stale whatever the version (ms since the epoch): the church's next midnight. */
  until: number
  status: number
  contentType: string
  body: Buffer
  br: Buffer
  gzip: Buffer
  etag: string
  /** Status, headers and body of each answer the entry gives, worked out when it is made. */
  answers: ReturnType<typeof cachedAnswers>
}

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

export interface PageCacheOptions {
  /** Renders a request the way the site would (React Router's handler). */
  render: (request: globalThis.Request, req: Request, res: Response) => Promise<globalThis.Response>
  /** The content version; an entry made under another version is stale. */
  getVersion: () => number
  /**
   * When an entry made now goes stale even if nothing changes (ms since the epoch): pages that list what is
   * upcoming are new every day. Without it, only a content change does.
   */
  validUntil?: () => Promise<number>
  /** The time, for `validUntil` (the server's injected clock). */
  now?: () => number
  /**
   * Whether a GET or HEAD of this path may be served from the cache; even then only an answer that is 200, sets
   * no cookie, is not private and is HTML, React Router data, JSON, XML or plain text is kept.
   */
  cacheable: (path: string) => boolean
  /**
   * Requests the cache neither answers nor fills, though their path is cacheable: a signed-in person's read of
   * a table whose drafts only staff see, which must be made for them (and must never be kept for visitors).
   */
  bypass?: (req: IncomingMessage) => boolean
  /**
   * What a request's query string comes to (host/app.ts): the parameters its page reads, each with a value the page
   * knows, in one spelling; every other parameter and value is dropped before the page is made or looked up, so
   * `/?utm_source=x` and `/?lang=x` are `/`, and made-up addresses can neither push real pages out of the cache nor
   * cost a render each. Or, for a value the page reads but does not know, where to send the visitor instead, or the
   * site's answer made without a render. Undefined while it needs what `ready` reads first. Without it, every
   * parameter is dropped.
   */
  address?: (path: string, query: URLSearchParams) => PageAddress | undefined
  /** Reads what `address` needs to know of the current content (which series exist, how many pages the archive has). */
  ready?: () => Promise<void>
  /** The content types of feeds kept like pages (the calendar's `text/calendar`), besides pages' and the API's. */
  feedTypes?: readonly string[]
  /**
   * Waits for a turn to render (host/render-limit.ts) held until `res` ends, or answers `res` itself that the
   * server is too busy and resolves false. A request whose page is being made by another waits for that one
   * instead, without a turn.
   */
  takeTurn?: (req: Request, res: Response) => Promise<boolean>
  /**
   * The origin a page is made for, when pages name it in their addresses (no PUBLIC_URL): entries are then kept
   * per origin, so a page made for one host is never served to another.
   */
  originOf?: (req: IncomingMessage) => string
  maxEntries?: number
  /**
   * At most this many entries may have a query string or be made for an origin other than the first one seen;
   * the least recently used of them make room, never a plain page of the site's own origin.
   */
  maxQueryEntries?: number
  /**
   * At most this many entries of one page (its path, on one origin) may have a query string; the least recently used
   * of them make room: one page's filters never push the other pages' out.
   */
  maxEntriesPerPage?: number
}

/**
 * What a request's query string comes to for its page. A redirect or an answer is sent by the cache, with
 * `X-Cache: HIT`: no render made it.
 */
export type PageAddress =
  /** The query string the page is made for and kept under ('' for none). */
  | { query: string }
  /** A value the page reads but does not know (a series that does not exist): sent here instead, `302`. */
  | { redirect: string }
  /** The site's answer, made without a render (an API read in a language the site does not have). */
  | { answer: () => globalThis.Response }

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
const BUSY = Symbol('busy')
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi
const NONCE_SOURCE = / 'nonce-[^']+'/
const BROTLI = /\bbr\b/
const GZIP = /\bgzip\b/

/**
 * Keeps the rendered HTML (and React Router's `.data` payloads) of public pages in memory, compressed with brotli
 * and gzip (quickly for the answer that makes it, at their best in the background for the rest), with an ETag;
 * every content write bumps the version and so empties it, and so does the church's midnight (`validUntil`).
 * Pages are the same for every visitor, so one render serves them all until then.
 */
export function createPageCache({
  render,
  getVersion,
  validUntil = async () => Infinity,
  now = Date.now,
  cacheable: mayCache,
  bypass = () => false,
  address = () => ({ query: '' }),
  ready = async () => {},
  feedTypes = [],
  takeTurn = async () => true,
  originOf,
  maxEntries = 300,
  maxQueryEntries = 50,
  maxEntriesPerPage = 16,
}: PageCacheOptions) {
  const entries = new Map<string, Entry>()
  /** The keys of `entries` that have a query string or another origin, least recently used first. */
  const queryKeys = new Set<string>()
  /** For each page (origin and path), the keys of its entries that have a query string, least recently used first. */
  const pageKeys = new Map<string, Set<string>>()
  /** The origin of the first page stored: made-up Host headers can never push its pages out. */
  let firstOrigin: string | undefined

  function keyOf(req: IncomingMessage, url: string) {
    return originOf ? `${originOf(req)}${url}` : url
  }

  function isBounded(key: string) {
    if (key.includes('?')) return true
    if (!originOf) return false
    const origin = key.slice(0, key.indexOf('/', key.indexOf('//') + 2))
    firstOrigin ??= origin
    return origin !== firstOrigin
  }

  function store(key: string, entry: Entry) {
    forget(key)
    if (isBounded(key)) {
      if (queryKeys.size >= maxQueryEntries) forget(queryKeys.values().next().value!)
      queryKeys.add(key)
    }
    const page = pageOf(key)
    if (page !== null) {
      const keys = pageKeys.get(page) ?? new Set<string>()
      if (keys.size >= maxEntriesPerPage) forget(keys.values().next().value!)
      pageKeys.set(page, keys.add(key))
    }
    if (entries.size >= maxEntries) forget(entries.keys().next().value!)
    entries.set(key, entry)
  }

  function forget(key: string) {
    entries.delete(key)
    queryKeys.delete(key)
    const page = pageOf(key)
    const keys = page === null ? undefined : pageKeys.get(page)
    if (keys?.delete(key) && keys.size === 0) pageKeys.delete(page!)
  }

  /** The page a key with a query string belongs to (its key less the query), or null. */
  function pageOf(key: string) {
    const start = key.indexOf('?')
    return start === -1 ? null : key.slice(0, start)
  }

  /** The fresh entry kept under `key`, now the most recently used of its page's and of the bounded ones. */
  function lookup(key: string) {
    const entry = entries.get(key)
    if (!fresh(entry)) return undefined
    if (queryKeys.delete(key)) queryKeys.add(key)
    const keys = pageKeys.get(pageOf(key) ?? '')
    if (keys?.delete(key)) keys.add(key)
    return entry
  }

  /**
   * The address a page is made for and kept under (`url`, its path with the query string `address` keeps), where
   * to send the visitor instead, or the answer to give; null when the query kept is too long to keep; undefined
   * while `address` waits for `ready`.
   */
  function resolve(
    url: string,
  ): { url: string } | Exclude<PageAddress, { query: string }> | null | undefined {
    const start = url.indexOf('?')
    if (start === -1) return { url }
    const path = url.slice(0, start)
    const found = address(path, new URLSearchParams(url.slice(start + 1)))
    if (found === undefined || !('query' in found)) return found
    if (found.query.length > 200) return null
    return { url: found.query === '' ? path : `${path}?${found.query}` }
  }
  /** Entries being made; BUSY when the request making one was refused a turn to render. */
  const pending = new Map<string, Promise<Entry | globalThis.Response | typeof BUSY>>()
  /** The best compression of the entries made last, done in turn off the main thread. */
  let compressing = Promise.resolve()
  function fresh(entry: Entry | undefined): entry is Entry {
    return entry !== undefined && entry.version === getVersion() && now() < entry.until
  }

  async function fill(key: string, url: string, req: Request, res: Response) {
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
    store(key, entry)
    // One page at a time, so that after a restart the pages being made keep the processor to themselves.
    compressing = compressing
      .then(async () => {
        // Not for an entry replaced or dropped meanwhile (a kept one keeps its place among the others).
        if (entries.get(key) !== entry) return
        const [br, gzipped] = await Promise.all([
          brotliCompress(body, brotliOptions(body, BEST_BROTLI)),
          gzip(body, { level: BEST_GZIP }),
        ])
        if (entries.get(key) !== entry) return
        const best = { ...made, br, gzip: gzipped }
        entries.set(key, { ...best, answers: cachedAnswers(best, headers) })
      })
      .catch(() => {})
    return entry
  }

  async function middleware(req: Request, res: Response, next: NextFunction) {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !mayCache(req.path) || bypass(req)) return next()
    try {
      let resolved = resolve(req.originalUrl)
      if (resolved === undefined) {
        await ready()
        resolved = resolve(req.originalUrl)
      }
      if (!resolved) return next()
      if ('redirect' in resolved) {
        res.setHeader('X-Cache', 'HIT')
        return res.redirect(302, resolved.redirect)
      }
      if ('answer' in resolved) {
        res.setHeader('X-Cache', 'HIT')
        return await sendWebResponse(res, resolved.answer())
      }
      const { url } = resolved
      const key = keyOf(req, url)
      let entry: Entry | globalThis.Response | typeof BUSY | undefined = lookup(key)
      let cache: 'HIT' | 'MISS' = 'HIT'
      if (entry === undefined) {
        cache = 'MISS'
        let filling = pending.get(key)
        if (!filling) {
          filling = fill(key, url, req, res).finally(() => pending.delete(key))
          pending.set(key, filling)
          entry = await filling
          // Refused a turn: the answer saying so has been sent.
          if (entry === BUSY) return
        } else {
          entry = await filling
          // An answer that could not be cached cannot be shared either (nor one never made): this request is
          // rendered on its own.
          if (entry === BUSY || entry instanceof globalThis.Response) {
            if (!(await takeTurn(req, res))) return
            entry = await render(toWebRequest(req, url), req, res)
          }
        }
      }
      if (entry instanceof globalThis.Response) {
        res.setHeader('X-Cache', cache)
        return await sendWebResponse(res, entry)
      }
      sendEntry(req, res, entry, cache)
    } catch (error) {
      next(error)
    }
  }

  /**
   * Answers a GET or HEAD of a page the cache holds, fresh, straight from Node's request: no middleware runs,
   * since the entry carries every header the answer needs. Returns false (having done nothing) otherwise.
   */
  function serveHit(req: IncomingMessage, res: ServerResponse) {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || bypass(req)) return false
    const resolved = resolve(req.url ?? '')
    if (!resolved || !('url' in resolved)) return false
    const entry = lookup(keyOf(req, resolved.url))
    if (!entry) return false
    sendEntry(req, res, entry, 'HIT')
    return true
  }

  return { middleware, serveHit }
}

/**
 * The headers of every answer made from an entry: the security headers already set on the response that filled
 * it, the cache's own, and a CSP that allows the page's inline scripts by their hashes: the cached HTML carries
 * the filling request's nonce, which must not be handed out again.
 */
function cachedHeaders(res: ServerResponse, entry: Omit<Entry, 'answers'>): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = { ...res.getHeaders() }
  delete headers['x-cache']
  const csp = headers['content-security-policy']
  if (typeof csp === 'string') {
    const hashes = entry.contentType.startsWith('text/html')
      ? inlineScriptHashes(entry.body.toString('utf8')).join(' ')
      : ''
    headers['content-security-policy'] = csp.replace(NONCE_SOURCE, hashes ? ` ${hashes}` : '')
  }
  headers['content-type'] = entry.contentType
  headers['cache-control'] = 'no-cache'
  headers.etag = entry.etag
  headers.vary = 'Accept-Encoding'
  return headers
}

type Variant = 'br' | 'gzip' | 'identity' | 'notModified'

/**
 * Each answer an entry can give, as the flat header list writeHead takes: with nothing set on the response
 * before, Node writes it out as it is (a cache hit is a lookup and one write).
 */
function cachedAnswers(entry: Omit<Entry, 'answers'>, headers: OutgoingHttpHeaders) {
  const common = Object.entries(headers).flatMap(([name, value]) =>
    value === undefined ? [] : [name, Array.isArray(value) ? value.join(', ') : String(value)],
  )
  const answer = (status: number, body: Buffer | null, encoding?: string) => ({
    status,
    body,
    headers: [
      ...common,
      ...(encoding ? ['Content-Encoding', encoding] : []),
      ...(body ? ['Content-Length', String(body.length)] : []),
      'X-Cache',
      'HIT',
    ],
  })
  return {
    br: answer(entry.status, entry.br, 'br'),
    gzip: answer(entry.status, entry.gzip, 'gzip'),
    identity: answer(entry.status, entry.body),
    notModified: answer(304, null),
  } satisfies Record<Variant, unknown>
}

function sendEntry(req: IncomingMessage, res: ServerResponse, entry: Entry, cache: 'HIT' | 'MISS') {
  const accepts = req.headers['accept-encoding'] ?? ''
  const variant: Variant =
    req.headers['if-none-match'] === entry.etag
      ? 'notModified'
      : BROTLI.test(accepts)
        ? 'br'
        : GZIP.test(accepts)
          ? 'gzip'
          : 'identity'
  const { status, headers, body } = entry.answers[variant]
  if (cache === 'HIT') {
    res.writeHead(status, headers)
  } else {
    for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i], headers[i + 1])
    res.setHeader('X-Cache', cache)
    res.writeHead(status)
  }
  if (req.method === 'HEAD' || !body) res.end()
  else res.end(body)
}

export function inlineScriptHashes(html: string) {
  const hashes = new Set<string>()
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(`'sha256-${crypto.createHash('sha256').update(match[1], 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

/** `req` as a web Request for `url` (the page's own address: `req.originalUrl` less what no page reads). */
function toWebRequest(req: Request, url: string, method = req.method) {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  return new globalThis.Request(new URL(url, `${req.protocol}://${req.get('host') ?? 'localhost'}`), {
    method,
    headers,
  })
}

async function sendWebResponse(res: Response, response: globalThis.Response) {
  res.status(response.status)
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue
    res.append(name, value)
  }
  for (const cookie of response.headers.getSetCookie()) res.append('Set-Cookie', cookie)
  if (!response.body) return res.end()
  Readable.fromWeb(response.body as unknown as NodeReadableStream).pipe(res)
}
