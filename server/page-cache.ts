import crypto from 'node:crypto'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import zlib from 'node:zlib'

import type { NextFunction, Request, Response } from 'express'

interface Entry {
  version: number
  status: number
  contentType: string
  body: Buffer
  br: Buffer
  gzip: Buffer
  etag: string
  /** sha256 sources of the page's inline scripts, for a CSP that needs no per-request nonce ('' when none). */
  scriptSources: string
}

export interface PageCacheOptions {
  /** Renders a request the way the site would (React Router's handler). */
  render: (request: globalThis.Request, req: Request, res: Response) => Promise<globalThis.Response>
  /** The content version; an entry made under another version is stale. */
  getVersion: () => number
  maxEntries?: number
}

const UNCACHED_PREFIXES = ['/api/', '/admin', '/media/', '/assets/', '/healthz']
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi
const NONCE_SOURCE = /'nonce-[^']+'/
const BROTLI = /\bbr\b/
const GZIP = /\bgzip\b/

/**
 * Keeps the rendered HTML (and React Router's `.data` payloads) of public pages in memory, compressed once with
 * brotli and gzip, with an ETag; every content write bumps the version and so empties it. Pages are the same for
 * every visitor, so one render serves them all until the next change.
 */
export function pageCache({ render, getVersion, maxEntries = 300 }: PageCacheOptions) {
  const entries = new Map<string, Entry>()
  const pending = new Map<string, Promise<Entry | globalThis.Response>>()

  async function fill(key: string, req: Request, res: Response) {
    const version = getVersion()
    const response = await render(toWebRequest(req), req, res)
    const contentType = response.headers.get('content-type') ?? ''
    const cacheable =
      response.status === 200 &&
      !response.headers.has('set-cookie') &&
      !/no-store|private/.test(response.headers.get('cache-control') ?? '') &&
      (contentType.startsWith('text/html') || contentType.startsWith('text/x-script'))
    if (!cacheable) return response
    const body = Buffer.from(await response.arrayBuffer())
    const entry: Entry = {
      version,
      status: response.status,
      contentType,
      body,
      br: zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip: zlib.gzipSync(body, { level: 9 }),
      etag: `W/"${crypto.createHash('sha1').update(body).digest('base64url')}"`,
      scriptSources: contentType.startsWith('text/html')
        ? inlineScriptHashes(body.toString('utf8')).join(' ')
        : '',
    }
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
    entries.set(key, entry)
    return entry
  }

  return async function pageCacheMiddleware(req: Request, res: Response, next: NextFunction) {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      UNCACHED_PREFIXES.some((prefix) => req.path.startsWith(prefix))
    ) {
      return next()
    }
    try {
      const key = req.originalUrl
      let entry: Entry | globalThis.Response | undefined = entries.get(key)
      if (!entry || entry.version !== getVersion()) {
        let filling = pending.get(key)
        if (!filling) {
          filling = fill(key, req, res).finally(() => pending.delete(key))
          pending.set(key, filling)
          entry = await filling
        } else {
          const shared = await filling
          // A response that could not be cached cannot be shared either: render this request on its own.
          entry = shared instanceof globalThis.Response ? await render(toWebRequest(req), req, res) : shared
        }
        res.setHeader('X-Cache', 'MISS')
      } else {
        res.setHeader('X-Cache', 'HIT')
      }
      if (entry instanceof globalThis.Response) return await sendWebResponse(res, entry)
      sendEntry(req, res, entry)
    } catch (error) {
      next(error)
    }
  }
}

// Cache hits are the hot path: plain Node header calls, no Express helpers (content-type parsing, charset lookup).
function sendEntry(req: Request, res: Response, entry: Entry) {
  if (entry.scriptSources) {
    const csp = res.getHeader('Content-Security-Policy')
    if (typeof csp === 'string') {
      // The cached page holds another request's nonce; its inline scripts are allowed by their hashes instead.
      res.setHeader('Content-Security-Policy', csp.replace(NONCE_SOURCE, entry.scriptSources))
    }
  }
  res.setHeader('Content-Type', entry.contentType)
  res.setHeader('Cache-Control', 'no-cache')
  res.setHeader('ETag', entry.etag)
  res.setHeader('Vary', 'Accept-Encoding')
  if (req.headers['if-none-match'] === entry.etag) {
    res.statusCode = 304
    res.end()
    return
  }
  const accepts = req.headers['accept-encoding'] ?? ''
  const [encoding, body] = BROTLI.test(accepts)
    ? ['br', entry.br]
    : GZIP.test(accepts)
      ? ['gzip', entry.gzip]
      : [null, entry.body]
  if (encoding) res.setHeader('Content-Encoding', encoding)
  res.setHeader('Content-Length', body.length)
  res.statusCode = entry.status
  if (req.method === 'HEAD') res.end()
  else res.end(body)
}

export function inlineScriptHashes(html: string) {
  const hashes = new Set<string>()
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(`'sha256-${crypto.createHash('sha256').update(match[1], 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

function toWebRequest(req: Request) {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`)
  return new globalThis.Request(url, { method: req.method, headers })
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
