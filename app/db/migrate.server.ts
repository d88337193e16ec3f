import { type Migration, Migrator } from 'kysely'

import * as initial from './migrations/0001-initial.ts'
import * as messageSearch from './migrations/0002-message-search.ts'
import * as contentVersion from './migrations/0003-content-version.ts'
import type { Db } from './database.server.ts'

// Migrations are listed here, not read from a folder, so they travel inside the server bundle.
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-message-search': messageSearch,
  '0003-content-version': contentVersion,
}

/** Brings the schema up to date; throws with the failing migration's name on error. */
export async function migrateToLatest(db: Db) {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => MIGRATIONS },
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((result) => result.status === 'Error')
  if (error) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : error}`,
      { cause: error },
    )
  }
  return results?.filter((result) => result.status === 'Success').map((result) => result.migrationName) ?? []
}
