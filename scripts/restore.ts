// npm run restore -- FILE.tar.gz
// Puts a backup back: on SQLite it replaces DATA_DIR/lampstand.db and DATA_DIR/uploads; on PostgreSQL it loads
// the JSON export into DATABASE_URL (replacing what is there) and the images into DATA_DIR/uploads.
// Stop the server first.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import * as tar from 'tar'

import { SQLITE_FILE_NAME } from '#app/db/database.server.ts'
import { readEnv } from '#app/env.server.ts'
import { importTables } from '#app/models/backup-tables.server.ts'
import { openRuntime } from '#app/runtime.server.ts'

async function main() {
  const file = process.argv[2]
  if (!file || !fs.existsSync(file)) {
    console.error('Usage: npm run restore -- backups/lampstand-backup-….tar.gz')
    process.exit(2)
  }
  const env = readEnv({ ...process.env, LOG_LEVEL: 'warn', SEED_DEMO: 'false' })
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-restore-'))
  try {
    await tar.extract({ file, cwd: staging, strict: true })
    const hasSqlite = fs.existsSync(path.join(staging, 'lampstand.db'))
    const hasJson = fs.existsSync(path.join(staging, 'database.json'))
    if (!hasSqlite && !hasJson) throw new Error('This archive holds no database: is it a Lampstand backup?')
    fs.mkdirSync(env.dataDir, { recursive: true })
    if (env.DATABASE_URL) {
      const tables = hasJson
        ? JSON.parse(fs.readFileSync(path.join(staging, 'database.json'), 'utf8')).tables
        : await sqliteTables(path.join(staging, 'lampstand.db'))
      const runtime = await openRuntime(env)
      try {
        await importTables({ db: runtime.db, tables })
      } finally {
        await runtime.close()
      }
    } else if (hasSqlite) {
      for (const suffix of ['', '-wal', '-shm'])
        fs.rmSync(path.join(env.dataDir, SQLITE_FILE_NAME + suffix), { force: true })
      fs.copyFileSync(path.join(staging, 'lampstand.db'), path.join(env.dataDir, SQLITE_FILE_NAME))
    } else {
      const runtime = await openRuntime(env)
      try {
        await importTables({
          db: runtime.db,
          tables: JSON.parse(fs.readFileSync(path.join(staging, 'database.json'), 'utf8')).tables,
        })
      } finally {
        await runtime.close()
      }
    }
    const uploads = path.join(env.dataDir, 'uploads')
    fs.rmSync(uploads, { recursive: true, force: true })
    if (fs.existsSync(path.join(staging, 'uploads')))
      fs.cpSync(path.join(staging, 'uploads'), uploads, { recursive: true })
    console.log(`Restored ${path.basename(file)} into ${env.DATABASE_URL ? 'PostgreSQL' : env.dataDir}`)
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}

async function sqliteTables(file: string) {
  const { default: SQLite } = await import('better-sqlite3')
  const { BACKUP_TABLES } = await import('#app/models/backup-tables.server.ts')
  const db = new SQLite(file, { readonly: true })
  const tables: Record<string, unknown[]> = {}
  for (const table of BACKUP_TABLES) tables[table] = db.prepare(`select * from "${table}"`).all()
  db.close()
  return tables
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
