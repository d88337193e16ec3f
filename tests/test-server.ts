// The one way tests, browser tests and benchmarks start the real server: `node server.js` (or `npm start`'s
// supervisor) from a production build, on a random 127.0.0.1 port, with a data directory of its own.
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import pg from 'pg'

export const ROOT = path.resolve(import.meta.dirname, '..')
// Tests build into their own directory so they never replace the build a running `npm start` serves.
export const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR ?? 'build-test')

/** The administrator every test server can be started with, and signs in as. */
export const TEST_ADMIN = { email: 'admin@example.org', password: 'correct-horse-battery-staple' }

export interface LaunchOptions {
  /** `server.js` (one process) or `scripts/start.js` (`npm start`: the supervisor and its workers). */
  entry?: string
  buildDir?: string
  /** Node's own flags, before the script (a benchmark runs the server as `npm start` does). */
  nodeFlags?: string[]
  /** The server's environment on top of a quiet baseline (no database URL, no demo content, no administrator). */
  env?: Record<string, string>
  /** Keep only the last this many characters of output (a benchmark's server logs a line per request). */
  keepOutput?: number
  /**
   * Start the server with the test harness's movable clock (tests/setup/movable-clock.mjs, decision 0046): the
   * test moves it while the server runs with `setClock`.
   */
  movableClock?: boolean
}

export interface ServerProcess {
  child: ChildProcess
  /** What the server printed (all of it, or its tail with `keepOutput`). */
  output: () => string
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>
  /** Resolves with the server's URL once it listens; rejects if the process ends first. */
  listening: Promise<string>
  /** SIGTERM, then SIGKILL after 15 s; resolves once the process has ended. */
  stop: () => Promise<void>
  /** Moves the clock of a server started with `movableClock`; resolves once it reads from there. */
  setClock: (at: string) => Promise<void>
}

/** Starts the server process and answers at once; most tests want startServer(), which waits for it. */
export function launchServer({
  entry = 'server.js',
  buildDir = BUILD_DIR,
  nodeFlags = [],
  env = {},
  keepOutput = Infinity,
  movableClock = false,
}: LaunchOptions = {}): ServerProcess {
  const preload = movableClock ? ['--import', path.join(ROOT, 'tests', 'setup', 'movable-clock.mjs')] : []
  const child = spawn(process.execPath, [...nodeFlags, ...preload, entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BUILD_DIR: buildDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      PUBLIC_URL: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: movableClock ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8')
    if (output.length > keepOutput) output = output.slice(-keepOutput)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  )
  const listening = new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /"url":"(http:\/\/[^"]+)"/.exec(output)
      if (!match) return
      child.stdout?.off('data', onData)
      resolve(match[1].replace('localhost', '127.0.0.1'))
    }
    child.stdout?.on('data', onData)
    void exited.then((code) => reject(new Error(`Server exited with ${code}:\n${output}`)))
  })
  listening.catch(() => {})
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(timer)
  }
  /** Moves the server's clock to `at` (with `movableClock`); resolves once the server reads it from there. */
  const setClock = (at: string) =>
    new Promise<void>((resolve, reject) => {
      if (!child.send) return reject(new Error('The server was not started with a movable clock'))
      const onMessage = (message: unknown) => {
        if ((message as { clockSet?: string } | null)?.clockSet !== at) return
        child.off('message', onMessage)
        resolve()
      }
      child.on('message', onMessage)
      child.send({ clock: at })
    })
  return { child, output: () => output, exited, listening, stop, setClock }
}

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

/** What the production bundle is made from: the same contents make the same bundle. */
const BUILD_INPUTS = [
  'app',
  'host',
  'public',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
  'scripts',
  'tests/scripts.vite.config.ts',
]

/** A digest of every build input's path and contents. */
function buildInputsDigest() {
  const hash = crypto.createHash('sha256')
  const add = (entry: string) => {
    const full = path.join(ROOT, entry)
    const stat = fs.statSync(full, { throwIfNoEntry: false })
    if (!stat) return
    if (stat.isDirectory()) {
      // Hidden entries are no input: a test's own scratch folder (app/content/.recipe-<pid>, which the recipe test
      // writes and removes) must not make a run beside it build again, under the servers using the build.
      for (const child of fs.readdirSync(full).sort())
        if (!child.startsWith('.')) add(path.join(entry, child))
      return
    }
    hash.update(`${entry}\0`).update(fs.readFileSync(full)).update('\0')
  }
  for (const entry of BUILD_INPUTS) add(entry)
  return hash.digest('hex')
}

/**
 * Builds the production bundle into BUILD_DIR, and the operator's scripts into BUILD_DIR/scripts (runScript), unless
 * they were built by this function from the very same sources:
 * `npm test` runs Vitest and then Playwright, and each used to build it again (half a minute of two busy cores
 * or more).
 */
