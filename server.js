// The process entry: static files, compression, listening and a graceful stop. Everything else — security
// headers, the API, the pages — is the bundled application of host/app.ts.
import cluster from 'node:cluster'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'

import compression from 'compression'
import express from 'express'

import { tellsStartupFacts } from './host/supervisor.js'

const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? 'build')
const DEVELOPMENT = process.env.NODE_ENV === 'development'
// React, React Router and Express are loaded from node_modules at run time and choose their development builds
// unless told otherwise: a server started without NODE_ENV (`npm start`, systemd) ran React's slower, checking
// build. Anything but `npm run dev` is production.
if (!DEVELOPMENT) process.env.NODE_ENV = 'production'
const SHUTDOWN_GRACE_MS = 10_000
const DATABASE_NAMES = { sqlite: 'SQLite', postgres: 'PostgreSQL' }
/**
 * How long an idle connection is kept open. Node's 5 s is what the server announces (Keep-Alive: timeout=5) and
 * also when it closes, to the millisecond; clients reuse a connection until about a second before. Under load the
 * event loop comes round late, the timer fires before the request already in the socket is read, and the client's
 * request is lost to a reset (37 of 1,228 visitors pausing 3–4 s between pages, while others kept the workers
 * busy). An idle socket costs a few kilobytes; a minute is longer than a visitor's pause and than the idle timeout
 * of the usual reverse proxies (nginx's upstream keepalive_timeout is 60 s), which then always close first.
 */
const KEEP_ALIVE_MS = 65_000

async function loadApplication() {
  if (!DEVELOPMENT) return import(path.join(BUILD_DIR, 'server', 'index.js'))
  const vite = await import('vite')
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } })
  const module = await viteDevServer.ssrLoadModule('./host/app.ts')
  return { ...module, viteDevServer }
}

