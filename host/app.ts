import crypto from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

import { createRequestHandler } from '@react-router/express'
import express, { type NextFunction, type Request, type Response } from 'express'
import {
  createRequestHandler as createWebRequestHandler,
  RouterContextProvider,
  type ServerBuild,
} from 'react-router'

import * as serverBuild from 'virtual:react-router/server-build'

import { CLIENT_IP_HEADER, SESSION_COOKIE_NAME } from '#app/auth/auth.server.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import { afterAnswerContext } from '#app/server/after-answer.server.ts'
import { createPageQueries } from '#app/server/page-queries.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'
import { nextMidnight } from '#app/dates/engine.ts'
import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import { checkDatabase } from '#app/models/health.server.ts'
import { requestLogger } from '#app/logger.server.ts'
import { CACHE_RULES, PUBLIC_TABLES, type TableDeclaration, TABLES } from '#app/content/registry.ts'
import { createRenderLimit } from '#host/render-limit.ts'
import { createPageCache } from '#host/page-cache.ts'
import { limitBodies, mediaFiles, refuseCrossSite, requestLog, securityHeaders } from '#host/middleware.ts'
import { siteOrigin } from '#host/site-origin.ts'

declare module 'express-serve-static-core' {
  interface Locals {
    cspNonce: string
  }
}

/**
 * Never served from the page cache: the admin, uploads, built files, the health check, the API… and React
 * Router's `/__manifest`, whose answer depends on its `p` and `version` parameters (the cache drops parameters no
 * page reads: a dropped `version` made every browser see a manifest mismatch and reload).
 */
const UNCACHED_PREFIXES = [
  '/api/',
  '/admin',
  '/media/',
  '/assets/',
  '/healthz',
  '/og/',
  '/icons/',
  '/__manifest',
]
/** …except the API's reads of public tables, the same for everyone (app/content/registry.ts). */
const PUBLIC_API_READ = new RegExp(`^/api/(?:${PUBLIC_TABLES.join('|')})(?:/[^/]+)?$`)
/**
 * …but staff's reads of the tables whose public sees only some records (published sermons) are theirs: the API
 * answers them with drafts, never through the cache.
 */
