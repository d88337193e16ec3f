import { Mail } from 'lucide-react'
import { Form, useNavigation } from 'react-router'

import type { Route } from './+types/account-email.ts'
import { peekEmailChange } from '#app/auth/account.server.ts'
import { FormError } from '#app/components/admin/form-error.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { runtimeContext } from '#app/context.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { confirmEmailAction } from '#app/server/account.server.ts'

export const meta = () => adminMeta('Confirm your new e-mail address')

// The link carries a token: never kept by browsers or proxies (other sites get only our origin as referrer).
export function headers() {
  return { 'Cache-Control': 'private, no-store' }
}

/**
 * Opening the link only asks; the button uses it up. Mail scanners that open every link would otherwise spend
 * the token before its owner sees it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const change = await peekEmailChange(context.get(runtimeContext), token)
  // No error status for a spent link: after a confirmation this loader runs again, and the page says Done.
  return change ? { token, to: change.to } : { token: '', to: null }
}

export function action(args: Route.ActionArgs) {
  return confirmEmailAction(args)
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-12 text-gray-900">
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-primary text-white">
            <Mail aria-hidden="true" className="size-6" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">Confirm your new e-mail address</h1>
        </div>
        <div className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
          {actionData?.ok ? (
            <div role="status" className="space-y-4">
              <p>
                Done: you now sign in with{' '}
                <strong className="[overflow-wrap:anywhere]">{actionData.email}</strong>.
              </p>
              <a href="/admin/account" className={buttonClasses({ className: 'w-full' })}>
                Go to My account
              </a>
            </div>
          ) : loaderData.to ? (
            <Form method="post" className="space-y-4">
              <FormError message={actionData && !actionData.ok ? actionData.error : null} />
              <input type="hidden" name="token" value={loaderData.token} />
              <p>
                From now on, sign in with{' '}
                <strong className="[overflow-wrap:anywhere]">{loaderData.to}</strong>?
              </p>
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? 'Confirming...' : 'Confirm new address'}
              </Button>
            </Form>
          ) : (
            <div className="space-y-4">
              <FormError message="This link has expired or has already been used. Ask for a new one on My account." />
              <a href="/admin/account" className={buttonClasses({ variant: 'outline', className: 'w-full' })}>
                Go to My account
              </a>
            </div>
          )}
        </div>
      </div>
    </main>
  )
}
