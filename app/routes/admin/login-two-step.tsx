import { ShieldCheck } from 'lucide-react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'

import type { Route } from './+types/login-two-step.ts'
import { callAuthApi } from '#app/auth/admin-auth.server.ts'
import { VERIFY_BACKUP_CODE_PATH, VERIFY_TOTP_PATH } from '#app/auth/auth-api.server.ts'
import { getAdminSession } from '#app/auth/session.server.ts'
import { AuthPage } from '#app/components/admin/auth-page.tsx'
import { FormError } from '#app/components/admin/form-error.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { runtimeContext } from '#app/context.ts'
import type { HttpError } from '#app/lib/errors.ts'
import { adminReturnPath } from '#app/lib/return-path.ts'
import { readFormBody } from '#app/server/api.server.ts'

export function meta() {
  return [{ title: 'Two-step sign-in · Admin CMS' }, { name: 'robots', content: 'noindex' }]
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getAdminSession(request, context.get(runtimeContext))) throw redirect('/admin/dashboard')
  const url = new URL(request.url)
  const next = adminReturnPath(url.searchParams.get('next'))
  return { backup: url.searchParams.get('with') === 'backup-code', next }
}

/** better-auth's words for a refused code, in ours. */
function refusal(message: string | null, backup: boolean) {
  if (message && /two factor cookie/i.test(message)) {
    return 'This sign-in has timed out. Sign in again with your e-mail address and password.'
  }
  if (message && /too many/i.test(message)) return message
  return backup
    ? 'That backup code is not right, or it has been used already. Check it and try again.'
    : 'That code is not right. Check the time on your phone, wait for a new code and try again.'
}

export async function action({ request, context }: Route.ActionArgs) {
  let form: FormData
  try {
    form = await readFormBody(request)
  } catch (error) {
    return data({ error: (error as HttpError).message }, { status: (error as HttpError).status })
  }
  const backup = form.get('method') === 'backup-code'
  const code = String(form.get('code') ?? '').replace(/\s/g, '')
  if (!code)
    return data({ error: backup ? 'Enter a backup code' : 'Enter the 6-digit code' }, { status: 400 })
  const result = await callAuthApi({
    request,
    context,
    path: backup ? VERIFY_BACKUP_CODE_PATH : VERIFY_TOTP_PATH,
    body: { code: backup ? code : code.replace(/\D/g, ''), trustDevice: form.get('trust_device') === 'on' },
  })
  if (!result.ok) {
    return data(
      { error: refusal(result.message, backup) },
      { status: result.status === 429 ? 429 : 400, headers: result.cookies },
    )
  }
  const next = adminReturnPath(new URL(request.url).searchParams.get('next'))
  return redirect(next ?? '/admin/dashboard', { headers: result.cookies })
}

export default function TwoStepSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const { backup, next } = loaderData
  const here = (query: string) => {
    const params = new URLSearchParams(query)
    if (next) params.set('next', next)
    const search = params.toString()
    return `/admin/login/two-step${search ? `?${search}` : ''}`
  }
  return (
    <AuthPage
      title="Two-step sign-in"
      icon={ShieldCheck}
      description={
        backup
          ? 'Enter one of your backup codes. Each code works once.'
          : 'Enter the 6-digit code your authenticator app shows for this website.'
      }
      backToWebsite={false}
      footer={
        <p>
          <a
            href="/admin/login"
            className="text-gray-600 underline-offset-4 hover:text-gray-900 hover:underline"
          >
            Start again with your password
          </a>
        </p>
      }
    >
      <Form method="post" className="space-y-4" key={backup ? 'backup' : 'totp'}>
        <FormError message={actionData?.error} />
        <input type="hidden" name="method" value={backup ? 'backup-code' : 'totp'} />
        <div className="space-y-1.5">
          <Label htmlFor="two-step-code">{backup ? 'Backup code' : 'Code'}</Label>
          <Input
            id="two-step-code"
            name="code"
            required
            autoFocus
            autoComplete={backup ? 'off' : 'one-time-code'}
            inputMode={backup ? 'text' : 'numeric'}
            spellCheck={false}
            autoCapitalize="off"
            className="font-mono tracking-wider"
            aria-invalid={actionData?.error ? true : undefined}
          />
        </div>
        <div className="flex items-start gap-2">
          <input
            id="two-step-trust"
            name="trust_device"
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
          />
          <Label htmlFor="two-step-trust" className="font-normal">
            Trust this device for 30 days (only on a device that is yours)
          </Label>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Checking...' : 'Verify'}
        </Button>
      </Form>
      <p className="mt-4 text-center text-sm">
        {backup ? (
          <Link to={here('')} className="text-primary underline-offset-4 hover:underline">
            Use the code from your authenticator app
          </Link>
        ) : (
          <Link to={here('with=backup-code')} className="text-primary underline-offset-4 hover:underline">
            Lost your phone? Use a backup code
          </Link>
        )}
      </p>
    </AuthPage>
  )
}
