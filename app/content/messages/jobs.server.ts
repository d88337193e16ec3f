import { getRetentionMonths } from '#app/models/settings.server.ts'
import type { KindJobs } from '#app/server/kind-jobs.server.ts'

import { deleteExpiredMessages } from './model.server.ts'

/** Messages older than the retention setting go, and Spam older than 30 days. */
export const JOBS: KindJobs = {
  retention: {
    run: async ({ db, now }) => deleteExpiredMessages({ db, months: await getRetentionMonths({ db }), now }),
    says: 'deleted contact messages past the retention period',
  },
}
