import type { KindJobs } from '#app/server/kind-jobs.server.ts'

import { eraseEndedRegistrations } from './erasure.server.ts'

/** Registrations are erased the set number of days after their event's date. */
export const JOBS: KindJobs = {
  retention: {
    run: async ({ db, now }) => ({ registrations: await eraseEndedRegistrations({ db, now }) }),
    says: 'erased event registrations past their keeping',
  },
}
