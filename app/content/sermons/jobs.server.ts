import type { KindJobs } from '#app/server/kind-jobs.server.ts'

import { runDueYoutubeCheck } from './youtube-import.server.ts'

/**
 * The church's YouTube channel, read once a day for new videos, and every 5 minutes around a streamed service
 * (issue 47), claimed by one worker of one instance (youtube-import.server.ts). A channel that cannot be read is a
 * notice on the dashboard, and is not tried again before the next day: no retry storm.
 */
export const JOBS: KindJobs = {
  repeated: {
    // How often each worker asks whether the check is due: a few reads of the database.
    everyMs: 60 * 1000,
    name: 'the YouTube import',
    start:
      ({ db, storage, clock, logger, env }) =>
      async () => {
        await runDueYoutubeCheck({ db, storage, clock, logger, feedUrl: env.YOUTUBE_FEED_URL })
        return false
      },
  },
}
