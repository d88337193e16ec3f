import { createRequire } from 'node:module'

import type Pg from 'pg'
import type SharpModule from 'sharp'

/**
 * Native and driver packages, loaded when first used instead of at every start: sharp (~110 ms of CPU: its libvips)
 * is wanted only when a picture is drawn or checked, pg (~100 ms) only on PostgreSQL. A server answering from
 * SQLite and its page cache never loads either. Both stay outside the server bundle (vite.config.ts), so they are
 * required from node_modules as before, only later.
 */
const require = createRequire(import.meta.url)

let sharpModule: typeof SharpModule | undefined

/** sharp itself, loaded at its first call. */
export const sharp = ((...args: Parameters<typeof SharpModule>) =>
  (sharpModule ??= require('sharp') as typeof SharpModule)(...args)) as typeof SharpModule

let pgModule: typeof Pg | undefined

/** The pg package, loaded at the first connection to PostgreSQL. */
export function loadPg(): typeof Pg {
  if (pgModule) return pgModule
  pgModule = require('pg') as typeof Pg
  // NOTE: pg returns BIGINT (count(*)) as text by default; our counts fit in a JS number.
  pgModule.types.setTypeParser(20, (value) => Number.parseInt(value, 10))
  return pgModule
}
