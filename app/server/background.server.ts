import type pino from 'pino'

import type { Db } from '#app/db/database.server.ts'
import { deleteOldActivity } from '#app/models/activity.server.ts'
import { deleteOldMail } from '#app/models/outbox.server.ts'
import { seedNotificationRecipients } from '#app/models/settings.server.ts'

import { type JobDeps, type KindJobs, kindJobs, type RepeatedJob } from './kind-jobs.server.ts'
import { type MailWorker, type RecipientEvents, startMailWorker } from './mail-worker.server.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Retention (GDPR): what every kind keeps no longer (its `jobs.server.ts`), sent or given-up e-mails that still
 * hold a visitor's words, and activity log entries older than 12 months. Idempotent: every worker may run it, at
 * any time.
 */
async function applyRetention({
  db,
  now,
  jobs,
  logger,
}: {
  db: Db
  now: Date
  jobs: KindJobs[]
  logger: pino.Logger
}) {
  for (const { retention } of jobs) {
    if (!retention) continue
    const deleted = await retention.run({ db, now })
    if (Object.values(deleted).some((count) => count > 0)) logger.info(deleted, retention.says)
  }
  await deleteOldMail({ db, now: now.getTime() })
  const activity = await deleteOldActivity({ db, now })
  if (activity > 0) logger.info({ entries: activity }, 'deleted activity log entries older than 12 months')
}

/** The recipients' events of every kind that has them: an e-mail is not tried again when any kind says so. */
function everyKindsRecipients(db: Db, jobs: KindJobs[]): RecipientEvents | undefined {
  const kinds = jobs.flatMap(({ recipients }) => (recipients ? [recipients({ db })] : []))
  if (kinds.length === 0) return undefined
  return {
    refused: async (refusal) => {
      let stop = false
      for (const kind of kinds) stop = (await kind.refused(refusal)) || stop
      return stop
    },
    delivered: async (row) => {
      for (const kind of kinds) await kind.delivered(row)
    },
  }
}

/**
 * A kind's repeated job in this process: run now and every `everyMs`, one run at a time; a wake during a run runs
 * it again after. Null when it does not run in this process.
 */
function repeat(job: RepeatedJob, deps: JobDeps, queued: () => void) {
  const run = job.start(deps)
  if (!run) return null
  let running: Promise<unknown> | null = null
  let again = false
  let stopping = false
  const check = (woken: boolean) => {
    if (running) {
      again ||= woken
      return
    }
    running = run()
      .then((sent) => {
        if (sent) queued()
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, `${job.name} failed`))
      .finally(() => {
        running = null
        if (again && !stopping) {
          again = false
          check(false)
        }
      })
  }
  check(false)
  const timer = setInterval(() => check(false), job.everyMs)
  timer.unref()
  return {
    wake: () => !stopping && check(true),
    stop: async () => {
      stopping = true
      clearInterval(timer)
      await running
    },
  }
}

export interface BackgroundWork {
  mailer: Pick<MailWorker, 'wake'>
  /** Runs a kind's repeated job now (`giving`: after storing a Stripe event), or again after the running one. */
  wake: (kind: string) => void
  stop: () => Promise<void>
}

/**
 * The server process's background work: the outbox's sender when e-mail is on, retention at start-up and then
 * daily, and every kind's repeated jobs (`jobs.server.ts` in its folder). Every worker process of `npm start` (and
 * every instance) runs its own; the database keeps them from doing the same work twice.
 */
export async function startBackgroundWork(
  deps: JobDeps & {
    /** Where the start-up facts go (e-mail off, …): silent in all but one worker (app/runtime.server.ts). */
    facts?: pino.Logger
  },
): Promise<BackgroundWork> {
  const { db, env, mail, clock, logger, facts = logger, siteAddress, mailSealer } = deps
  const kinds = kindJobs()
  const jobs = kinds.map(({ jobs }) => jobs)
  if (await seedNotificationRecipients({ db, addresses: env.NOTIFY_TO ?? [] })) {
    facts.info(`Notification recipients set from NOTIFY_TO: ${env.NOTIFY_TO?.join(', ')}`)
  }
  const retention = () =>
    applyRetention({ db, now: clock.now(), jobs, logger }).catch((error: unknown) =>
      logger.error({ err: error }, 'retention failed'),
    )
  await retention()
  const daily = setInterval(() => void retention(), DAY_MS)
  daily.unref()
  const worker = mail
    ? startMailWorker({
        db,
        settings: mail,
        clock,
        logger,
        siteAddress,
        sealer: mailSealer,
        recipients: everyKindsRecipients(db, jobs),
      })
    : null
  const repeated = new Map(
    kinds.flatMap(({ kind, jobs }) => {
      const running = jobs.repeated && repeat(jobs.repeated, deps, () => worker?.wake())
      return running ? [[kind, running] as const] : []
    }),
  )
  if (!mail) facts.info('E-mail is off: set SMTP_URL and MAIL_FROM to send alerts of new messages')
  else if (!(await siteAddress.get())) {
    facts.warn(
      'The site’s address is not set: e-mails with links (password resets, invitations, message alerts) are held ' +
        'until PUBLIC_URL is set or an administrator confirms the address in Settings',
    )
  }
  return {
    mailer: { wake: () => worker?.wake() },
    wake: (kind) => repeated.get(kind)?.wake(),
    stop: async () => {
      clearInterval(daily)
      await Promise.all([...repeated.values()].map((job) => job.stop()))
      await worker?.stop()
    },
  }
}
