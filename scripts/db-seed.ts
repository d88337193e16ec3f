// npm run db:seed — loads the demo content when the database is empty.
import { seedDemoContent } from '#app/db/seed.server.ts'
import { readEnv } from '#app/env.server.ts'
import { openServices } from '#app/services.server.ts'

const services = await openServices(readEnv({ ...process.env, LOG_LEVEL: 'warn' })).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
try {
  const seeded = await seedDemoContent(services)
  console.log(seeded ? 'Loaded the demo content' : 'The database already has content: nothing loaded')
} finally {
  await services.close()
}
