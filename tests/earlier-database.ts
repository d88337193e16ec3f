// Databases as an earlier release left them, for the tests of the migrations that upgrade them
// (app/db/migrate*.server.test.ts).
import { type Migration, Migrator } from 'kysely'
import { expect } from 'vitest'

import { emptyTestDatabase, type TestDatabaseKind } from './test-database.ts'

/** The migrations named before `name`, as the database of an earlier release had them. */
export function migrationsBefore(name: string) {
  return Object.fromEntries(
    Object.entries(import.meta.glob<Migration>('../app/db/migrations/*.ts', { eager: true }))
      .map(([file, migration]) => [file.replace(/^.*\/|\.ts$/g, ''), migration] as const)
      .filter(([migrationName]) => migrationName < name),
  )
}

/** A database migrated as the release before migration `name` left it. */
export async function databaseBefore(kind: Pick<TestDatabaseKind, 'postgres'>, name: string) {
  const db = await emptyTestDatabase(kind)
  const earlier = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrationsBefore(name) },
  })
  expect((await earlier.migrateToLatest()).error).toBeUndefined()
  return db
}

/** A database as the release before migration `name` left it, holding one church info record. */
export async function churchInfoBefore(
  kind: Pick<TestDatabaseKind, 'postgres'>,
  name: string,
  record: Record<string, unknown>,
) {
  const db = await databaseBefore(kind, name)
  const stamp = '2026-01-01T00:00:00Z'
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  await (db.kysely as any)
    .insertInto('church_info')
    .values({ id: 'c', created_at: stamp, updated_at: stamp, ...record })
    .execute()
  return db
}
