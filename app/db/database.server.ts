import fs from 'node:fs'
import path from 'node:path'

import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'

import type { Database } from './types.ts'

export type Dialect = 'sqlite' | 'postgres'

export interface Db {
  kysely: Kysely<Database>
  dialect: Dialect
  /** The SQLite file, or null on PostgreSQL. */
  sqlitePath: string | null
  close: () => Promise<void>
}

export const SQLITE_FILE_NAME = 'lampstand.db'

// NOTE: pg returns BIGINT (count(*)) as text by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10))

/** Opens the database: PostgreSQL when `databaseUrl` is given, else SQLite in `dataDir`. */
export function openDatabase({ databaseUrl, dataDir }: { databaseUrl?: string; dataDir: string }): Db {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    return { kysely, dialect: 'postgres', sqlitePath: null, close: () => kysely.destroy() }
  }
  fs.mkdirSync(dataDir, { recursive: true })
  const sqlitePath = path.join(dataDir, SQLITE_FILE_NAME)
  const sqlite = new SQLite(sqlitePath)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
  return { kysely, dialect: 'sqlite', sqlitePath, close: () => kysely.destroy() }
}
