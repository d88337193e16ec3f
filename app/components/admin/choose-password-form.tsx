import { Form, useNavigation } from 'react-router'

import { FormError } from './form-error.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'

/** The form of a one-time link: a new password twice, for the account named at the top. */
export function ChoosePasswordForm({
  email,
  token,
  error,
  limits,
  submitLabel,
}: {
  email: string
  token: string
  error?: string | null
  limits: { min: number; max: number }
  submitLabel: string
}) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post'
  return (
    <Form method="post" className="space-y-4">
      <FormError message={error} />
      <input type="hidden" name="token" value={token} />
      {/* For password managers: the account the new password belongs to. */}
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <p className="text-sm text-gray-700">
        For <strong className="break-all">{email}</strong>
      </p>
      <div className="space-y-1.5">
        <Label htmlFor="new-password">New password</Label>
        <Input
          id="new-password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={limits.min}
          maxLength={limits.max}
          required
          autoFocus
          aria-describedby="new-password-hint"
        />
        <p id="new-password-hint" className="text-sm text-gray-600">
          At least {limits.min} characters, and not a common password. A few words together are easy to
          remember.
        </p>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="confirm-password">Type it again</Label>
        <Input
          id="confirm-password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          minLength={limits.min}
          maxLength={limits.max}
          required
        />
      </div>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Saving...' : submitLabel}
      </Button>
    </Form>
  )
}

/** Why a link does not work, with where to go instead. */
export function LinkProblem({ message }: { message: string }) {
  return (
    <div className="space-y-4">
      <FormError message={message} />
      <a
        href="/admin/login"
        className="inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        Go to the sign-in page
      </a>
    </div>
  )
}
