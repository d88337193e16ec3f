import type { IncomingMessage, ServerResponse } from 'node:http'

import type { NextFunction, Request, Response } from 'express'

import { type Entry, sendEntry, sendWebResponse, toWebRequest } from '#host/page-cache-answers.ts'
import { BUSY, createFill } from '#host/page-cache-fill.ts'
import { createEntryStore } from '#host/page-cache-store.ts'

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
  const entries = createEntryStore({
    fresh: (entry) => entry.version === getVersion() && now() < entry.until,
    perOrigin: originOf !== undefined,
    maxEntries,
    maxQueryEntries,
    maxEntriesPerPage,
  })
  const fill = createFill({ render, getVersion, validUntil, feedTypes, takeTurn, entries })
  /** Entries being made; BUSY when the request making one was refused a turn to render. */
  const pending = new Map<string, Promise<Entry | globalThis.Response | typeof BUSY>>()

  function keyOf(req: IncomingMessage, url: string) {
    return originOf ? `${originOf(req)}${url}` : url
  }

  /**
   * The entry for `key`: kept, made now by this request or by another one making it already, or an answer that
   * cannot be kept; undefined when this request was refused a turn to render (and told so).
   */
  async function entryFor(key: string, url: string, req: Request, res: Response) {
    let filling = pending.get(key)
    if (!filling) {
      filling = fill(key, url, req, res).finally(() => pending.delete(key))
      pending.set(key, filling)
      const entry = await filling
      // Refused a turn: the answer saying so has been sent.
      return entry === BUSY ? undefined : entry
    }
    const entry = await filling
    // An answer that could not be cached cannot be shared either (nor one never made): this request is
    // rendered on its own.
    if (entry === BUSY || entry instanceof globalThis.Response) {
      if (!(await takeTurn(req, res))) return undefined
      return await render(toWebRequest(req, url), req, res)
    }
    return entry
  }

  async function middleware(req: Request, res: Response, next: NextFunction) {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !mayCache(req.path) || bypass(req)) return next()
    try {
      let resolved = resolve(address, req.originalUrl)
      if (resolved === undefined) {
        await ready()
        resolved = resolve(address, req.originalUrl)
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
      const kept = entries.lookup(key)
      const cache = kept ? 'HIT' : 'MISS'
      const entry = kept ?? (await entryFor(key, url, req, res))
      if (entry === undefined) return
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
    const resolved = resolve(address, req.url ?? '')
    if (!resolved || !('url' in resolved)) return false
    const entry = entries.lookup(keyOf(req, resolved.url))
    if (!entry) return false
    sendEntry(req, res, entry, 'HIT')
    return true
  }

  return { middleware, serveHit }
}

/**
 * The address a page is made for and kept under (`url`, its path with the query string `address` keeps), where
 * to send the visitor instead, or the answer to give; null when the query kept is too long to keep; undefined
 * while `address` waits for `ready`.
 */
function resolve(
  address: NonNullable<PageCacheOptions['address']>,
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
