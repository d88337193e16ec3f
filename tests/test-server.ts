import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

export const ROOT = path.resolve(import.meta.dirname, '..')
// Tests build into their own directory so they never replace the build a running `npm start` serves.
export const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR ?? 'build-test')

export interface TestServer {
  url: string
  dataDir: string
  databaseUrl?: string
  /** Everything the server printed, for debugging a failed test. */
  output: () => string
  stop: () => Promise<void>
}

export interface StartOptions {
  /** Load the demo content (slow: it draws ~40 pictures). Default false. */
  seed?: boolean
  /** Copy this data directory (a seeded template) instead of starting empty. */
  templateDir?: string
  /** Use (and keep) this data directory instead of a temporary one. */
  dataDir?: string
  /** Create or reset this administrator at start-up (ADMIN_EMAIL / ADMIN_PASSWORD). */
  admin?: { email: string; password: string }
  /** A PostgreSQL server URL; a fresh database is created on it for this server and dropped at stop. */
  postgresUrl?: string
  env?: Record<string, string>
}

/** Builds the production bundle into BUILD_DIR (once per test run). */
export function buildOnce() {
  const marker = path.join(BUILD_DIR, '.test-build-id')
  const runId = process.env.LAMPSTAND_TEST_RUN_ID
  if (runId && fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === runId) return
  const result = spawnSync('npx', ['react-router', 'build'], {
    cwd: ROOT,
    env: { ...process.env, BUILD_DIR },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`Build failed:\n${result.stdout}\n${result.stderr}`)
  if (runId) fs.writeFileSync(marker, runId)
}

/** Creates an empty PostgreSQL database on the server at `url`; returns its URL and a drop function. */
export async function createPostgresDatabase(url: string) {
  const name = `lampstand_test_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  return {
    url: dbUrl.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

/** Starts the built server (`node server.js`) on a random port with a fresh temporary data directory. */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-test-'))
  if (options.templateDir) fs.cpSync(options.templateDir, dataDir, { recursive: true })
  const database = options.postgresUrl ? await createPostgresDatabase(options.postgresUrl) : null
  const child: ChildProcess = spawn(process.execPath, ['server.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BUILD_DIR,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      SEED_DEMO: options.seed ? 'true' : 'false',
      PUBLIC_URL: '',
      ADMIN_EMAIL: options.admin?.email ?? '',
      ADMIN_PASSWORD: options.admin?.password ?? '',
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start in 90 s:\n${output}`)), 90_000)
    const onData = () => {
      const match = /"url":"(http:\/\/[^"]+)"/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1].replace('localhost', '127.0.0.1'))
      }
    }
    child.stdout?.on('data', onData)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Server exited with ${code}:\n${output}`))
    })
  })
  return {
    url,
    dataDir,
    databaseUrl: database?.url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      await database?.drop()
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Creates an administrator in the server's database through the operator's CLI. */
export function createAdmin(
  server: TestServer,
  email = 'admin@example.org',
  password = 'correct-horse-battery',
) {
  const result = spawnSync('npx', ['tsx', 'scripts/admin.ts', 'create', email, '--password', password], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: server.dataDir,
      DATABASE_URL: server.databaseUrl ?? '',
      SEED_DEMO: 'false',
    },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`admin create failed:\n${result.stdout}\n${result.stderr}`)
  return { email, password }
}
