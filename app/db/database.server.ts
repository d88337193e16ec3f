import fs from 'node:fs'
import path from 'node:path'

import SQLite from 'better-sqlite3'
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  PostgresDialect,
  sql,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely'

import {
  type ContentVersion,
  postgresContentVersion,
  sqliteContentVersion,
} from './content-version.server.ts'
import { StripNulPlugin } from './strip-nul-plugin.server.ts'
import { loadPg } from '#app/lib/native-modules.server.ts'
import { type Clock, systemClock } from '#app/lib/clock.ts'
import type { Database } from './types.ts'

export type Dialect = 'sqlite' | 'postgres'

export interface Db {
  kysely: Kysely<Database>
  dialect: Dialect
  /** The SQLite file, or null on PostgreSQL. */
  sqlitePath: string | null
  /** The count of content changes, shared by every worker and instance: the page cache's clock. */
  contentVersion: ContentVersion
  /** The runtime's clock (CLOCK_START, or the system's): the time records are stamped with when written. */
  clock: Clock
  close: () => Promise<void>
}

export const SQLITE_FILE_NAME = 'lampstand.db'

/** Opens the database: PostgreSQL when `databaseUrl` is given, else SQLite in `dataDir`. */
export function openDatabase({
  databaseUrl,
  dataDir,
  clock = systemClock,
}: {
  databaseUrl?: string
  dataDir: string
  clock?: Clock
}): Db {
  if (databaseUrl) {
    const pool = new (loadPg().Pool)({ connectionString: databaseUrl, max: 10 })
    // An idle connection the server closes (a restart, a failover, an administrator's command) is dropped from
    // the pool and replaced at the next query; without a listener its 'error' would stop the process.
    pool.on('error', () => {})
    const kysely = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins: [new StripNulPlugin()],
    })
    const contentVersion = postgresContentVersion(kysely, databaseUrl)
    return {
      kysely,
      dialect: 'postgres',
      sqlitePath: null,
      contentVersion,
      clock,
      close: async () => {
        await contentVersion.close()
        await kysely.destroy()
      },
    }
  }
  fs.mkdirSync(dataDir, { recursive: true })
  const sqlitePath = path.join(dataDir, SQLITE_FILE_NAME)
  const sqlite = new SQLite(sqlitePath)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  // A deleted row's bytes are overwritten with zeros, in its page and in pages it frees: without it a registration
  // erased on schedule left 299 copies of its addresses in the file, and a deleted message 32 (forgetDeleted).
  sqlite.pragma('secure_delete = ON')
  const kysely = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new StripNulPlugin()],
  })
  const contentVersion = sqliteContentVersion(kysely, () => new SQLite(sqlitePath, { readonly: true }))
  return {
    kysely,
    dialect: 'sqlite',
    sqlitePath,
    contentVersion,
    clock,
    close: async () => {
      await contentVersion.close()
      await kysely.destroy()
    },
  }
}

/**
 * After rows holding someone's personal data are deleted (an erasure, retention), outside any transaction. On SQLite
 * `secure_delete` has zeroed them in the database's pages, but the write-ahead log still holds the pages as they
 * were before, until the log is overwritten: a checkpoint that truncates it leaves no copy anywhere (should a
 * reader hold it back, the next erasure's does). PostgreSQL keeps a deleted row in its files until VACUUM
 * reclaims the space and the server overwrites it; its backups are an export of the rows that are left
 * (docs/admin-guide.md).
 */
export async function forgetDeleted({ db }: { db: Db }) {
  if (db.dialect !== 'sqlite') return
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db.kysely)
}

/**
 * Runs `work` in one transaction, handing it a Db whose queries run inside it: the model functions it calls with
 * that Db are kept together or not at all (a contact message and its e-mails, a change and its activity entry).
 * A model function that opens a transaction of its own cannot take part: Kysely refuses one inside another.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute((kysely) => work({ ...db, kysely }))
}

/** Past this many different statements the kept ones are let go: lists of `in (?, ?, …)` vary in length. */
const MAX_PREPARED_STATEMENTS = 500

/**
 * The database as Kysely sees it, with each statement prepared once: Kysely prepares every query again, and a
 * page's dozen queries spent as long being prepared as being run. Kysely's one connection runs one query at a time
 * (a stream holds it to its end), so a statement is never in use twice; SQLite prepares a kept statement again
 * itself when a migration changes the tables it reads.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDialectConfig['database'] {
  const prepared = new Map<string, SQLite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare: (text: string) => {
      let statement = prepared.get(text)
      if (!statement) {
        if (prepared.size >= MAX_PREPARED_STATEMENTS) prepared.clear()
        statement = sqlite.prepare(text)
        prepared.set(text, statement)
      }
      return statement
    },
  }
}

/**
 * SQLite with every transaction begun `IMMEDIATE`: it takes the write lock at its start, waiting for it up to the
 * busy timeout. Kysely's plain `begin` is deferred: a transaction that reads and then writes asks for the lock only
 * at its first write, and if another process (the other workers of `npm start`) wrote since its read it fails at
 * once with "database is locked" — the busy timeout cannot help, as waiting would not make its snapshot current.
 * All our transactions write (better-auth's too), so none loses anything by taking the lock up front.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig

  constructor(config: SqliteDialectConfig) {
    super(config)
    this.#config = config
  }

  override createDriver() {
    return new ImmediateSqliteDriver(this.#config)
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}
