import { Church } from 'lucide-react'
import { data, Form, redirect, useNavigation } from 'react-router'

import type { Route } from './+types/login.ts'
import { getAdminSession } from '#app/auth/session.server.ts'
import { FormError } from '#app/components/admin/form-error.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { runtimeContext } from '#app/context.ts'
import { callAuthApi } from '#app/auth/admin-auth.server.ts'
import { readFormBody } from '#app/server/api.server.ts'
import type { HttpError } from '#app/lib/errors.ts'

const FAILED = 'Failed to sign in'

export function meta() {
  return [{ title: 'Sign in · Admin CMS' }, { name: 'robots', content: 'noindex' }]
}

// Admin pages are personal and change with every save: never kept by browsers or proxies.
export function headers() {
  return { 'Cache-Control': 'private, no-store' }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getAdminSession(request, context.get(runtimeContext))) throw redirect('/admin/dashboard')
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
  return redirect('/admin/dashboard', { headers: result.cookies })
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formAction === '/admin/login'
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-12 text-gray-900">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-primary text-white">
            <Church aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">Admin Login</h1>
          <p className="mt-1 text-sm text-gray-600">Sign in to manage the church website</p>
        </div>
        <div className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
          <Form method="post" className="space-y-4">
            <FormError message={actionData?.error} />
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
        </div>
        <p className="mt-6 text-center text-sm">
          <a href="/" className="text-gray-600 underline-offset-4 hover:text-gray-900 hover:underline">
            Back to the website
          </a>
        </p>
      </div>
    </main>
  )
}
