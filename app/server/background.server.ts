import type pino from 'pino'

import type { Db } from '#app/db/database.server.ts'
import type { Env } from '#app/env.server.ts'
import type { Clock } from '#app/lib/clock.ts'
import { deleteOldActivity } from '#app/models/activity.server.ts'
import { deleteExpiredMessages } from '#app/content/messages/model.server.ts'
import { deleteOldMail } from '#app/models/outbox.server.ts'
import { eraseEndedRegistrations } from '#app/content/registrations/erasure.server.ts'
import { clearSoftBounces } from '#app/content/news/model.server.ts'
import { deleteExpiredSignUps, recordRefusal } from '#app/content/news/subscribers.server.ts'
import { runDueDigest, runDuePreview } from '#app/content/news/weekly.server.ts'
import {
  getRetentionMonths,
  listNotificationRecipients,
  seedNotificationRecipients,
} from '#app/models/settings.server.ts'

import type { Sealer } from '#app/lib/seal.server.ts'
import { givingJobs } from '#app/content/giving/giving-jobs.server.ts'
import { runDueYoutubeCheck } from '#app/content/sermons/youtube-import.server.ts'
import type { LocalImageStorage } from '#app/storage/images.server.ts'

import { type MailSettings, type MailWorker, startMailWorker } from './mail-worker.server.ts'
import type { SiteAddress } from './site-address.server.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/**
 * How often each worker asks whether the YouTube import's check is due: the check itself runs once a day, and every
 * 5 minutes around a streamed service (issue 47), claimed by one worker of one instance
 * (app/content/sermons/youtube-import.server.ts). Asking is a few reads of the database.
 */
export const YOUTUBE_POLL_MS = 60 * 1000
/**
 * How often each worker asks whether the weekly news is due (two small reads): its e-mails then start within this
 * long of the hour. The week is claimed by one worker of one instance (app/content/news/weekly.server.ts).
 */
export const DIGEST_POLL_MS = 10 * 1000
/**
 * How often each worker looks for Stripe events no worker has processed (issue 49): a webhook wakes its own
 * worker at once, so this is for events stored by another worker or instance, or left waiting for another event.
 */
export const GIVING_POLL_MS = 15 * 1000

/**
 * Retention (GDPR): deletes messages older than the retention setting, Spam older than 30 days, event
 * registrations the set number of days after their date, sign-ups to the weekly news not confirmed within 7 days,
 * sent or given-up e-mails that still hold a visitor's words, and activity log entries older than 12 months.
 * Idempotent: every worker may run it, at any time.
 */
export async function applyRetention({ db, now }: { db: Db; now: Date }) {
  const months = await getRetentionMonths({ db })
  const messages = await deleteExpiredMessages({ db, months, now })
  const registrations = await eraseEndedRegistrations({ db, now })
  const signUps = await deleteExpiredSignUps({ db, now })
  const mails = await deleteOldMail({ db, now: now.getTime() })
  const activity = await deleteOldActivity({ db, now })
  return { ...messages, registrations, signUps, mails, activity }
}

export interface BackgroundWork {
  mailer: Pick<MailWorker, 'wake'>
  /** The giving's jobs (Stripe's events): `wake()` after storing an event has it processed at once. */
  giving: { wake: () => void }
  stop: () => Promise<void>
}

/**
 * The server process's background work: the outbox's sender when e-mail is on, and retention at start-up and
 * then daily. Every worker process of `npm start` (and every instance) runs its own; the database keeps them from
 * doing the same e-mail twice.
 */