export function buildOnce() {
  // Once per run: Vitest runs its global set-up once per project, and a second build would empty the build under
  // the first project's servers.
  if (process.env.LAMPSTAND_TEST_BUILT === BUILD_DIR) return
  const marker = path.join(BUILD_DIR, '.test-build-digest')
  const digest = buildInputsDigest()
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === digest) {
    process.env.LAMPSTAND_TEST_BUILT = BUILD_DIR
    return
  }
  fs.rmSync(marker, { force: true })
  const result = spawnSync('npx', ['react-router', 'build'], {
    cwd: ROOT,
    // Vitest sets NODE_ENV=test, which would make Vite build a development bundle: the tests try what ships.
    env: { ...process.env, NODE_ENV: 'production', BUILD_DIR },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`Build failed:\n${result.stdout}\n${result.stderr}`)
  const scripts = spawnSync('npx', ['vite', 'build', '--config', 'tests/scripts.vite.config.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', BUILD_DIR },
    encoding: 'utf8',
  })
  if (scripts.status !== 0)
    throw new Error(`Build of the scripts failed:\n${scripts.stdout}\n${scripts.stderr}`)
  fs.writeFileSync(marker, digest)
  process.env.LAMPSTAND_TEST_BUILT = BUILD_DIR
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
 * Runs the operator's `npm run <script> -- ARGS` (scripts/<script>.ts, bundled by buildOnce) with this environment
 * on top of the test process's, asynchronously (so a test's keep-alive connections stay sound); resolves with what
 * it printed, or rejects with it and the exit code.
 */
export function runScript(
  script: 'admin' | 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
) {
  return promisify(execFile)(process.execPath, [path.join(BUILD_DIR, 'scripts', `${script}.js`), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  })
}

/** Runs one statement on the PostgreSQL server at `url` (its maintenance database), and answers its rows. */
async function onPostgres(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(statement)).rows as Record<string, unknown>[]
  } finally {
    await client.end().catch(() => {})
  }
}

const migratedTemplates = new Map<string, Promise<string>>()

/**
 * A database on the server at `url` that the current build's migrations have been run on, and nothing else: test
 * servers start on copies of it (`create database … template`), which spares each start the migrations (~100 ms
 * of its CPU and ~300 ms in all). Made once per build by whichever test process asks first; the migrations
 * themselves are tested on empty databases (tests/integration/startup.test.ts, app/db/migrate.server.test.ts).
 */
const HOUR_MS = 60 * 60 * 1000

function migratedTemplate(url: string) {
  let made = migratedTemplates.get(url)
  if (!made) {
    made = makeMigratedTemplate(url)
    migratedTemplates.set(url, made)
  }
  return made
}

async function makeMigratedTemplate(url: string) {
  const digest = fs.readFileSync(path.join(BUILD_DIR, '.test-build-digest'), 'utf8').slice(0, 16)
  // Named with the hour it was made in: a template of another build is dropped only once it is a day old, so two
  // checkouts testing side by side on one server (two branches, or a run beside CI's) keep each other's.
  const hour = Math.floor(Date.now() / HOUR_MS)
  const found = await onPostgres(
    url,
    `select datname from pg_database where datname like 'lampstand\\_template\\_${digest}\\_%' order by datname limit 1`,
  )
  if (found.length > 0) return String(found[0].datname)
  const name = `lampstand_template_${digest}_${hour}`
  const making = await createPostgresDatabase(url, null)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-template-'))
  const server = launchServer({ env: { DATABASE_URL: making.url, DATA_DIR: dataDir } })
  try {
    await server.listening
  } finally {
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  // Earlier builds' templates go once a day old (their migrations are not today's).
  for (const { datname } of await onPostgres(
    url,
    `select datname from pg_database where datname like 'lampstand\\_template\\_%' and datname <> '${name}'`,
  )) {
    const madeIn = Number(/_(\d+)$/.exec(String(datname))?.[1] ?? 0)
    if (hour - madeIn < 24) continue
    await onPostgres(url, `drop database if exists ${String(datname)} with (force)`).catch(() => {})
  }
  // Published under its name in one step; another process that made one at the same time keeps its own.
  try {
    await onPostgres(url, `alter database ${making.name} rename to ${name}`)
  } catch {
    await making.drop()
  }
  return name
}

/**
 * Creates a PostgreSQL database on the server at `url`: empty, or a copy of `template`; returns its URL and a drop
 * function.
 */
export async function createPostgresDatabase(url: string, template: string | null = null) {
  const name = `lampstand_test_${crypto.randomBytes(6).toString('hex')}`
  await onPostgres(url, `create database ${name}${template ? ` template ${template}` : ''}`)
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  return {
    name,
    url: dbUrl.toString(),
    drop: async () => {
      await onPostgres(url, `drop database if exists ${name} with (force)`)
    },
  }
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
