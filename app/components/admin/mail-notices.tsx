import { CircleAlert, MailX } from 'lucide-react'

import { cn } from '#app/lib/cn.ts'
import type { MailStatus } from '#app/lib/mail-status.ts'

/**
 * The dashboard's and the settings screen's word on e-mail: that it is off and what to set, or how many alerts
 * could not be sent, with the SMTP server's own reason.
 */
export function MailNotices({ status, className = 'mb-6' }: { status: MailStatus; className?: string }) {
  if (!status.enabled) {
    return (
      <div
        role="status"
        className={cn(
          'flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950',
          className,
        )}
      >
        <MailX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div>
          <p className="font-semibold">E-mail is off: set SMTP_URL and MAIL_FROM</p>
          <p className="mt-1">
            New messages are kept in Messages, but nobody is told they are there. Set{' '}
            <code className="rounded bg-amber-100 px-1">SMTP_URL</code> (for example{' '}
            <code className="rounded bg-amber-100 px-1 break-all">
              smtp://user:password@smtp.example.org:587
            </code>
            ) and <code className="rounded bg-amber-100 px-1">MAIL_FROM</code> in the server&rsquo;s
            environment, then restart it.
          </p>
        </div>
      </div>
    )
  }
  const count = status.retrying + status.failed
  if (count === 0) return null
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-950',
        className,
      )}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
      <div className="min-w-0">
        <p className="font-semibold [overflow-wrap:anywhere]">
          {`${count} ${count === 1 ? 'alert' : 'alerts'} could not be sent: ${status.lastError}`}
        </p>
        <p className="mt-1">
          {status.retrying > 0
            ? `Still trying ${status.retrying === 1 ? 'it' : status.retrying === count ? 'them' : status.retrying}: e-mails are given up after 24 hours. `
            : 'They were given up after 24 hours. '}
          The messages themselves are safe in Messages. Check SMTP_URL and MAIL_FROM with your e-mail provider
          (the SMTP server is {status.server}).
        </p>
      </div>
    </div>
  )
}