export async function startBackgroundWork({
  db,
  env,
  mail,
  clock,
  logger,
  facts = logger,
  siteAddress,
  mailSealer,
  storage,
  secret,
}: {
  db: Db
  env: Pick<
    Env,
    | 'NOTIFY_TO'
    | 'YOUTUBE_FEED_URL'
    | 'DIGEST_RATE'
    | 'DIGEST_DAILY_LIMIT'
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_API_URL'
    | 'STRIPE_WEBHOOK_SECRET'
  >
  mail: MailSettings | null
  clock: Clock
  logger: pino.Logger
  /** Where the start-up facts go (e-mail off, …): silent in all but one worker (app/runtime.server.ts). */
  facts?: pino.Logger
  siteAddress: SiteAddress
  mailSealer: Sealer
  storage: LocalImageStorage
  /** The server's secret: the weekly news' unsubscribe links are made with it. */
  secret: string
}): Promise<BackgroundWork> {
  if (await seedNotificationRecipients({ db, addresses: env.NOTIFY_TO ?? [] })) {
    facts.info(`Notification recipients set from NOTIFY_TO: ${env.NOTIFY_TO?.join(', ')}`)
  }
  const retention = async () => {
    try {
      const deleted = await applyRetention({ db, now: clock.now() })
      if (deleted.old + deleted.spam > 0) {
        logger.info(deleted, 'deleted contact messages past the retention period')
      }
      if (deleted.registrations > 0) {
        logger.info({ registrations: deleted.registrations }, 'erased event registrations past their keeping')
      }
      if (deleted.signUps > 0) {
        logger.info({ signUps: deleted.signUps }, 'deleted weekly news sign-ups never confirmed')
      }
      if (deleted.activity > 0) {
        logger.info({ entries: deleted.activity }, 'deleted activity log entries older than 12 months')
      }
    } catch (error) {
      logger.error({ err: error }, 'retention failed')
    }
  }
  await retention()
  const daily = setInterval(() => void retention(), DAY_MS)
  daily.unref()
  // The church's YouTube channel, read once a day for new videos (a channel that cannot be read is a notice on
  // the dashboard, and is not tried again before the next day: no retry storm).
  let youtube: Promise<unknown> | null = null
  const youtubeCheck = () => {
    if (youtube) return
    youtube = runDueYoutubeCheck({ db, storage, clock, logger, feedUrl: env.YOUTUBE_FEED_URL })
      .catch((error: unknown) => logger.error({ err: error }, 'the YouTube import failed'))
      .finally(() => {
        youtube = null
      })
  }
  youtubeCheck()
  const youtubeTimer = setInterval(youtubeCheck, YOUTUBE_POLL_MS)
  youtubeTimer.unref()
  const worker = mail
    ? startMailWorker({
        db,
        settings: mail,
        clock,
        logger,
        siteAddress,
        sealer: mailSealer,
        // Refusals of the weekly news' recipients suspend them (issue 48).
        recipients: {
          refused: ({ row, permanent, repeated, reason, now }) =>
            recordRefusal({
              db,
              refId: row.ref_id!,
              address: row.to_address,
              permanent,
              repeated,
              reason,
              now,
            }),
          delivered: (row) => clearSoftBounces({ db, id: row.ref_id! }),
        },
      })
    : null
  // The weekly news, when e-mail is on (none is queued while it is off).
  let digest: Promise<unknown> | null = null
  const digestCheck = () => {
    if (digest || !mail) return
    const deps = {
      db,
      clock,
      logger,
      secret,
      siteAddress,
      mailSealer,
      from: mail.from.address,
      pace: { rate: env.DIGEST_RATE, dailyLimit: env.DIGEST_DAILY_LIMIT },
    }
    digest = (async () => {
      const sent = await runDueDigest(deps)
      // Staff's preview, the day before (Notifications' recipients).
      const previewed = await runDuePreview({
        ...deps,
        recipients: await listNotificationRecipients({ db }),
      })
      if (sent || previewed) worker?.wake()
    })()
      .catch((error: unknown) => logger.error({ err: error }, 'the weekly news failed'))
      .finally(() => {
        digest = null
      })
  }
  digestCheck()
  const digestTimer = setInterval(digestCheck, DIGEST_POLL_MS)
  digestTimer.unref()
  // Giving (issue 49): Stripe's events, one run at a time per worker (a wake during a run runs it again after).
  const runGiving = givingJobs({ db, env, clock, logger, siteAddress, secret })
  let giving: Promise<unknown> | null = null
  let givingAgain = false
  const givingCheck = () => {
    if (giving) {
      givingAgain = true
      return
    }
    giving = runGiving()
      .then((queued) => {
        if (queued) worker?.wake()
      })
      .catch((error: unknown) => logger.error({ err: error }, 'the giving jobs failed'))
      .finally(() => {
        giving = null
        if (givingAgain && !stopping) {
          givingAgain = false
          givingCheck()
        }
      })
  }
  let stopping = false
  givingCheck()
  const givingTimer = setInterval(givingCheck, GIVING_POLL_MS)
  givingTimer.unref()
  if (!mail) facts.info('E-mail is off: set SMTP_URL and MAIL_FROM to send alerts of new messages')
  else if (!(await siteAddress.get())) {
    facts.warn(
      'The site’s address is not set: e-mails with links (password resets, invitations, message alerts) are held ' +
        'until PUBLIC_URL is set or an administrator confirms the address in Settings',
    )
  }
  return {
    mailer: { wake: () => worker?.wake() },
    giving: { wake: () => !stopping && givingCheck() },
    stop: async () => {
      stopping = true
      clearInterval(givingTimer)
      await giving
      clearInterval(daily)
      clearInterval(youtubeTimer)
      clearInterval(digestTimer)
      await youtube
      await digest
      await worker?.stop()
    },
  }
}
