// The middleware every request passes before a route: its log line, the security headers, the refusals of
// cross-site changes and oversized bodies, and the uploaded files under /media (host/app.ts puts them in order).
import path from 'node:path'

import express, { type NextFunction, type Request, type Response } from 'express'
import helmet from 'helmet'

import { CROSS_SITE_POSTS } from '#app/content/registry.ts'
import { VIDEO_EMBED_ORIGINS } from '#app/content/sermons/video.ts'
import { checkoutOrigins } from '#app/content/giving/checkout.ts'
import { MAP_TILE_ORIGIN } from '#app/lib/map-tiles.ts'
import { requestLogger } from '#app/logger.server.ts'
import { AUDIO_MAX_BYTES, AUDIO_TOO_LARGE_MESSAGE } from '#app/lib/upload-limits.ts'
import type { AppRuntime } from '#app/runtime.server.ts'
import { isCrossSiteRequest } from '#host/origin-check.ts'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const BODY_MAX_BYTES = 1024 * 1024
/**
 * An upload's file plus its multipart framing: sermon audio is the largest (app/routes/api/uploads.ts checks the
 * file itself, pictures against their own smaller limit), sent whole or as a resumable upload's pieces.
 */
const UPLOAD_BODY_MAX_BYTES = AUDIO_MAX_BYTES + 1024 * 1024
const UPLOAD_PATH = /^\/api\/uploads(?:\/tus(?:\/[^/]+)?)?$/
/** Sermon audio in /media: podcast apps and players on other sites fetch and play it. */
const AUDIO_FILE = /\.(?:mp3|m4a|aac)$/

/** One line per answer: only method, path, status and time — never headers, cookies, bodies or query strings. */
export function requestLog(logger: AppRuntime['logger']) {
  const log = requestLogger(logger)
  return (req: Request, res: Response, next: NextFunction) => {
    const start = process.hrtime.bigint()
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6
      log.info(
        { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        'request',
      )
    })
    next()
  }
}

/** The security headers, with a CSP that allows this answer's own inline scripts by its nonce. */
export function securityHeaders(env: AppRuntime['env']) {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Our own pictures and the map's tiles: a page never makes a visitor's browser ask another host.
        imgSrc: ["'self'", 'data:', 'blob:', MAP_TILE_ORIGIN],
        connectSrc: ["'self'"],
        // Sermon audio is ours (/media) or, when staff give an address elsewhere, another site's https file.
        mediaSrc: ["'self'", 'https:'],
        // A sermon's video player, framed only once the visitor clicks its box (content/sermons/video.ts).
        frameSrc: ["'self'", ...VIDEO_EMBED_ORIGINS],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        // The giving form's post is answered with a redirect to Stripe's Checkout (issue 49).
        formAction: ["'self'", ...checkoutOrigins(env.STRIPE_API_URL)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: env.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // frame-ancestors 'none' above says more, and every browser that matters reads it.
    xFrameOptions: false,
    strictTransportSecurity: env.secureCookies,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })
}

/** Cross-site requests that change state are refused, whatever route they aim at (CSRF defence). */
export function refuseCrossSite(runtime: Pick<AppRuntime, 'env' | 'siteAddress'>) {
  const { env } = runtime
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!STATE_CHANGING.has(req.method)) return next()
    // But for a mail program's one-click unsubscribe (RFC 8058), posted from its own servers: it acts on the token
    // in its address alone, which no other site can know, and the cookie it may carry plays no part.
    if (req.method === 'POST' && CROSS_SITE_POSTS.some((page) => page.test(req.path))) return next()
    try {
      const siteAddresses = [env.PUBLIC_URL ?? null, await runtime.siteAddress.get()]
      if (isCrossSiteRequest(req, { siteAddresses, trustProxy: env.TRUST_PROXY })) {
        res.status(403).json({ error: { message: 'Cross-site requests are not allowed' } })
        return
      }
      next()
    } catch (error) {
      next(error)
    }
  }
}

/** Bodies are read by the routes as streams: oversized ones are refused up front (uploads have a larger limit). */
export function limitBodies(req: Request, res: Response, next: NextFunction) {
  const upload = UPLOAD_PATH.test(req.path)
  // A chunked body declares no length; page actions (request.formData()) would buffer it whole, however big.
  if (!upload && req.get('transfer-encoding') && req.get('content-length') === undefined) {
    res.status(411).json({ error: { message: 'Send the request body with a Content-Length' } })
    return
  }
  if (Number(req.get('content-length') ?? 0) > (upload ? UPLOAD_BODY_MAX_BYTES : BODY_MAX_BYTES)) {
    const message = upload ? AUDIO_TOO_LARGE_MESSAGE : 'The request body is too large'
    res.status(413).json({ error: { message } })
    return
  }
  next()
}

// Uploaded files. Static files answer ranges (`206`, `416` with `Content-Range: bytes */N`), `HEAD` and
// `Accept-Ranges` themselves (tests/integration/audio-uploads.test.ts): what podcast apps ask of sermon audio.
export function mediaFiles(runtime: Pick<AppRuntime, 'storage'>) {
  return [
    (req: Request, res: Response, next: NextFunction) => {
      if (AUDIO_FILE.test(req.path)) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
      next()
    },
    express.static(path.join(runtime.storage.root), {
      immutable: true,
      maxAge: '365d',
      dotfiles: 'deny',
      index: false,
      redirect: false,
      fallthrough: true,
    }),
    (_req: Request, res: Response) => {
      res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found')
    },
  ]
}
