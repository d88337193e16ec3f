import { data, Form, redirect, useNavigation, useSearchParams } from 'react-router'

import type { Route } from './+types/login.ts'
import { getAdminSession } from '#app/auth/session.server.ts'
import { AuthPage } from '#app/components/admin/auth-page.tsx'
import { FormError } from '#app/components/admin/form-error.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { runtimeContext } from '#app/context.ts'
import { callAuthApi } from '#app/auth/admin-auth.server.ts'
import { readFormBody } from '#app/server/api.server.ts'
import type { HttpError } from '#app/lib/errors.ts'
import { adminReturnPath } from '#app/lib/return-path.ts'

const FAILED = 'Failed to sign in'

/** After a one-time link: what happened, above the sign-in form. */
const NOTICES: Record<string, string> = {
  chosen: 'Your password is saved. Sign in with your e-mail address and the new password.',
  reset: 'Your password is changed and every device was signed out. Sign in with the new password.',
}

export function meta() {
  return [{ title: 'Sign in · Admin CMS' }, { name: 'robots', content: 'noindex' }]
}

// Admin pages are personal and change with every save: never kept by browsers or proxies.
export function headers() {
  return { 'Cache-Control': 'private, no-store' }
}

/** Where signing in leads: the admin page the person asked for while signed out, or the dashboard. */
function afterSignIn(next: unknown) {
  return adminReturnPath(next) ?? '/admin/dashboard'
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getAdminSession(request, context.get(runtimeContext)))
    throw redirect(afterSignIn(new URL(request.url).searchParams.get('next')))
  return null
}

export async function action({ request, context }: Route.ActionArgs) {
  let form: FormData
  try {
    form = await readFormBody(request)
  } catch (error) {
    return data({ error: (error as HttpError).message }, { status: (error as HttpError).status })
  }
  const email = String(form.get('email') ?? '').trim()
  const password = String(form.get('password') ?? '')
  if (!email || !password) return data({ error: 'Enter your email and password' }, { status: 400 })
  const result = await callAuthApi({
    request,
    context,
    path: '/api/auth/sign-in/email',
    body: { email, password },
  })
  if (!result.ok)
    return data({ error: result.message || FAILED }, { status: result.status === 429 ? 429 : 400 })
  // Two-step sign-in: the password was right, the code comes next (its pending challenge is in a cookie).
  if (result.twoStep) {
    const next = adminReturnPath(form.get('next'))
    const query = next ? `?next=${encodeURIComponent(next)}` : ''
    return redirect(`/admin/login/two-step${query}`, { headers: result.cookies })
  }
  return redirect(afterSignIn(form.get('next')), { headers: result.cookies })
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formAction?.split('?')[0] === '/admin/login'
  const [params] = useSearchParams()
  const notice = NOTICES[params.get('password') ?? '']
  const next = adminReturnPath(params.get('next'))
  return (
    <AuthPage title="Admin Login" description="Sign in to manage the church website">
      <Form method="post" className="space-y-4">
        {notice && !actionData?.error ? (
          <p
            role="status"
            className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900"
          >
            {notice}
          </p>
        ) : null}
        <FormError message={actionData?.error} />
        {next ? <input type="hidden" name="next" value={next} /> : null}
        <div className="space-y-1.5">
          <Label htmlFor="login-email">Email</Label>
          <Input id="login-email" name="email" type="email" autoComplete="username" required autoFocus />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="login-password">Password</Label>
          <Input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </Form>
      <p className="mt-4 text-center text-sm">
        <a
          href="/admin/forgot-password"
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Forgot your password?
        </a>
      </p>
    </AuthPage>
  )
}
