// The child process of tests/people.ts: stores each person it is sent as `npm run admin -- create` does
// (scripts/admin.ts), one after another, and answers each.
import type { PersonAnswer, PersonJob } from './people.ts'
import { upsertAdministrator } from '#app/auth/auth.server.ts'
import { clearAccountThrottle } from '#app/auth/sign-in-throttle.server.ts'
import { readEnv } from '#app/env.server.ts'
import { openRuntime } from '#app/runtime.server.ts'

async function store(job: PersonJob) {
  const env = readEnv({
    ...process.env,
    DATA_DIR: job.dataDir,
    DATABASE_URL: job.databaseUrl ?? '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  })
  const runtime = await openRuntime(env)
  try {
    await upsertAdministrator(runtime, { email: job.email, password: job.password })
    await clearAccountThrottle({ db: runtime.db, email: job.email })
  } finally {
    await runtime.close()
  }
}

let queue = Promise.resolve()
process.on('message', (job: PersonJob) => {
  queue = queue.then(async () => {
    let answer: PersonAnswer
    try {
      await store(job)
      answer = { id: job.id, ok: true }
    } catch (error) {
      answer = { id: job.id, ok: false, error: error instanceof Error ? error.message : String(error) }
    }
    process.send?.(answer)
  })
})
// The test process has gone: so does this one.
process.on('disconnect', () => process.exit(0))
