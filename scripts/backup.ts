// npm run backup [-- --out DIR]
// Writes one .tar.gz holding a consistent copy of the database (SQLite's VACUUM INTO, or a JSON export of every
// table on PostgreSQL) and the uploaded images. Safe to run while the site is serving.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import SQLite from 'better-sqlite3'
import * as tar from 'tar'

import { readEnv } from '#app/env.server.ts'
import { BACKUP_TABLES, exportTables } from '#app/models/backup-tables.server.ts'
import { openRuntime } from '#app/runtime.server.ts'

async function main() {
  const outFlag = process.argv.indexOf('--out')
  const outDir = path.resolve(outFlag >= 0 ? (process.argv[outFlag + 1] ?? 'backups') : 'backups')
  const env = readEnv({ ...process.env, LOG_LEVEL: 'warn', SEED_DEMO: 'false' })
  const runtime = await openRuntime(env)
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-backup-'))
  try {
    if (runtime.db.sqlitePath) {
      // VACUUM INTO writes a consistent snapshot even while the server writes, as SQLite's online backup did, but
      // page by page anew: free pages and the spare room of pages, where deleted rows may linger, are left behind.
      const source = new SQLite(runtime.db.sqlitePath, { readonly: true, fileMustExist: true })
      try {
        source.prepare('vacuum into ?').run(path.join(staging, 'lampstand.db'))
      } finally {
        source.close()
      }
    } else {
      const tables = await exportTables({ db: runtime.db })
      fs.writeFileSync(
        path.join(staging, 'database.json'),
        JSON.stringify({ format: 'lampstand-json-1', tables }),
      )
    }
    const uploads = runtime.storage.root
    const manifest = {
      created_at: new Date().toISOString(),
      database: runtime.db.dialect,
      tables: BACKUP_TABLES,
      uploads: fs.existsSync(uploads)
        ? fs.readdirSync(uploads).filter((name) => !name.startsWith('.')).length
        : 0,
    }
    fs.writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2))
    fs.mkdirSync(outDir, { recursive: true })
    const archive = path.join(outDir, `lampstand-backup-${stamp}.tar.gz`)
    const entries = ['manifest.json', runtime.db.sqlitePath ? 'lampstand.db' : 'database.json']
    if (fs.existsSync(uploads)) {
      // A link instead of a copy: tar follows it, so the images are read once, straight from DATA_DIR.
      fs.symlinkSync(uploads, path.join(staging, 'uploads'), 'dir')
      entries.push('uploads')
    }
    await tar.create(
      {
        gzip: true,
        file: archive,
        cwd: staging,
        follow: true,
        portable: true,
        // Unfinished uploads (a picture's pieces, resumable audio) are no part of the site.
        filter: (entry) => !/(^|\/)\.(?:tmp|tus)(\/|$)/.test(entry),
      },
      entries,
    )
    console.log(`Backup written to ${path.relative(process.cwd(), archive)} (${manifest.uploads} images)`)
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
    await runtime.close()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
