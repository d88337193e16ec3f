import { useSearchParams } from 'react-router'

import type { Route } from './+types/invitation.ts'
import { AuthPage } from '#app/components/admin/auth-page.tsx'
import { ChoosePasswordForm, LinkProblem } from '#app/components/admin/choose-password-form.tsx'
import { choosePasswordAction, choosePasswordLoader } from '#app/server/choose-password.server.ts'

export function meta() {
  return [{ title: 'Welcome · Admin CMS' }, { name: 'robots', content: 'noindex' }]
}

// The link's page is personal: never kept by browsers or proxies, and its address never sent on as a referrer.
export function headers() {
  return { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' }
}

export function loader(args: Route.LoaderArgs) {
  return choosePasswordLoader(args, 'invitation')
}

export function action(args: Route.ActionArgs) {
  return choosePasswordAction(args, 'invitation')
}

export default function ChoosePassword({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams()
  return (
    <AuthPage title="Welcome" description="Choose your password for the church website's admin">
      {loaderData.problem || !loaderData.email ? (
        <LinkProblem message={loaderData.problem ?? ''} />
      ) : (
        <ChoosePasswordForm
          email={loaderData.email}
          token={params.get('token') ?? ''}
          error={actionData?.error}
          limits={loaderData.limits}
          submitLabel="Save my password"
        />
      )}
    </AuthPage>
  )
}
