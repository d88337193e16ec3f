import { CalendarClock, History, Mail, Send, SkipForward } from 'lucide-react'
import { useState } from 'react'
import { useFetcher } from 'react-router'

import { ConfirmActionDialog } from '#app/components/admin/confirm-action-dialog.tsx'
import { CardHeading, cardClasses, guardedForm } from '#app/components/admin/settings-card.tsx'
import { useResultToast } from '#app/components/admin/use-result-toast.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select } from '#app/components/ui/select.tsx'
import type { AdminActionResult } from '#app/lib/admin-action-result.ts'
import { cn } from '#app/lib/cn.ts'
import type { DigestStatus } from './schema.ts'

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

const DIGEST_STATUS_LABELS: Record<DigestStatus, string> = {
  pending: 'Previewed',
  sending: 'Sending',
  queued: 'Sent out',
  empty: 'Nothing new: not sent',
  skipped: 'Skipped',
  dropped: 'Dropped: too late',
}

/** A week's key (its date) in words: `Sat 12 Dec 2026`. */
const weekWords = (week: string) =>
  new Date(`${week}T12:00:00Z`).toLocaleDateString('en-IE', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  })

export interface ComingDigest {
  week: string
  leaves: string
  day: number
  hour: number
  status: DigestStatus | null
  previews: { language: string; languageName: string; subject: string | null; html: string | null }[]
}

