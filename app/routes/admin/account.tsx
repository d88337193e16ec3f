import { KeyRound, Laptop, LogOut, Mail, UserRound } from 'lucide-react'

import type { Route } from './+types/account.ts'
import { TwoStepCard } from './account-two-step-card.tsx'
import { useAccountFetcher } from './use-account-fetcher.ts'
import { FormError } from '#app/components/admin/form-error.tsx'
import { PageHeader } from '#app/components/admin/page-header.tsx'
import {
  CardCheckbox,
  CardField,
  CardHeading,
  cardClasses,
  guardedForm,
} from '#app/components/admin/settings-card.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { cn } from '#app/lib/cn.ts'
import { formatMessageDate } from '#app/lib/message-format.ts'
import { NAME_MAX_LENGTH } from '#app/schemas/account.ts'
import { accountAction, accountData } from '#app/server/account.server.ts'

export const meta = () => adminMeta('My account')

// Admin pages are never kept by browsers or proxies; a throttled answer says when to try again.
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ 'Cache-Control': 'private, no-store' })
  const retryAfter = actionHeaders.get('Retry-After')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return headers
}

export function loader(args: Route.LoaderArgs) {
  return accountData(args)
}

export function action(args: Route.ActionArgs) {
  return accountAction(args)
}

type Session = Route.ComponentProps['loaderData']['sessions'][number]

export default function AccountScreen({ loaderData }: Route.ComponentProps) {
  const { name, email, mailEnabled, sessions, twoStep, timeZone } = loaderData
  return (
    <>
      <PageHeader
        title="My account"
        description="Your name, sign-in address, password and where you are signed in."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <NameCard name={name} />
          <EmailCard email={email} mailEnabled={mailEnabled} />
        </div>
        <div className="space-y-6">
          <TwoStepCard email={email} enabled={twoStep.enabled} required={twoStep.required} />
          <PasswordCard email={email} />
        </div>
        <SessionsCard sessions={sessions} timeZone={timeZone} />
      </div>
    </>
  )
}

function NameCard({ name }: { name: string }) {
  const { fetcher, busy, failure } = useAccountFetcher('account-name')
  return (
    <section aria-labelledby="account-name" className={cardClasses}>
      <CardHeading id="account-name" icon={UserRound} title="Your name" />
      <fetcher.Form method="post" className="space-y-3" {...guardedForm(busy)}>
        <input type="hidden" name="intent" value="name" />
        <CardField
          id="account-name-input"
          label="Name"
          name="name"
          key={name}
          defaultValue={name}
          autoComplete="name"
          required
          maxLength={NAME_MAX_LENGTH}
          error={failure?.fields?.name}
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save name'}
        </Button>
      </fetcher.Form>
    </section>
  )
}

function EmailCard({ email, mailEnabled }: { email: string; mailEnabled: boolean }) {
  const { fetcher, busy, failure, saved } = useAccountFetcher('account-email')
  const unfielded = failure && !failure.fields ? failure.error : null
  return (
    <section aria-labelledby="account-email" className={cardClasses}>
      <CardHeading id="account-email" icon={Mail} title="E-mail address" />
      <p className="mb-4 text-sm text-gray-600">
        You sign in with <strong className="[overflow-wrap:anywhere] text-gray-950">{email}</strong>.{' '}
        {mailEnabled
          ? 'A new address changes once you open the link we e-mail to it.'
          : 'E-mail is off on this website, so a new address changes at once, without a confirmation link: check it carefully.'}
      </p>
      <fetcher.Form method="post" className="space-y-3" key={saved} {...guardedForm(busy)}>
        <input type="hidden" name="intent" value="email" />
        <FormError message={unfielded} />
        <CardField
          id="account-new-email"
          label="New e-mail address"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={failure?.fields?.email}
        />
        <CardField
          id="account-email-password"
          label="Current password"
          name="current_password"
          type="password"
          autoComplete="current-password"
          required
          error={failure?.fields?.current_password}
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : mailEnabled ? 'Send confirmation link' : 'Change e-mail address'}
        </Button>
      </fetcher.Form>
    </section>
  )
}

function PasswordCard({ email }: { email: string }) {
  const { fetcher, busy, failure, saved } = useAccountFetcher('account-password')
  const unfielded = failure && !failure.fields ? failure.error : null
  return (
    <section aria-labelledby="account-password" className={cardClasses}>
      <CardHeading id="account-password" icon={KeyRound} title="Password" />
      <fetcher.Form method="post" className="space-y-3" key={saved} {...guardedForm(busy)}>
        <input type="hidden" name="intent" value="password" />
        {/* For password managers: whose password this is. */}
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        <FormError message={unfielded} />
        <CardField
          id="account-current-password"
          label="Current password"
          name="current_password"
          type="password"
          autoComplete="current-password"
          required
          error={failure?.fields?.current_password}
        />
        <CardField
          id="account-new-password"
          label="New password"
          name="new_password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 10 characters; a few words together are easy to remember and hard to guess."
          error={failure?.fields?.new_password}
        />
        <CardField
          id="account-confirm-password"
          label="New password again"
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          required
          error={failure?.fields?.confirm_password}
        />
        <CardCheckbox id="account-sign-out-others" name="sign_out_others" defaultChecked>
          Sign out everywhere else (other browsers and devices)
        </CardCheckbox>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Change password'}
        </Button>
      </fetcher.Form>
    </section>
  )
}

function SessionsCard({ sessions, timeZone }: { sessions: Session[]; timeZone: string }) {
  const others = sessions.filter((session) => !session.current).length
  const { fetcher, busy } = useAccountFetcher('account-sessions')
  return (
    <section aria-labelledby="account-sessions" className={cn(cardClasses, 'lg:col-span-2')}>
      <CardHeading id="account-sessions" icon={Laptop} title="Where you are signed in" />
      <p className="mb-4 text-sm text-gray-600">
        Each browser or device signed in to your account. If you see one you do not know, sign it out and
        change your password.
      </p>
      <ul className="divide-y divide-gray-200 rounded-md border border-gray-200">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-3 sm:p-4">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-medium text-gray-950">
                {session.device}
                {session.current ? (
                  <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                    This device
                  </span>
                ) : null}
              </p>
              <p className="mt-0.5 text-sm text-gray-600">
                {session.ipAddress ? `${session.ipAddress} · ` : ''}
                Last active {formatMessageDate(session.lastActiveAt, timeZone)} · signed in{' '}
                {formatMessageDate(session.signedInAt, timeZone)}
              </p>
            </div>
            {session.current ? null : (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="sign-out-session" />
                <input type="hidden" name="id" value={session.id} />
                <Button
                  type="submit"
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  aria-label={`Sign out ${session.device}, last active ${formatMessageDate(session.lastActiveAt, timeZone)}`}
                >
                  <LogOut aria-hidden="true" />
                  Sign out
                </Button>
              </fetcher.Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <fetcher.Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="sign-out-others" />
          <Button type="submit" variant="outline" disabled={busy}>
            <LogOut aria-hidden="true" />
            Sign out other sessions
          </Button>
        </fetcher.Form>
      ) : (
        <p className="mt-4 text-sm text-gray-600">You are signed in on this device only.</p>
      )}
    </section>
  )
}
