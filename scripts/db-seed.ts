// npm run db:seed — loads the demo content when the database is empty.
import { seedDemoContent } from '#app/db/seed.server.ts'
import { readEnv } from '#app/env.server.ts'
import { openRuntime } from '#app/runtime.server.ts'

const runtime = await openRuntime(readEnv({ ...process.env, LOG_LEVEL: 'warn' })).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
try {
  const seeded = await seedDemoContent(runtime)
  console.log(seeded ? 'Loaded the demo content' : 'The database already has content: nothing loaded')
} finally {
  await runtime.close()
}
