import type { EventDeps } from './webhook-events.server.ts'
import { processStripeEvents } from './webhook-events.server.ts'
import { runDueStatements } from './statements.server.ts'

/** How often the January statements are looked for (a few reads; each is sent once whoever looks). */
const STATEMENTS_EVERY_MS = 60 * 60 * 1000

/**
 * The giving's jobs in one worker process (app/server/background.server.ts runs them when woken by a webhook and
 * every GIVING_POLL_MS): Stripe's events, then at most hourly the January statements. Answers whether e-mails may
 * have been queued (the mail worker is then woken).
 */
export function givingJobs(deps: EventDeps) {
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
