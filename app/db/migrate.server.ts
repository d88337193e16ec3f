import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { type Migration, Migrator } from 'kysely'

import type { Db } from './database.server.ts'

/**
 * Every module of `migrations/`, by name (`0001-initial`…), run in name order. The server bundle and Vitest get
 * them from Vite's import.meta.glob, so they travel inside the bundle; the operator's scripts run the sources
 * through tsx, which has no import.meta.glob, and read the folder instead. A new migration is one new file.
 */
async function loadMigrations(): Promise<Record<string, Migration>> {
  let modules: Record<string, Migration>
  try {
    modules = import.meta.glob<Migration>('./migrations/*.ts', { eager: true })
  } catch {
    const folder = path.join(import.meta.dirname, 'migrations')
    modules = {}
    for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
      // (Only for tsx, which has no glob: Vite is told to leave this import as it is.)
      modules[file] = (await import(
        /* @vite-ignore */ pathToFileURL(path.join(folder, file)).href
      )) as Migration
    }
  }
  return Object.fromEntries(
    Object.entries(modules).map(([file, migration]) => [path.basename(file, '.ts'), migration]),
  )
}

/** Brings the schema up to date; throws with the failing migration's name on error. */
export async function migrateToLatest(db: Db) {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: loadMigrations },
    // Numbers are handed out to work done side by side, which may land out of order (0008 before 0007): a
    // database that has run a later one still gets an earlier one that arrived after it.
    allowUnorderedMigrations: true,
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