/** The day and hour the weekly news leaves (church info's `digest_day`, `digest_hour`), on the church's clock. */
export function DigestTimeCard({ coming }: { coming: ComingDigest }) {
  const fetcher = useFetcher<AdminActionResult>({ key: 'digest-time' })
  const busy = fetcher.state !== 'idle'
  useResultToast(fetcher.data, fetcher.state === 'idle')
  const failure = fetcher.data && !fetcher.data.ok ? fetcher.data : null
  return (
    <section aria-labelledby="digest-time" className={cardClasses}>
      <CardHeading id="digest-time" icon={CalendarClock} title="When it leaves" />
      <p className="mb-4 text-sm text-gray-600">
        Every week at this time, on the church’s clock, each active subscriber gets the coming 7 days’ events
        and services and the newest sermon. The day before at 18:00 the notification recipients get a preview.
      </p>
      <fetcher.Form method="post" className="space-y-3" {...guardedForm(busy)}>
        <input type="hidden" name="intent" value="digest-time" />
        {failure ? (
          <p role="alert" className="text-sm text-red-700">
            {failure.error}
          </p>
        ) : null}
        <div className="grid grid-cols-2 gap-3">
          <div>
            <Label htmlFor="digest-day">Day</Label>
            <Select
              id="digest-day"
              name="digest_day"
              key={coming.day}
              defaultValue={String(coming.day)}
              className="mt-1.5"
            >
              {DAYS.map((label, day) => (
                <option key={day} value={String(day)}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor="digest-hour">Hour</Label>
            <Select
              id="digest-hour"
              name="digest_hour"
              key={coming.hour}
              defaultValue={String(coming.hour)}
              className="mt-1.5"
            >
              {Array.from({ length: 24 }, (_, hour) => (
                <option key={hour} value={String(hour)}>
                  {`${String(hour).padStart(2, '0')}:00`}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save time'}
        </Button>
      </fetcher.Form>
    </section>
  )
}

type Sent = {
  week: string
  status: DigestStatus
  recipients: number
  sent: number
  waiting: number
  refused: number
}

/** The last weeks' sends: what became of each, and its e-mails sent, waiting and refused. */
export function RecentDigestsCard({ digests }: { digests: Sent[] }) {
  return (
    <section aria-labelledby="digests-sent" className={cardClasses}>
      <CardHeading id="digests-sent" icon={History} title="Last weeks" />
      {digests.length === 0 ? (
        <p className="text-sm text-gray-600">No weekly news has gone out yet.</p>
      ) : (
        <ul className="-mx-5 divide-y divide-gray-100 border-t border-gray-100 text-sm sm:-mx-6">
          {digests.map((digest) => (
            <li key={digest.week} className="px-5 py-2.5 sm:px-6">
              <p className="flex flex-wrap justify-between gap-x-3">
                <span className="font-medium text-gray-950">{weekWords(digest.week)}</span>
                <span className="text-gray-700">{DIGEST_STATUS_LABELS[digest.status] ?? digest.status}</span>
              </p>
              {digest.recipients > 0 ? (
                <p className="text-gray-600 tabular-nums">
                  {digest.recipients} queued · {digest.sent} sent · {digest.waiting} waiting ·{' '}
                  <span className={cn(digest.refused > 0 && 'font-medium text-red-800')}>
                    {digest.refused} refused
                  </span>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-xs text-gray-600">Sent e-mails are kept a week, so older weeks count fewer.</p>
    </section>
  )
}

/**
 * Each language's e-mail in a frame of its own, its links opening in a new tab. Not sandboxed, so the screen's
 * accessibility checks reach into it: it holds no script (the e-mail is our own escaped HTML) and, as a srcdoc
 * frame, runs under the admin page's CSP, which allows none without the page's nonce.
 */
const framed = (html: string) => html.replace('<head>', '<head><base target="_blank">')

/**
 * The coming weekly news as subscribers will get it, in each of the site's languages, with "Skip this week" and
 * "Send now".
 */
export function ComingDigestCard({ coming, mailEnabled }: { coming: ComingDigest; mailEnabled: boolean }) {
  const [shown, setShown] = useState(coming.previews[0]?.language ?? 'en')
  const acting = useFetcher<AdminActionResult>({ key: 'digest-action' })
  const busy = acting.state !== 'idle'
  useResultToast(acting.data, acting.state === 'idle')
  const preview = coming.previews.find((item) => item.language === shown) ?? coming.previews[0]
  const open = coming.status === null || coming.status === 'pending'
  const empty = coming.previews.every((item) => item.html === null)
  return (
    <section aria-labelledby="digest-coming" className={cn(cardClasses, 'mt-6')}>
      <CardHeading id="digest-coming" icon={Mail} title="The coming weekly news" />
      <p className="mb-4 text-sm text-gray-600">
        Leaves {coming.leaves}
        {coming.status ? ` · ${DIGEST_STATUS_LABELS[coming.status]}` : ''}. What subscribers will get, made
        from the website as it is now.
      </p>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <ConfirmActionDialog
          title="Skip this week?"
          description={`The weekly news of ${weekWords(coming.week)} is not sent. The week after goes as usual.`}
          confirm="Skip this week"
          onConfirm={() => acting.submit({ intent: 'skip' }, { method: 'post' })}
        >
          <Button variant="outline" disabled={busy || !open}>
            <SkipForward aria-hidden="true" />
            Skip this week
          </Button>
        </ConfirmActionDialog>
        <ConfirmActionDialog
          title="Send it now?"
          description="Every active subscriber gets this weekly news from now, at the list’s pace, instead of at its usual time."
          confirm="Send now"
          onConfirm={() => acting.submit({ intent: 'send-now' }, { method: 'post' })}
        >
          <Button disabled={busy || !open || empty || !mailEnabled}>
            <Send aria-hidden="true" />
            Send now
          </Button>
        </ConfirmActionDialog>
        {!mailEnabled ? (
          <p className="text-sm text-gray-600">E-mail is off: set SMTP_URL and MAIL_FROM to send it.</p>
        ) : null}
      </div>
      {coming.previews.length > 1 ? (
        <div role="group" aria-label="Language of the preview" className="mb-3 flex flex-wrap gap-1">
          {coming.previews.map((item) => (
            <Button
              key={item.language}
              variant={item.language === preview?.language ? 'default' : 'outline'}
              size="sm"
              aria-pressed={item.language === preview?.language}
              onClick={() => setShown(item.language)}
            >
              {item.languageName}
            </Button>
          ))}
        </div>
      ) : null}
      {preview?.html ? (
        <>
          <p className="mb-2 text-sm">
            <span className="text-gray-600">Subject:</span>{' '}
            <span lang={preview.language} className="font-medium text-gray-950">
              {preview.subject}
            </span>
          </p>
          <iframe
            key={preview.language}
            title={`The weekly news in ${preview.languageName}`}
            srcDoc={framed(preview.html)}
            className="h-[36rem] w-full rounded-md border border-gray-200 bg-white"
          />
        </>
      ) : (
        <p className="rounded-md border border-gray-200 bg-gray-50 p-4 text-sm text-gray-700">
          Nothing new for that week (no event or service in its 7 days, no new sermon): nothing would be sent.
        </p>
      )}
    </section>
  )
}
