import crypto from 'node:crypto'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'

import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'

import type { Request, Response } from 'express'

/** A page kept by the cache (host/page-cache.ts), and every answer it gives. */
export interface Entry {
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

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi
const NONCE_SOURCE = / 'nonce-[^']+'/
const BROTLI = /\bbr\b/
const GZIP = /\bgzip\b/

/**
 * The headers of every answer made from an entry: the security headers already set on the response that filled
 * it, the cache's own, and a CSP that allows the page's inline scripts by their hashes: the cached HTML carries
 * the filling request's nonce, which must not be handed out again.
 */
export function cachedHeaders(res: ServerResponse, entry: Omit<Entry, 'answers'>): OutgoingHttpHeaders {
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
export function cachedAnswers(entry: Omit<Entry, 'answers'>, headers: OutgoingHttpHeaders) {
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

export function sendEntry(req: IncomingMessage, res: ServerResponse, entry: Entry, cache: 'HIT' | 'MISS') {
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
export function toWebRequest(req: Request, url: string, method = req.method) {
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

export async function sendWebResponse(res: Response, response: globalThis.Response) {
  res.status(response.status)
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue
    res.append(name, value)
  }
  for (const cookie of response.headers.getSetCookie()) res.append('Set-Cookie', cookie)
  if (!response.body) return res.end()
  Readable.fromWeb(response.body as unknown as NodeReadableStream).pipe(res)
}
