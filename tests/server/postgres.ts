// PostgreSQL databases for test servers: each server gets a fresh copy of a database the current build's
// migrations have been run on.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { BUILD_DIR } from './build.ts'
import { launchServer } from './launch.ts'

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

const HOUR_MS = 60 * 60 * 1000

const migratedTemplates = new Map<string, Promise<string>>()

/**
 * A database on the server at `url` that the current build's migrations have been run on, and nothing else: test
 * servers start on copies of it (`create database … template`), which spares each start the migrations (~100 ms
 * of its CPU and ~300 ms in all). Made once per build by whichever test process asks first; the migrations
 * themselves are tested on empty databases (tests/integration/startup.test.ts, app/db/migrate.server.test.ts).
 */
export function migratedTemplate(url: string) {
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
