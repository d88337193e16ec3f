import { ShieldCheck, TriangleAlert } from 'lucide-react'
import { useState } from 'react'

import { Button } from '#app/components/ui/button.tsx'
import type { AccountActionResult } from '#app/server/account.server.ts'
import { FormError } from '#app/components/admin/form-error.tsx'
import { CardField, CardHeading, cardClasses, guardedForm } from '#app/components/admin/settings-card.tsx'
import { useAccountFetcher } from './use-account-fetcher.ts'

type AccountFetcher = ReturnType<typeof useAccountFetcher>['fetcher']

/** My account's two-step sign-in: switch it on (a QR code, then a code from the app), new backup codes, or off. */
export function TwoStepCard({
  email,
  enabled,
  required,
}: {
  email: string
  enabled: boolean
  required: boolean
}) {
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
        <TwoStepSetup
          setup={setup}
          fetcher={fetcher}
          busy={busy}
          unfielded={unfielded}
          codeError={failure?.fields?.code}
          onCancel={() => setSetup(undefined)}
        />
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

/** Setting two-step sign-in up: the steps, the QR code and its key, and the first code from the app. */
function TwoStepSetup({
  setup,
  fetcher,
  busy,
  unfielded,
  codeError,
  onCancel,
}: {
  setup: NonNullable<AccountActionResult['setup']>
  fetcher: AccountFetcher
  busy: boolean
  unfielded: string | null
  codeError?: string
  onCancel: () => void
}) {
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-700">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…).
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
        <CardField
          id="account-two-step-code"
          label="Code from the app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          className="mt-1.5 w-40 font-mono tracking-wider"
          error={codeError}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? 'Checking...' : 'Switch on'}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </fetcher.Form>
    </div>
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
    <CardField
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
