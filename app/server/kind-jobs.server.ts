import type pino from 'pino'

import type { Db } from '#app/db/database.server.ts'
import type { Env } from '#app/env.server.ts'
import type { Clock } from '#app/lib/clock.ts'
import type { Sealer } from '#app/lib/seal.server.ts'
import type { LocalImageStorage } from '#app/storage/images.server.ts'

import type { MailSettings, RecipientEvents } from './mail-worker.server.ts'
import type { SiteAddress } from './site-address.server.ts'

/** What a kind's jobs are given: the server process's services. */
export interface JobDeps {
  db: Db
  env: Env
  /** SMTP_URL and MAIL_FROM, or null when e-mail is off. */
  mail: MailSettings | null
  clock: Clock
  logger: pino.Logger
  siteAddress: SiteAddress
  mailSealer: Sealer
  storage: LocalImageStorage
  /** The server's secret (the weekly news' unsubscribe links, the receipts' links are made with it). */
  secret: string
}

/**
 * What a kind keeps no longer (GDPR), deleted at start-up and then daily. Idempotent: every worker may run it, at
 * any time.
 */
export interface Retention {
  /** Deletes what is past its keeping; answers how many of each went. */
  run(args: { db: Db; now: Date }): Promise<Record<string, number>>
  /** Logged, with the counts, when anything went. */
  says: string
}

/**
 * A job every worker process runs (each asks whether it is due; the database lets one worker do it), one run at a
 * time: a wake during a run runs it again after.
 */
export interface RepeatedJob {
  /** How often each worker asks whether it is due. */
  everyMs: number
  /** Named in the log when a run fails ("the weekly news"). */
  name: string
  /**
   * The job for one worker process, or null when it does not run in it (the weekly news while e-mail is off). A
   * run answers whether it queued e-mails: the mail worker is then woken.
   */
  start(deps: JobDeps): (() => Promise<boolean>) | null
}

/** A kind's background work, in its `jobs.server.ts` (`JOBS`); app/server/background.server.ts runs every kind's. */
export interface KindJobs {
  retention?: Retention
  repeated?: RepeatedJob
  /** What the mail worker tells the kind about refusals of and deliveries to its e-mails' recipients. */
  recipients?(deps: { db: Db }): RecipientEvents
}

/**
 * Every kind's jobs, by the kind's folder name (`giving`), found by their file's name as record pages are: a new
 * kind's is one new file. Read when the background work starts, not when this module loads: the operator's scripts
 * load the runtime through tsx, which has no import.meta.glob, and start no background work.
 */
export function kindJobs(): Array<{ kind: string; jobs: KindJobs }> {
  const modules = import.meta.glob<{ JOBS: KindJobs }>('../content/*/jobs.server.ts', { eager: true })
  return Object.entries(modules).map(([file, module]) => ({
    kind: file.split('/').at(-2)!,
    jobs: module.JOBS,
  }))
}
