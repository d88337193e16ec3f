import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { buildOnce, startServer } from '../test-server.ts'

/** Builds the production bundle and seeds one data directory that every test server starts from a copy of. */
export default async function globalSetup() {
  buildOnce()
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-template-'))
  const server = await startServer({ seed: true, dataDir: template })
  // A clean stop checkpoints SQLite's WAL, so the copies are complete.
  await server.stop()
  process.env.LAMPSTAND_TEMPLATE_DIR = template
  return () => fs.rmSync(template, { recursive: true, force: true })
}
