// Databases for data-layer tests: SQLite always, PostgreSQL too when TEST_DATABASE_URL names a server. Each
// test gets an empty database of its own, closed and removed when that test finishes.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { onTestFinished } from 'vitest'

import { createPostgresDatabase } from './test-server.ts'
import { type Db, openDatabase } from '#app/db/database.server.ts'
import { migrateToLatest } from '#app/db/migrate.server.ts'

export interface TestDatabaseKind {
  name: 'SQLite' | 'PostgreSQL'
  postgres: boolean
}

export const testDatabases: TestDatabaseKind[] = [
  { name: 'SQLite', postgres: false },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL' as const, postgres: true }] : []),
]

/** An empty database, not migrated (for tests of the migrations themselves). */
export async function emptyTestDatabase(kind: Pick<TestDatabaseKind, 'postgres'>): Promise<Db> {
  // Registered with the test that asks (not in a module-level afterEach, which runs for the first file only
  // when test files share their modules).
  const cleanups: Array<() => Promise<void>> = []
  onTestFinished(async () => {
    while (cleanups.length > 0) await cleanups.pop()!()
  })
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-db-'))
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }))
  let databaseUrl: string | undefined
  if (kind.postgres) {
    const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!)
    cleanups.push(database.drop)
    databaseUrl = database.url
  }
  const db = openDatabase({ databaseUrl, dataDir })
  cleanups.push(() => db.close())
  return db
}

/** A database with every migration applied. */
export async function testDatabase(kind: Pick<TestDatabaseKind, 'postgres'>): Promise<Db> {
  const db = await emptyTestDatabase(kind)
  await migrateToLatest(db)
  return db
}
