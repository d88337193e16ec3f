import type { KindJobs } from '#app/server/kind-jobs.server.ts'

import { runDueStatements } from './statements.server.ts'
import { type EventDeps, processStripeEvents } from './webhook-events.server.ts'

/** How often the January statements are looked for (a few reads; each is sent once whoever looks). */
const STATEMENTS_EVERY_MS = 60 * 60 * 1000

/**
 * The giving's jobs in one worker process: Stripe's events, then at most hourly the January statements. Answers
 * whether e-mails may have been queued (the mail worker is then woken).
 */
function givingJobs(deps: EventDeps) {
  let statementsAt = Number.NEGATIVE_INFINITY
  return async function run() {
    const applied = await processStripeEvents(deps)
    let statements = 0
    const now = deps.clock.now().getTime()
    // A clock set back (by its operator, or moved by a test) looks again at once rather than in an hour.
    if (now - statementsAt >= STATEMENTS_EVERY_MS || now < statementsAt) {
      statementsAt = now
      statements = await runDueStatements(deps)
      if (statements > 0) deps.logger.info({ statements }, 'queued the January giving statements')
    }
    return applied + statements > 0
  }
}

/**
 * Giving (issue 49): a webhook wakes its own worker's jobs at once (`runtime.giving.wake()`), so the round is for
 * events stored by another worker or instance, or left waiting for another event.
 */
export const JOBS: KindJobs = {
  repeated: { everyMs: 15 * 1000, name: 'the giving jobs', start: givingJobs },
}
