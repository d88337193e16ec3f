import { Form, useNavigation } from 'react-router'

import type { Route } from './+types/forgot-password.ts'
import { AuthPage } from '#app/components/admin/auth-page.tsx'
import { FormError } from '#app/components/admin/form-error.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { runtimeContext } from '#app/context.ts'
import { forgotPasswordAction, type ForgotResult } from '#app/server/forgot-password.server.ts'

export function meta() {
  return [{ title: 'Forgot your password? · Admin CMS' }, { name: 'robots', content: 'noindex' }]
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ 'Cache-Control': 'private, no-store' })
  // A throttled request says when to try again, as the API's 429s do.
  const retryAfter = actionHeaders.get('Retry-After')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return headers
}

export function loader({ context }: Route.LoaderArgs) {
  return { mailEnabled: context.get(runtimeContext).mail !== null }
}

export function action(args: Route.ActionArgs) {
  return forgotPasswordAction(args)
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post'
  const result = actionData as ForgotResult | undefined
  return (
    <AuthPage
      title="Forgot your password?"
      description="Get a link to choose a new one"
      footer={
        <p>
          <a href="/admin/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Back to sign in
          </a>
        </p>
      }
    >
      {!loaderData.mailEnabled ? (
        <div className="space-y-3 text-sm text-gray-800">
          <p className="font-medium">E-mail is not set up on this site, so a link cannot be sent.</p>
          <p>
            Ask another administrator to send you a new invitation: on the Staff screen, “Send a password
            link” beside your name gives them a link for you.
          </p>
          <p>
            Or ask whoever runs the server to set a new password with the command in the README’s
            “Administrator account” section:{' '}
            <code className="break-all">npm run admin -- create you@example.org</code>.
          </p>
        </div>
      ) : result?.sent ? (
        <div role="status" className="space-y-3 text-sm text-gray-800">
          <p className="font-medium">Check your e-mail.</p>
          <p>
            If <strong className="break-all">{result.email}</strong> has access to this admin, a link to
            choose a new password is on its way. It works once, for 1 hour.
          </p>
          <p>Nothing there after a few minutes? Look in the spam folder, or ask an administrator.</p>
        </div>
      ) : (
        <Form method="post" className="space-y-4">
          <FormError message={result && !result.sent ? result.error : null} />
          <div className="space-y-1.5">
            <Label htmlFor="forgot-email">Email</Label>
            <Input id="forgot-email" name="email" type="email" autoComplete="username" required autoFocus />
          </div>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? 'Sending...' : 'Send me a link'}
          </Button>
        </Form>
      )}
    </AuthPage>
  )
}
