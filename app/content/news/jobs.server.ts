import { listNotificationRecipients } from '#app/models/settings.server.ts'
import type { KindJobs } from '#app/server/kind-jobs.server.ts'

import { clearSoftBounces } from './model.server.ts'
import { deleteExpiredSignUps, recordRefusal } from './subscribers.server.ts'
import { runDueDigest, runDuePreview } from './weekly.server.ts'

/**
 * The weekly news: sign-ups not confirmed within 7 days go; the week's e-mails and staff's preview the day before
 * go out when due (the week is claimed by one worker of one instance, weekly.server.ts); refusals of its
 * recipients suspend them (issue 48).
 */
export const JOBS: KindJobs = {
  retention: {
    run: async ({ db, now }) => ({ signUps: await deleteExpiredSignUps({ db, now }) }),
    says: 'deleted weekly news sign-ups never confirmed',
  },
  repeated: {
    // How often each worker asks whether the weekly news is due (two small reads): its e-mails then start within
    // this long of the hour.
    everyMs: 10 * 1000,
    name: 'the weekly news',
    // None is queued while e-mail is off.
    start({ db, clock, logger, secret, siteAddress, mailSealer, mail, env }) {
      if (!mail) return null
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
      return async () => {
        const sent = await runDueDigest(deps)
        // Staff's preview, the day before (Notifications' recipients).
        const previewed = await runDuePreview({
          ...deps,
          recipients: await listNotificationRecipients({ db }),
        })
        return Boolean(sent || previewed)
      }
    },
  },
  recipients: ({ db }) => ({
    refused: ({ row, permanent, repeated, reason, now }) =>
      recordRefusal({ db, refId: row.ref_id!, address: row.to_address, permanent, repeated, reason, now }),
    delivered: (row) => clearSoftBounces({ db, id: row.ref_id! }),
  }),
}
