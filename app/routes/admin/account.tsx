import { KeyRound, Laptop, LogOut, Mail, ShieldCheck, TriangleAlert, UserRound } from 'lucide-react'
import { useState } from 'react'
import { useFetcher } from 'react-router'

import type { Route } from './+types/account.ts'
import { FormError } from '#app/components/admin/form-error.tsx'
import { PageHeader } from '#app/components/admin/page-header.tsx'
import { CardHeading, cardClasses, guardedForm } from '#app/components/admin/settings-card.tsx'
import { useResultToast } from '#app/components/admin/use-result-toast.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import type { AdminActionResult } from '#app/lib/admin-action-result.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { cn } from '#app/lib/cn.ts'
import { formatMessageDate } from '#app/lib/message-format.ts'
import { NAME_MAX_LENGTH } from '#app/schemas/account.ts'
import { accountAction, type AccountActionResult, accountData } from '#app/server/account.server.ts'

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

/** A form's fetcher, its toast, its failure, and a key that changes after each success (to empty the form). */
function useAccountFetcher(key: string) {
  const fetcher = useFetcher<AccountActionResult>({ key })
  const idle = fetcher.state === 'idle'
  useResultToast(fetcher.data, idle)
  const failure = fetcher.data && !fetcher.data.ok ? fetcher.data : null
  const [saved, setSaved] = useState(0)
  const [seen, setSeen] = useState<AdminActionResult | undefined>(undefined)
  if (idle && fetcher.data !== seen) {
    setSeen(fetcher.data)
    if (fetcher.data?.ok) setSaved((count) => count + 1)
  }
  return { fetcher, busy: !idle, failure, saved }
}

