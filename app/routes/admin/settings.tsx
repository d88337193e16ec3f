import { Bell, BookOpen, CheckCircle2, Clock, Globe, Mail, Send, ShieldCheck } from 'lucide-react'

import type { Route } from './+types/settings.ts'
import { requireArea } from '#app/auth/session.server.ts'
import { MailNotices } from '#app/components/admin/mail-notices.tsx'
import { PageHeader } from '#app/components/admin/page-header.tsx'
import {
  CardCheckbox,
  CardField,
  CardHeading,
  cardClasses,
  guardedForm,
} from '#app/components/admin/settings-card.tsx'
import { GivingCard } from '#app/components/admin/settings-giving-card.tsx'
import { RegistrationsCard } from '#app/components/admin/settings-registrations-card.tsx'
import { useSettingsFetcher } from '#app/components/admin/use-settings-fetcher.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { runtimeContext } from '#app/context.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { cn } from '#app/lib/cn.ts'
import {
  getBibleLink,
  getGivingSettings,
  getRegistrationSettings,
  getRequireTwoStep,
  getRetentionMonths,
  getSiteAddress,
  listNotificationRecipients,
} from '#app/models/settings.server.ts'
import { NOTIFY_RECIPIENTS_MAX, RETENTION_MONTHS_MAX, SPAM_RETENTION_DAYS } from '#app/schemas/settings.ts'
import { givingState } from '#app/content/giving/giving.server.ts'
import { mailStatus } from '#app/server/mail-status.server.ts'
import { settingsAction } from '#app/server/settings.server.ts'

export const meta = () => adminMeta('Settings')

export async function loader({ request, context }: Route.LoaderArgs) {
  requireArea(context, 'settings')
  const runtime = context.get(runtimeContext)
  const { db } = runtime
  const [
    recipients,
    retentionMonths,
    mail,
    requireTwoStep,
    confirmed,
    bibleLink,
    registrations,
    giving,
    bank,
  ] = await Promise.all([
    listNotificationRecipients({ db }),
    getRetentionMonths({ db }),
    mailStatus(runtime),
    getRequireTwoStep({ db }),
    getSiteAddress({ db }),
    getBibleLink({ db }),
    getRegistrationSettings({ db }),
    givingState(runtime),
    getGivingSettings({ db }),
  ])
  return {
    recipients,
    retentionMonths,
    mail,
    notifyToSet: (runtime.env.NOTIFY_TO ?? []).length > 0,
    requireTwoStep,
    bibleLink,
    registrations,
    // What giving online still needs (issue 49), and the bank transfer details the giving page shows.
    giving: { missing: giving.missing, bank },
    siteAddress: {
      fixed: runtime.siteAddress.fixed,
      confirmed,
      // What this administrator's own browser used to reach the admin: offered, to confirm or correct.
      offered: new URL(request.url).origin,
    },
  }
}

export function action(args: Route.ActionArgs) {
  requireArea(args.context, 'settings', { inAction: true })
  return settingsAction(args)
}

export default function SettingsScreen({ loaderData }: Route.ComponentProps) {
  const {
    recipients,
    retentionMonths,
    mail,
    notifyToSet,
    requireTwoStep,
    siteAddress,
    bibleLink,
    registrations,
    giving,
  } = loaderData
  return (
    <>
      <PageHeader title="Settings" description="Who hears of new messages, and how long messages are kept." />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <NotificationsCard recipients={recipients} mailEnabled={mail.enabled} notifyToSet={notifyToSet} />
          <SiteAddressCard {...siteAddress} />
          <BibleLinkCard bibleLink={bibleLink} />
          <GivingCard missing={giving.missing} bank={giving.bank} />
        </div>
        <div className="space-y-6">
          <section aria-labelledby="settings-email" className={cardClasses}>
            <CardHeading id="settings-email" icon={Mail} title="E-mail" />
            {mail.enabled ? (
              <>
                <p className="flex items-start gap-2 text-sm text-gray-700">
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
                  <span className="[overflow-wrap:anywhere]">
                    E-mail is on: alerts are sent from <strong className="text-gray-950">{mail.from}</strong>{' '}
                    through {mail.server}.
                  </span>
                </p>
                <MailNotices status={mail} className="mt-4" />
              </>
            ) : (
              <MailNotices status={mail} className="" />
            )}
          </section>
          <RetentionCard retentionMonths={retentionMonths} />
          <RegistrationsCard
            keptDays={registrations.registration_kept_days}
            editorsManage={registrations.editors_manage_registrations}
            editorsManageSubscribers={registrations.editors_manage_subscribers}
          />
          <TwoStepCard required={requireTwoStep} />
        </div>
      </div>
    </>
  )
}

