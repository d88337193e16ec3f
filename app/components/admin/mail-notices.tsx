import { CircleAlert, Globe, type LucideIcon, MailX } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { cn } from '#app/lib/cn.ts'
import type { MailStatus } from '#app/lib/mail-status.ts'

/**
 * The dashboard's and the settings screen's word on e-mail: that it is off and what to set, or how many alerts
 * could not be sent, with the SMTP server's own reason.
 */
export function MailNotices({ status, className = 'mb-6' }: { status: MailStatus; className?: string }) {
  if (!status.enabled) {
    return (
      <Caution icon={MailX} title="E-mail is off: set SMTP_URL and MAIL_FROM" className={className}>
        New messages are kept in Messages, but nobody is told they are there. Set{' '}
        <code className="rounded bg-amber-100 px-1">SMTP_URL</code> (for example{' '}
        <code className="rounded bg-amber-100 px-1 break-all">smtp://user:password@smtp.example.org:587</code>
        ) and <code className="rounded bg-amber-100 px-1">MAIL_FROM</code> in the server&rsquo;s environment,
        then restart it.
      </Caution>
    )
  }
  return (
    <>
      {status.siteAddressKnown ? null : <HeldNotice held={status.held} className={className} />}
      <FailureNotice status={status} className={className} />
    </>
  )
}

/** E-mails with links wait for the site's address (decision 0018): why, and where to set it. */
function HeldNotice({ held, className }: { held: number; className: string }) {
  return (
    <Caution
      icon={Globe}
      className={className}
      title={
        held > 0
          ? `${held} ${held === 1 ? 'e-mail is' : 'e-mails are'} waiting for the site’s address`
          : 'E-mails with links wait for the site’s address'
      }
    >
      Alerts of new messages, invitations and password links carry a link to this website, so they are held
      until the website knows its own address. Confirm it under{' '}
      <Link to="/admin/settings#settings-site-address" className="font-medium underline">
        Site address in Settings
      </Link>{' '}
      (or set <code className="rounded bg-amber-100 px-1">PUBLIC_URL</code> in the server&rsquo;s
      environment); held e-mails then go out at once.
    </Caution>
  )
}

/** Something staff should put right, not yet a failure: an amber notice with its title and what to do. */
function Caution({
  icon: Icon,
  title,
  className,
  children,
}: {
  icon: LucideIcon
  title: string
  className: string
  children: ReactNode
}) {
  return (
    <div
      role="status"
      className={cn(
        'flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950',
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        <p className="mt-1">{children}</p>
      </div>
    </div>
  )
}

function FailureNotice({
  status,
  className,
}: {
  status: Extract<MailStatus, { enabled: true }>
  className: string
}) {
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
