import { Video } from 'lucide-react'
import { Link } from 'react-router'

import type { MailStatus } from '#app/lib/mail-status.ts'
import { MailNotices } from './mail-notices.tsx'

/**
 * The dashboard's notices: a service live now, a streamed one with no recording, the server's e-mail (for those who
 * may change it) and the church's YouTube channel when it could not be read.
 */
export function DashboardNotices({
  streaming,
  mail,
  youtubeProblem,
}: {
  streaming: {
    liveNow: { name: string } | null
    noRecording: { name: string; start: string; channel: boolean } | null
  }
  mail: MailStatus | null
  youtubeProblem: string | null
}) {
  return (
    <>
      {streaming.liveNow ? (
        <section
          aria-labelledby="live-now"
          className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-950"
        >
          <h2 id="live-now" className="flex items-center gap-2 font-semibold">
            <span className="size-2.5 rounded-full bg-red-600 motion-safe:animate-pulse" aria-hidden="true" />
            Live now: {streaming.liveNow.name}
          </h2>
          <a href="/live" className="font-medium underline">
            See the live page
          </a>
        </section>
      ) : null}
      {streaming.noRecording ? (
        <section
          aria-labelledby="no-recording"
          className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <h2 id="no-recording" className="flex items-center gap-2 font-semibold">
            <Video aria-hidden="true" className="size-4 shrink-0" />
            No recording of {streaming.noRecording.name} on {streaming.noRecording.start}
          </h2>
          <p className="mt-1">
            {streaming.noRecording.channel
              ? 'The channel listed no video published around that service, so no draft sermon was made from it. If it was streamed, add its link to a sermon by hand.'
              : 'No YouTube channel is set, so recordings cannot become sermons: give the channel on the Sermons screen.'}{' '}
            <Link to="/admin/sermons#youtube-import" className="font-medium underline">
              Sermons
            </Link>
          </p>
        </section>
      ) : null}
      {mail ? <MailNotices status={mail} className="mt-6" /> : null}
      {youtubeProblem ? (
        <section
          aria-labelledby="youtube-problem"
          className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <h2 id="youtube-problem" className="flex items-center gap-2 font-semibold">
            <Video aria-hidden="true" className="size-4 shrink-0" />
            The church’s YouTube channel could not be read
          </h2>
          <p className="mt-1">
            {youtubeProblem}. New videos are not made draft sermons until it can be; the website tries again
            tomorrow, or{' '}
            <Link to="/admin/sermons#youtube-import" className="font-medium underline">
              check the channel in Sermons
            </Link>
            .
          </p>
        </section>
      ) : null}
    </>
  )
}
