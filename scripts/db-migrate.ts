// npm run db:migrate — brings the database (SQLite in DATA_DIR, or DATABASE_URL) up to date.
import { readEnv } from '#app/env.server.ts'
import { openServices } from '#app/services.server.ts'

const services = await openServices(readEnv({ ...process.env, LOG_LEVEL: 'warn' })).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
console.log(`The ${services.db.dialect} database is up to date`)
await services.close()
