// The process entry: static files, compression, listening and a graceful stop. Everything else — security
// headers, the API, the pages — is the bundled application of server/app.ts.
import path from 'node:path'

import compression from 'compression'
import express from 'express'

const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? 'build')
const DEVELOPMENT = process.env.NODE_ENV === 'development'
const SHUTDOWN_GRACE_MS = 10_000

async function loadApplication() {
  if (!DEVELOPMENT) return import(path.join(BUILD_DIR, 'server', 'index.js'))
  const vite = await import('vite')
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } })
  const module = await viteDevServer.ssrLoadModule('./server/app.ts')
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
  const services = await application.startServices(env)
  const { logger } = services

  const app = express()
  app.disable('x-powered-by')
  app.use(compression())
  if (application.viteDevServer) {
    app.use(application.viteDevServer.middlewares)
  } else {
    // Vite fingerprints every built asset, so they can be cached for a year.
    app.use(
      '/assets',
      express.static(path.join(BUILD_DIR, 'client', 'assets'), {
        immutable: true,
        maxAge: '1y',
        index: false,
      }),
    )
    app.use(express.static(path.join(BUILD_DIR, 'client'), { maxAge: '1h', index: false }))
  }
  app.use(application.createApp(services))

  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : env.PORT
    const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST
    logger.info(
      { url: `http://${host}:${port}`, database: services.db.dialect },
      `Lampstand is listening on http://${host}:${port}`,
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
      await services.close()
      await application.viteDevServer?.close()
      logger.info('Stopped')
      process.exit(0)
    })
    server.closeIdleConnections()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