function Field({
  id,
  label,
  error,
  hint,
  ...input
}: { id: string; label: string; error?: string; hint?: string } & React.ComponentProps<typeof Input>) {
  const described = cn(hint && `${id}-hint`, error && `${id}-error`) || undefined
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="mt-1.5"
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-gray-600">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

function NameCard({ name }: { name: string }) {
  const { fetcher, busy, failure } = useAccountFetcher('account-name')
  return (
    <section aria-labelledby="account-name" className={cardClasses}>
      <CardHeading id="account-name" icon={UserRound} title="Your name" />
      <fetcher.Form method="post" className="space-y-3" {...guardedForm(busy)}>
        <input type="hidden" name="intent" value="name" />
        <Field
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
        <Field
          id="account-new-email"
          label="New e-mail address"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={failure?.fields?.email}
        />
        <Field
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
        <Field
          id="account-current-password"
          label="Current password"
          name="current_password"
          type="password"
          autoComplete="current-password"
          required
          error={failure?.fields?.current_password}
        />
        <Field
          id="account-new-password"
          label="New password"
          name="new_password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 10 characters; a few words together are easy to remember and hard to guess."
          error={failure?.fields?.new_password}
        />
        <Field
          id="account-confirm-password"
          label="New password again"
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          required
          error={failure?.fields?.confirm_password}
        />
        <div className="flex items-start gap-2">
          <input
            id="account-sign-out-others"
            name="sign_out_others"
            type="checkbox"
            defaultChecked
            className="mt-0.5 size-4 accent-primary"
          />
          <Label htmlFor="account-sign-out-others" className="font-normal">
            Sign out everywhere else (other browsers and devices)
          </Label>
        </div>
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

function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4">
      <h3 className="font-semibold text-amber-950">Your backup codes</h3>
      <p className="mt-1 text-sm text-amber-950">
        Write these down or print this page, and keep them somewhere safe: each one signs you in once if your
        phone is lost. They are shown only now.
      </p>
      <ul
        className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 font-mono text-sm text-gray-950"
        aria-label="Backup codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  )
}

function PasswordField({ id, error }: { id: string; error?: string }) {
  return (
    <Field
      id={id}
      label="Current password"
      name="current_password"
      type="password"
      autoComplete="current-password"
      required
      error={error}
    />
  )
}

function TwoStepCard({ email, enabled, required }: { email: string; enabled: boolean; required: boolean }) {
  const { fetcher, busy, failure } = useAccountFetcher('account-two-step')
  const [setup, setSetup] = useState<AccountActionResult['setup']>(undefined)
  const [codes, setCodes] = useState<string[] | undefined>(undefined)
  const [seen, setSeen] = useState<AccountActionResult | undefined>(undefined)
  const result = fetcher.data
  if (fetcher.state === 'idle' && result !== seen) {
    setSeen(result)
    if (result?.ok && result.setup) setSetup(result.setup)
    if (result?.ok && result.backupCodes) setCodes(result.backupCodes)
    if (result?.ok && result.intent === 'two-step-confirm') {
      setCodes(setup?.backupCodes)
      setSetup(undefined)
    }
    if (result?.ok && result.intent === 'two-step-off') setCodes(undefined)
  }
  const unfielded = failure && !failure.fields ? failure.error : null
  return (
    <section aria-labelledby="account-two-step" className={cardClasses}>
      <CardHeading id="account-two-step" icon={ShieldCheck} title="Two-step sign-in" />
      {enabled ? (
        <>
          <p className="mb-4 flex items-start gap-2 text-sm text-gray-700">
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
              On
            </span>
            <span>After your password, signing in asks for a code from your authenticator app.</span>
          </p>
          {codes ? <BackupCodes codes={codes} /> : null}
          <fetcher.Form method="post" className="mt-4 space-y-3" {...guardedForm(busy)}>
            <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
            <FormError message={unfielded} />
            <PasswordField id="account-two-step-password" error={failure?.fields?.current_password} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="intent" value="two-step-codes" variant="outline" disabled={busy}>
                Make new backup codes
              </Button>
              {required ? null : (
                <Button type="submit" name="intent" value="two-step-off" variant="outline" disabled={busy}>
                  Switch off
                </Button>
              )}
            </div>
            {required ? (
              <p className="text-sm text-gray-600">Administrators require two-step sign-in for everyone.</p>
            ) : null}
          </fetcher.Form>
        </>
      ) : setup ? (
        <div className="space-y-4">
          <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-700">
            <li>
              Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
              1Password…).
            </li>
            <li>Scan this QR code with it, or type the key below.</li>
            <li>Enter the 6-digit code the app then shows.</li>
          </ol>
          <div className="flex flex-wrap items-center gap-4">
            <div
              role="img"
              aria-label="QR code to add this account to an authenticator app"
              className="size-44 shrink-0 rounded-md border border-gray-200 bg-white p-1 [&>svg]:size-full"
              dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
            />
            <div className="min-w-0 text-sm">
              <p className="text-gray-600">Key to type instead:</p>
              <p className="mt-1 font-mono text-base text-gray-950" data-testid="two-step-secret">
                {setup.secret}
              </p>
            </div>
          </div>
          <fetcher.Form method="post" className="space-y-3" {...guardedForm(busy)}>
            <input type="hidden" name="intent" value="two-step-confirm" />
            <FormError message={unfielded} />
            <Field
              id="account-two-step-code"
              label="Code from the app"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              className="mt-1.5 w-40 font-mono tracking-wider"
              error={failure?.fields?.code}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy}>
                {busy ? 'Checking...' : 'Switch on'}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setSetup(undefined)}>
                Cancel
              </Button>
            </div>
          </fetcher.Form>
        </div>
      ) : (
        <>
          {required ? (
            <p
              role="status"
              className="mb-4 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            >
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Administrators require two-step sign-in for everyone: set it up here to go on using the admin.
            </p>
          ) : null}
          <p className="mb-4 text-sm text-gray-600">
            Off. With two-step sign-in, someone who learns your password still cannot sign in without your
            phone: after the password, the admin asks for a code from an authenticator app.
          </p>
          <fetcher.Form method="post" className="space-y-3" {...guardedForm(busy)}>
            <input type="hidden" name="intent" value="two-step-start" />
            <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
            <FormError message={unfielded} />
            <PasswordField id="account-two-step-password" error={failure?.fields?.current_password} />
            <Button type="submit" disabled={busy}>
              {busy ? 'Starting...' : 'Set up two-step sign-in'}
            </Button>
          </fetcher.Form>
        </>
      )}
    </section>
  )
}
