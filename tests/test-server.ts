// The one way tests, browser tests and benchmarks start the real server: `node server.js` (or `npm start`'s
// supervisor) from a production build, on a random 127.0.0.1 port, with a data directory of its own.
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { BUILD_DIR, buildOnce, ROOT, runScript } from './server/build.ts'
import { type LaunchOptions, launchServer, type ServerProcess } from './server/launch.ts'
import { createPostgresDatabase, migratedTemplate } from './server/postgres.ts'

// Where tests import them from since before the launcher was split by concern (tests/server/).
export { BUILD_DIR, buildOnce, createPostgresDatabase, launchServer, ROOT, runScript }
export type { LaunchOptions, ServerProcess }

/** The administrator every test server can be started with, and signs in as. */
export const TEST_ADMIN = { email: 'admin@example.org', password: 'correct-horse-battery-staple' }

export interface TestServer {
  url: string
  pid: number
  dataDir: string
  databaseUrl?: string
  /** Everything the server printed, for debugging a failed test. */
  output: () => string
  stop: () => Promise<void>
  /** Moves the clock of a server started with `movableClock` (decision 0046). */
  setClock: (at: string) => Promise<void>
}

export interface StartOptions extends Omit<LaunchOptions, 'env'> {
  /**
   * Load the demo content (slow: it draws ~40 pictures and some sounds; on SQLite a copy of seededTemplate()).
   * Default false.
   */
  seed?: boolean
  /** Copy this data directory (a seeded template) instead of starting empty. */
  templateDir?: string
  /** Use (and keep) this data directory instead of a temporary one. */
  dataDir?: string
  /** Create or reset this administrator at start-up (ADMIN_EMAIL / ADMIN_PASSWORD). */
  admin?: { email: string; password: string }
  /** A PostgreSQL server URL; a fresh database is created on it for this server and dropped at stop. */
  postgresUrl?: string
  /**
   * Start on a port chosen beforehand with PUBLIC_URL naming it, as an operator would: e-mails carry working
   * links (without a site address they are held, decision 0018).
   */
  publicUrl?: boolean
  env?: Record<string, string>
}

/** A port free on 127.0.0.1 now (the kernel's choice), for a server that must know its address in advance. */
async function freePort() {
  const probe = net.createServer()
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', resolve)
  })
  const { port } = probe.address() as net.AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/**
 * A data directory holding the demo content, seeded once for the current build and day and kept beside the build:
 * servers that need the demo content start from a copy of it (`templateDir`) instead of seeding their own
 * (drawing the demo's pictures and sounds takes some 10 s of CPU). Vitest's files and Playwright's run share it.
 * Whoever asks first makes it; two at once each make one, and the first to finish keeps its own.
 */
export async function seededTemplate() {
  const day = new Date().toISOString().slice(0, 10)
  const digest = fs.readFileSync(path.join(BUILD_DIR, '.test-build-digest'), 'utf8').slice(0, 16)
  const template = path.join(BUILD_DIR, `.seeded-${digest}-${day}`)
  if (fs.existsSync(path.join(template, 'lampstand.db'))) return template
  for (const old of fs.readdirSync(BUILD_DIR).filter((name) => name.startsWith('.seeded-')))
    if (old !== path.basename(template))
      fs.rmSync(path.join(BUILD_DIR, old), { recursive: true, force: true })
  const making = fs.mkdtempSync(path.join(BUILD_DIR, '.making-'))
  const server = await startServer({ seed: true, dataDir: making })
  // A clean stop checkpoints SQLite's WAL, so the copies are complete.
  await server.stop()
  try {
    fs.renameSync(making, template)
  } catch {
    fs.rmSync(making, { recursive: true, force: true })
  }
  return template
}

/**
 * Starts the server with a fresh temporary data directory (and a fresh PostgreSQL database with `postgresUrl`),
 * and answers once it listens; `stop` removes what it made.
 */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-test-'))
  // The demo content on SQLite is copied from the one seeded data directory rather than drawn again.
  const templateDir =
    options.templateDir ??
    (options.seed && !options.postgresUrl && !options.dataDir ? await seededTemplate() : null)
  if (templateDir) fs.cpSync(templateDir, dataDir, { recursive: true })
  const database = options.postgresUrl
    ? await createPostgresDatabase(options.postgresUrl, await migratedTemplate(options.postgresUrl))
    : null
  const port = options.publicUrl ? await freePort() : 0
  const server = launchServer({
    ...options,
    env: {
      ...(port ? { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      SEED_DEMO: options.seed ? 'true' : 'false',
      ADMIN_EMAIL: options.admin?.email ?? '',
      ADMIN_PASSWORD: options.admin?.password ?? '',
      // Tests post messages through the API without the form's token far more than a site's hourly allowance of
      // them; the allowance is tested on its own (tests/integration/contact-messages.test.ts).
      CONTACT_API_LIMIT: '10000',
      // Uploads as fast as they come (a 200 MB one would take 50 s at the site's pace); the pace is tested on its
      // own (tests/integration/audio-uploads.test.ts).
      UPLOAD_SPEED_LIMIT: '0',
      ...options.env,
    },
  })
  const cleanUp = async () => {
    await database?.drop()
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
  }
  let timer: NodeJS.Timeout | undefined
  try {
    const url = await Promise.race([
      server.listening,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Server did not start in 120 s:\n${server.output()}`)),
          120_000,
        )
      }),
    ])
    return {
      url,
      pid: server.child.pid!,
      dataDir,
      databaseUrl: database?.url,
      output: server.output,
      setClock: server.setClock,
      stop: async () => {
        await server.stop()
        await cleanUp()
      },
    }
  } catch (error) {
    await server.stop()
    await cleanUp()
    throw error
  } finally {
    clearTimeout(timer)
  }
}