const SCOPED_TABLES = PUBLIC_TABLES.filter((table) => (TABLES[table] as TableDeclaration).publicWhere)
const SCOPED_API_READ = new RegExp(`^/api/(?:${SCOPED_TABLES.join('|') || '(?!)'})(?:/[^/?]+)?(?:[?]|$)`)
const SIGNED_IN = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${SESSION_COOKIE_NAME.replaceAll('.', '\\.')}=`)
/**
 * Answers that may carry a session token or someone's personal data: the auth API, everything under /admin (pages,
 * their `.data` requests, redirects, the messages' CSV) and the inbox's API. They say `no-store` whatever their
 * route said, so no browser cache, shared computer or proxy keeps them (issue 25); the gifts' API too (issue 49).
 */
const PRIVATE_PATHS = /^\/(?:admin|api\/auth|api\/contact_messages|api\/gifts)(?:[/.]|$)/
/**
 * Pages and API reads rendered at once (host/render-limit.ts), and the wait for a turn: at most so many
 * requests, each at most so long, then `503` with `Retry-After`. Page-cache hits never wait, nor do requests for
 * a page another request is making. 200 waiting is about what one worker renders in the 10 s on a busy 2-core
 * machine (20–50 uncached pages a second), and a worker may hold most of a burst's connections (each accepts its
 * own: host/supervisor.js); with 100, 4 of 5,000 reads by 200 clients were refused.
 */
const RENDER_LIMIT = { max: 8, maxWaiting: 200, maxWaitMs: 10_000, retryAfterSeconds: 5 }

/**
 * The whole site: an Express application (security headers, logging, media, the API and the pages) and, in
 * front of it, `serveCachedPage` for the server to try first: it answers a request for a page the cache holds
 * with no middleware at all, and logs it like any other.
 */
export function createSite(
  runtime: AppRuntime,
  {
    developmentBuild,
  }: {
    /** In development (`npm run dev`), Vite's latest modules for each request, from server.js. */
    developmentBuild?: () => Promise<ServerBuild>
  } = {},
) {
  const { env, logger } = runtime
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', env.TRUST_PROXY)
  app.use(answerAfterBody)
  app.use(requestLog(logger))

  app.use((req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
    // The address a session records (better-auth reads it from this header): ours, never one a client sent.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? ''
    next()
  })
  app.use(securityHeaders(env))

  app.use((req, res, next) => {
    if (PRIVATE_PATHS.test(req.path)) neverStored(res)
    next()
  })

  // Share images and app icons are fetched by other sites' previews (and shown by their pages), not only by ours.
  app.use(['/og/', '/icons/'], (_req, res, next) => {
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
    next()
  })
  app.use(refuseCrossSite(runtime))
  app.use(limitBodies)

  app.get('/healthz', async (_req, res) => {
    try {
      await checkDatabase({ db: runtime.db })
      res.set('Cache-Control', 'no-store').json({ status: 'ok', database: runtime.db.dialect })
    } catch (error) {
      logger.error({ err: error }, 'health check failed')
      res.status(503).set('Cache-Control', 'no-store').json({ status: 'error', database: runtime.db.dialect })
    }
  })
  app.use('/media', ...mediaFiles(runtime))

  const mode = developmentBuild ? 'development' : 'production'
  // The bundle itself in production (a function would be called, and awaited, on every request); in development
  // a function, so each request sees Vite's latest modules.
  const build = developmentBuild ?? serverBuild
  const originOf = siteOrigin(env.PUBLIC_URL, env.TRUST_PROXY)
  // The site's address when one is known (PUBLIC_URL, or confirmed in Settings), whatever Host a request names;
  // until then the request's own, for pages only (decision 0018).
  const loadContext = async (req: Request, res: Response) => {
    const context = new RouterContextProvider()
    context.set(runtimeContext, runtime)
    context.set(afterAnswerContext, (failed, work) =>
      whenAnswered(res, () => runtime.deferred.run(failed, work)),
    )
    context.set(requestContext, {
      nonce: res.locals.cspNonce,
      clientIp: req.ip ?? 'unknown',
      origin: (await runtime.siteAddress.get()) ?? originOf(req.headers),
    })
    return context
  }

  const renderLimit = createRenderLimit(RENDER_LIMIT)

  let serveCachedPage = (_req: IncomingMessage, _res: ServerResponse) => false
  if (env.PAGE_CACHE && mode === 'production') {
    const cache = cachedPages(runtime, createWebRequestHandler(build, mode), loadContext, renderLimit)
    app.use(cache.middleware)
    serveCachedPage = cache.serveCachedPage
  }

  app.use(renderLimit.middleware)
  app.all('/{*splat}', createRequestHandler({ build, mode, getLoadContext: loadContext }))

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: number; statusCode?: number }).status ?? 500
    if (status >= 500) logger.error({ err: error, path: req.path }, 'unhandled error')
    if (res.headersSent) return
    const message = status >= 500 ? 'Something went wrong on our side' : (error as Error).message
    res.status(status).json({ error: { message } })
  })

  return { app, serveCachedPage }
}

/**
 * The page cache in front of the pages and the API's public reads, and `serveCachedPage`, which answers a hit with
 * no middleware at all and logs it like any other answer.
 */
function cachedPages(
  runtime: AppRuntime,
  render: ReturnType<typeof createWebRequestHandler>,
  loadContext: (req: Request, res: Response) => Promise<RouterContextProvider>,
  renderLimit: ReturnType<typeof createRenderLimit>,
) {
  const { env } = runtime
  const log = requestLogger(runtime.logger)
  const originOf = siteOrigin(env.PUBLIC_URL, env.TRUST_PROXY)
  const cache = createPageCache({
    render: async (request, req, res) => render(request, await loadContext(req, res)),
    getVersion: () => runtime.db.contentVersion.current(),
    // Pages list what is upcoming: at the church's midnight yesterday's events leave them by themselves.
    validUntil: async () => nextMidnight(await churchTimeZone({ db: runtime.db }), runtime.clock.now()),
    now: () => runtime.clock.now().getTime(),
    cacheable: (path) =>
      PUBLIC_API_READ.test(path) ||
      // The live page's state, kept until it changes by the clock (its answer says when).
      path === '/api/live' ||
      // Pages made for each request (the contact page's signed time) and downloads (an event's `.ics`) are
      // declared so by their content (app/content/registry.ts).
      (!CACHE_RULES.fresh.some((fresh) => fresh.test(path)) &&
        !UNCACHED_PREFIXES.some((prefix) => path.startsWith(prefix))),
    bypass: (req) => SCOPED_API_READ.test(req.url ?? '') && SIGNED_IN.test(req.headers.cookie ?? ''),
    // A parameter is kept only where its page reads it and only with a value the page knows (a gallery tab, a
    // series that exists, a page of the archive up to its last, the API's `?lang=` in a language the site has):
    // any other is dropped, or the visitor sent to the address without it.
    ...createPageQueries({ db: runtime.db, routes: serverBuild.routes, apiRead: PUBLIC_API_READ }),
    // Pages, the API's JSON, the sitemap, robots.txt, the manifest… and the feeds the content declares.
    feedTypes: CACHE_RULES.feedTypes,
    takeTurn: renderLimit.takeTurn,
    // Until the site's address is known, pages name the host they were asked for: each host has pages of its own.
    originOf: env.PUBLIC_URL ? undefined : (req) => runtime.siteAddress.known() ?? originOf(req.headers),
  })
  const serveCachedPage = (req: IncomingMessage, res: ServerResponse) => {
    const start = performance.now()
    if (!cache.serveHit(req, res)) return false
    const url = req.url ?? ''
    const query = url.indexOf('?')
    log.info(
      {
        method: req.method,
        path: query === -1 ? url : url.slice(0, query),
        status: res.statusCode,
        ms: Math.round((performance.now() - start) * 10) / 10,
      },
      'request',
    )
    return true
  }
  return { middleware: cache.middleware, serveCachedPage }
}

/**
 * Makes the answer say `Cache-Control: no-store` as its headers go out, unless it says so already (`private,
 * no-store`). At that moment, not before: React Router's adapter appends the route's headers (a second
 * Cache-Control), and some answers set none at all (better-auth's, a resource route's `.data`).
 */
function neverStored(res: Response) {
  const writeHead = res.writeHead
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    if (!/\bno-store\b/.test(String(res.getHeader('cache-control') ?? ''))) {
      res.setHeader('Cache-Control', 'no-store')
    }
    return writeHead.apply(this, args)
  } as Response['writeHead']
}

/** Calls `start` once the answer has gone out (or the client has gone): at once when that has happened already. */
function whenAnswered(res: Response, start: () => void) {
  if (res.writableFinished || res.destroyed) start()
  else res.once('close', start)
}

/** What is read and thrown away of a body refused before it was read; past this the connection is cut. */
const DISCARD_MAX_BYTES = 64 * 1024 * 1024
/** How long an answer waits for the rest of a refused body before it goes out anyway. */
const DISCARD_MAX_MS = 30_000

/**
 * An answer ready before its request's body was read (refused up front: 401, 403, 413, 415…) waits until the rest
 * of the body has been read and dropped, up to a bound. Sent at once, it would reach a client that asked for
 * `Connection: close` (or is still sending) as a closed socket — EPIPE, often with the answer lost — and leave a
 * keep-alive connection with an unread body in it.
 */
function answerAfterBody(req: Request, res: Response, next: NextFunction) {
  const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined
  if (!hasBody) return next()
  const end = res.end.bind(res) as (...args: unknown[]) => Response
  res.end = ((...args: unknown[]) => {
    res.end = end as Response['end']
    if (req.readableEnded || req.destroyed) return end(...args)
    let read = 0
    let sent = false
    const send = () => {
      if (sent) return
      sent = true
      clearTimeout(timer)
      end(...args)
    }
    const timer = setTimeout(send, DISCARD_MAX_MS)
    // Read in paused mode: the route may have left its own 'readable' listener on the body (React Router's web
    // stream over it), and while one exists resume() does nothing.
    req.on('readable', () => {
      for (let chunk = req.read() as Buffer | null; chunk !== null; chunk = req.read() as Buffer | null) {
        read += chunk.length
        if (read > DISCARD_MAX_BYTES) {
          send()
          res.once('finish', () => req.socket.destroy())
          return
        }
      }
    })
    req.once('end', send)
    req.once('close', send)
    req.on('error', () => {})
    return res
  }) as Response['end']
  next()
}

export { readEnv } from '#app/env.server.ts'
export { startRuntime } from '#app/runtime.server.ts'