function NotificationsCard({
  recipients,
  mailEnabled,
  notifyToSet,
}: {
  recipients: string[]
  mailEnabled: boolean
  notifyToSet: boolean
}) {
  const { fetcher, busy, failure } = useSettingsFetcher('settings-notifications')
  const test = useSettingsFetcher('settings-test')
  const error = failure?.fields?.recipients ?? failure?.error
  return (
    <section aria-labelledby="settings-notifications" className={cardClasses}>
      <CardHeading id="settings-notifications" icon={Bell} title="Notifications" />
      <p className="mb-4 text-sm text-gray-600">
        Each new message sent through the contact form is e-mailed to these addresses, with the visitor as the
        address to reply to. Messages judged to be spam are kept in Messages without an e-mail.
      </p>
      <fetcher.Form method="post" className="space-y-3" {...guardedForm(busy)}>
        <input type="hidden" name="intent" value="notifications" />
        <div>
          <Label htmlFor="settings-recipients">Recipients</Label>
          <Textarea
            id="settings-recipients"
            name="recipients"
            rows={5}
            // A new list from the server (after a save) replaces what is shown.
            key={recipients.join('\n')}
            defaultValue={recipients.join('\n')}
            placeholder={'secretary@church.example\npastor@church.example'}
            aria-describedby={cn('settings-recipients-hint', error && 'settings-recipients-error')}
            aria-invalid={error ? true : undefined}
            className="mt-1.5 font-mono text-sm"
            spellCheck={false}
          />
          {error ? (
            <p id="settings-recipients-error" className="mt-1.5 text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <p id="settings-recipients-hint" className="mt-1.5 text-sm text-gray-600">
            One address per line, up to {NOTIFY_RECIPIENTS_MAX}.
            {notifyToSet
              ? ' When the list is empty, the server fills it from NOTIFY_TO at its next start.'
              : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save recipients'}
          </Button>
          {mailEnabled && recipients.length > 0 ? (
            <Button
              type="button"
              variant="outline"
              disabled={test.busy}
              onClick={() => void test.fetcher.submit({ intent: 'test' }, { method: 'post' })}
            >
              <Send aria-hidden="true" />
              Send a test e-mail
            </Button>
          ) : null}
        </div>
      </fetcher.Form>
      {recipients.length === 0 ? (
        <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          No one is told of new messages yet: add at least one address.
        </p>
      ) : null}
    </section>
  )
}

function SiteAddressCard({
  fixed,
  confirmed,
  offered,
}: {
  fixed: string | null
  confirmed: string | null
  offered: string
}) {
  const { fetcher, busy, failure } = useSettingsFetcher('settings-site-address')
  const error = failure?.fields?.site_address ?? failure?.error
  return (
    <section
      aria-labelledby="settings-site-address-heading"
      id="settings-site-address"
      className={cardClasses}
    >
      <CardHeading id="settings-site-address-heading" icon={Globe} title="Site address" />
      <p className="mb-4 text-sm text-gray-600">
        Links in e-mails (new messages, invitations, password links), the calendar feed and share pictures
        name this address, whatever address a request came in on.
      </p>
      {fixed ? (
        <p className="text-sm text-gray-700">
          <strong className="[overflow-wrap:anywhere] text-gray-950">{fixed}</strong>, set by{' '}
          <code className="rounded bg-gray-100 px-1">PUBLIC_URL</code> in the server&rsquo;s environment.
        </p>
      ) : (
        <fetcher.Form method="post" className="space-y-3" {...guardedForm(busy)}>
          <input type="hidden" name="intent" value="site-address" />
          {confirmed ? null : (
            <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              Not confirmed yet: e-mails with links wait until it is. You reached this page at the address
              below; confirm it if it is the one people use to reach the website.
            </p>
          )}
          <CardField
            id="settings-site-address-input"
            errorId="settings-site-address-error"
            label="Address of the website"
            name="site_address"
            // Text, not url: 'church.example' without https:// is welcome (the server adds it).
            type="text"
            inputMode="url"
            autoComplete="url"
            required
            key={confirmed ?? offered}
            defaultValue={confirmed ?? offered}
            error={error}
            className="mt-1.5 font-mono text-sm"
            spellCheck={false}
          />
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : confirmed ? 'Save site address' : 'Confirm site address'}
          </Button>
        </fetcher.Form>
      )}
    </section>
  )
}

function RetentionCard({ retentionMonths }: { retentionMonths: number }) {
  const { fetcher, busy, failure } = useSettingsFetcher('settings-retention')
  const error = failure?.fields?.retention_months ?? failure?.error
  return (
    <section aria-labelledby="settings-retention" className={cardClasses}>
      <CardHeading id="settings-retention" icon={Clock} title="Keeping messages" />
      <p className="mb-4 text-sm text-gray-600">
        Messages hold people&rsquo;s personal data, which the GDPR says must not be kept longer than needed.
        Older messages are deleted every day; messages in Spam after {SPAM_RETENTION_DAYS} days. The privacy
        policy on the website states this period.
      </p>
      <fetcher.Form method="post" className="space-y-3" {...guardedForm(busy)}>
        <input type="hidden" name="intent" value="retention" />
        <CardField
          id="settings-retention-months"
          errorId="settings-retention-error"
          label="Delete messages after (months)"
          name="retention_months"
          type="number"
          inputMode="numeric"
          min={1}
          max={RETENTION_MONTHS_MAX}
          required
          key={retentionMonths}
          defaultValue={retentionMonths}
          error={error}
          className="mt-1.5 w-32"
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save retention period'}
        </Button>
      </fetcher.Form>
    </section>
  )
}

function BibleLinkCard({ bibleLink }: { bibleLink: string }) {
  const { fetcher, busy, failure } = useSettingsFetcher('settings-bible-link')
  const error = failure?.fields?.bible_link ?? failure?.error
  return (
    <section aria-labelledby="settings-bible-link" className={cardClasses}>
      <CardHeading id="settings-bible-link" icon={BookOpen} title="Online Bible" />
      <p className="mb-4 text-sm text-gray-600">
        Each passage on a sermon&rsquo;s page links to this address, with <code>{'{ref}'}</code> where the
        passage goes (for example Romans 8:1&ndash;39). Change the version or the website to suit your church.
      </p>
      <fetcher.Form method="post" className="space-y-3" {...guardedForm(busy)}>
        <input type="hidden" name="intent" value="bible-link" />
        <CardField
          id="settings-bible-link-input"
          errorId="settings-bible-link-error"
          label="Address of a passage"
          name="bible_link"
          type="text"
          inputMode="url"
          required
          key={bibleLink}
          defaultValue={bibleLink}
          error={error}
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save online Bible'}
        </Button>
      </fetcher.Form>
    </section>
  )
}

// A role that may not use this page sees why, inside the admin.
export { AdminErrorBoundary as ErrorBoundary } from '#app/components/admin/admin-error-boundary.tsx'

function TwoStepCard({ required }: { required: boolean }) {
  const { fetcher, busy, failure } = useSettingsFetcher('settings-two-step')
  return (
    <section aria-labelledby="settings-two-step" className={cardClasses}>
      <CardHeading id="settings-two-step" icon={ShieldCheck} title="Two-step sign-in" />
      <p className="mb-4 text-sm text-gray-600">
        With two-step sign-in, a stolen password is not enough: signing in also asks for a code from the
        person&rsquo;s phone. Each person switches it on in My account. When it is required, everyone who has
        not done so yet is sent there after signing in, and can use nothing else until they have.
      </p>
      <fetcher.Form method="post" className="space-y-3" {...guardedForm(busy)}>
        <input type="hidden" name="intent" value="two-step" />
        {failure ? (
          <p role="alert" className="text-sm text-red-700">
            {failure.error}
          </p>
        ) : null}
        <CardCheckbox
          id="settings-require-two-step"
          name="require_two_step"
          key={String(required)}
          defaultChecked={required}
        >
          Require two-step sign-in for everyone
        </CardCheckbox>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save two-step setting'}
        </Button>
      </fetcher.Form>
    </section>
  )
}
