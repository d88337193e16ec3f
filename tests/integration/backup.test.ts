import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, test } from 'vitest'

import { insertItem, makeAboutUs, makeChurchInfo, makeContactMessage } from '../factories.ts'
import { makePng } from '../fixtures/images.ts'
import { createPostgresDatabase, runScript, startServer } from '../test-server.ts'
import { ADMIN, type Client, databases, signIn, useServer } from './support.ts'
import { openDatabase } from '#app/db/database.server.ts'
import { PUBLIC_TABLES } from '#app/content/registry.ts'
import { BACKUP_TABLES, TRANSIENT_TABLES } from '#app/models/backup-tables.server.ts'

const tempDirs: string[] = []
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true })
})
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-backup-test-'))
  tempDirs.push(dir)
  return dir
}

/** `npm run backup` / `npm run restore` against a store (a data directory, and a database on PostgreSQL). */
async function tool(
  script: 'backup' | 'restore',
  store: { dataDir: string; databaseUrl?: string },
  args: string[],
) {
  const { stdout } = await runScript(script, args, {
    DATA_DIR: store.dataDir,
    DATABASE_URL: store.databaseUrl ?? '',
    SEED_DEMO: 'false',
  })
  return stdout
}

/** Everything a visitor and an administrator can read, to compare two sites. */
async function snapshot(admin: Client) {
  const answers: Record<string, unknown> = {}
  for (const table of PUBLIC_TABLES) answers[table] = (await admin.get(`/api/${table}`)).body
  answers.contact_messages = (await admin.get('/api/contact_messages')).body
  return answers
}

describe.each(databases)('$name', (database) => {
  const ctx = useServer(database)

  test('every table of the database is in a backup, or is left out on purpose', async () => {
    const db = openDatabase({ dataDir: ctx.server.dataDir, databaseUrl: ctx.server.databaseUrl })
    try {
      const tables = (await db.kysely.introspection.getTables({ withInternalKyselyTables: true })).map(
        (table) => table.name,
      )
      expect([...tables].sort()).toEqual([...BACKUP_TABLES, ...TRANSIENT_TABLES].sort())
    } finally {
      await db.close()
    }
  })

  test('a backup taken while serving restores into an empty store as the same site, pictures included', async () => {
    const { admin } = ctx
    expect((await admin.put('/api/church_info', makeChurchInfo({ name: 'Áine’s Church' }))).status).toBe(200)
    expect((await admin.put('/api/about_us', makeAboutUs())).status).toBe(200)
    const form = new FormData()
    form.set('file', new Blob([await makePng(800, 600)], { type: 'image/png' }), 'hall.png')
    const upload = await admin.request<{ secure_url: string }>('POST', '/api/uploads', { body: form })
    expect(upload.status).toBe(201)
    await insertItem(admin, 'events', { image_url: upload.body.secure_url })
    await insertItem(admin, 'leadership_team')
    expect((await ctx.anonymous.post('/api/contact_messages', makeContactMessage())).status).toBe(201)
    const before = await snapshot(admin)

    const archiveDir = tempDir()
    expect(await tool('backup', ctx.server, ['--out', archiveDir])).toMatch(
      /Backup written to .* \(\d+ images\)/,
    )
    const [archive] = fs.readdirSync(archiveDir)

    const target: { dataDir: string; databaseUrl?: string } = { dataDir: tempDir() }
    let dropTarget: (() => Promise<void>) | undefined
    if (database.postgresUrl) {
      const created = await createPostgresDatabase(database.postgresUrl)
      target.databaseUrl = created.url
      dropTarget = created.drop
    }
    try {
      expect(await tool('restore', target, [path.join(archiveDir, archive)])).toMatch(/Restored/)
      const restored = await startServer({
        dataDir: target.dataDir,
        env: { DATABASE_URL: target.databaseUrl ?? '' },
      })
      try {
        const restoredAdmin = await signIn(restored.url, ADMIN)
        expect(await snapshot(restoredAdmin)).toEqual(before)
        const image = await fetch(new URL(upload.body.secure_url, restored.url))
        expect(image.status).toBe(200)
        expect(image.headers.get('content-type')).toMatch(/^image\//)
      } finally {
        await restored.stop()
      }
    } finally {
      await dropTarget?.()
    }
  })
})
