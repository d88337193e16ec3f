// npm run db:migrate — brings the database (SQLite in DATA_DIR, or DATABASE_URL) up to date.
import { readEnv } from '#app/env.server.ts'
import { openRuntime } from '#app/runtime.server.ts'

const runtime = await openRuntime(readEnv({ ...process.env, LOG_LEVEL: 'warn' })).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
console.log(`The ${runtime.db.dialect} database is up to date`)
await runtime.close()