async function main() {
  const application = await loadApplication()
  let env
  try {
    env = application.readEnv()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
  let runtime
  try {
    runtime = await application.startRuntime(env, { tellFacts: tellsStartupFacts() })
  } catch (error) {
    // A refused write (the demo content, an administrator from the environment) names its fields.
    const fields =
      error && typeof error === 'object' && 'fields' in error ? ` ${JSON.stringify(error.fields)}` : ''
    console.error(`Lampstand could not start. ${error instanceof Error ? error.message : error}${fields}`)
    process.exit(1)
  }
  const { logger } = runtime

  const app = express()
  app.disable('x-powered-by')
  app.use(
    compression({
      // Only answers made per request come here (cached pages and built assets were compressed once, at their
      // best). Brotli's default 4 MB window and quality 11 cost memory and time per response in flight; quality 2
      // with a 64 KB window is faster than gzip and still smaller (the home page rendered: 16.6 KB against
      // 15.2 KB at quality 4, and some 50 MB less memory at 50 renders at once).
      brotli: {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2, [zlib.constants.BROTLI_PARAM_LGWIN]: 16 },
      },
    }),
  )
  app.use(coalesceFlushes)
  if (application.viteDevServer) {
    app.use(application.viteDevServer.middlewares)
  } else {
    serveBuiltFiles(app)
  }
  const site = application.createSite(runtime, {
    developmentBuild: application.viteDevServer
      ? () => application.viteDevServer.ssrLoadModule('virtual:react-router/server-build')
      : undefined,
  })
  app.use(site.app)

  // A page the cache holds is answered before any middleware; everything else goes through Express.
  const server = http.createServer((req, res) => {
    if (!site.serveCachedPage(req, res)) app(req, res)
  })
  server.keepAliveTimeout = KEEP_ALIVE_MS
  server.once('error', async (error) => {
    const reason =
      error.code === 'EADDRINUSE'
        ? `PORT ${env.PORT} is already in use on ${env.HOST}: stop the other server or choose another PORT.`
        : error.code === 'EACCES'
          ? `PORT ${env.PORT} needs more privileges than this user has: choose a PORT above 1023.`
          : error.message
    console.error(`Lampstand could not start. ${reason}`)
    await runtime.close()
    process.exit(1)
  })
  server.listen(env.PORT, env.HOST, () => {
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : env.PORT
    const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST
    const url = `http://${host}:${port}`
    // Each worker of `npm start` says it listens, named as the supervisor names it when it stops.
    const worker = cluster.isWorker ? `, worker ${process.pid}` : ''
    logger.info(
      { url, database: runtime.db.dialect },
      `Lampstand is listening on ${url} (${DATABASE_NAMES[runtime.db.dialect]}${worker})`,
    )
  })

  let stopping = false
  async function shutdown(signal) {
    if (stopping) return
    stopping = true
    logger.info(`${signal} received: finishing in-flight requests`)
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS)
    force.unref()
    // A keep-alive connection whose request finishes after the signal would otherwise stay open (and keep the
    // process alive) until the client or keepAliveTimeout closes it.
    const idle = setInterval(() => server.closeIdleConnections(), 100)
    idle.unref()
    server.close(async () => {
      clearInterval(idle)
      await runtime.close()
      await application.viteDevServer?.close()
      logger.info('Stopped')
      process.exit(0)
    })
    server.closeIdleConnections()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

/** The build's files: its fingerprinted assets and the files of public/. */
function serveBuiltFiles(app) {
  // Vite fingerprints every built asset, so they can be cached for a year. The build wrote brotli and gzip
  // copies of the scripts and styles (vite.config.ts), sent as they are; a missing asset is a plain 404 rather
  // than a rendered page.
  const assetsDir = path.join(BUILD_DIR, 'client', 'assets')
  app.use(
    '/assets',
    precompressed(assetsDir),
    express.static(assetsDir, {
      immutable: true,
      maxAge: '1y',
      index: false,
      redirect: false,
      fallthrough: false,
    }),
  )
  // The files of public/ (favicon, default pictures): only their names touch the disk, not every page address.
  const clientDir = path.join(BUILD_DIR, 'client')
  const publicNames = new Set(
    fs.readdirSync(clientDir).filter((name) => name !== 'assets' && !name.startsWith('.')),
  )
  const servePublic = express.static(clientDir, { maxAge: '1h', index: false, redirect: false })
  app.use((req, res, next) =>
    publicNames.has(req.path.split('/')[1]) ? servePublic(req, res, next) : next(),
  )
}

/**
 * React Router's Express adapter flushes the compressor after every chunk it writes, which costs brotli a block
 * of its own each time (more CPU, larger output). Flushes asked for in one turn of the event loop become one,
 * after it: a whole document written at once compresses as one, while a stream still reaches the browser as it
 * comes.
 */
function coalesceFlushes(_req, res, next) {
  const flush = res.flush
  if (typeof flush === 'function') {
    let scheduled = false
    res.flush = () => {
      if (scheduled) return
      scheduled = true
      setImmediate(() => {
        scheduled = false
        if (!res.destroyed) flush.call(res)
      })
    }
  }
  next()
}

/**
 * Sends `name.br` or `name.gz` from `dir` for `name` when the build made one and the browser accepts it, by
 * rewriting the request for express.static with the original file's type; other requests pass through.
 */
function precompressed(dir) {
  const variants = new Map()
  for (const name of fs.readdirSync(dir)) {
    const match = /^(.*)\.(br|gz)$/.exec(name)
    if (!match) continue
    const key = `/${match[1]}`
    variants.set(key, { ...variants.get(key), [match[2]]: `/${name}` })
  }
  return (req, res, next) => {
    const files = variants.get(req.path)
    if (!files) return next()
    res.vary('Accept-Encoding')
    const accepted = acceptedEncodings(req.get('accept-encoding'))
    const [encoding, file] =
      files.br && accepted.has('br')
        ? ['br', files.br]
        : files.gz && accepted.has('gzip')
          ? ['gzip', files.gz]
          : []
    if (!encoding) return next()
    res.type(path.extname(req.path))
    res.set('Content-Encoding', encoding)
    req.url = file
    next()
  }
}

/** The encodings an Accept-Encoding header allows (a q=0 entry refuses one; `*` allows the rest). */
function acceptedEncodings(header = '') {
  const allowed = new Set()
  const refused = new Set()
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean)
    ;(q !== undefined && Number(q) === 0 ? refused : allowed).add(name)
  }
  if (allowed.has('*')) for (const name of ['br', 'gzip']) if (!refused.has(name)) allowed.add(name)
  for (const name of refused) allowed.delete(name)
  return allowed
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
