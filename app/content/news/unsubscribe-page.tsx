import { data } from 'react-router'

import type { Route } from './+types/unsubscribe-page.ts'
import { SiteError } from '#app/components/site/site-error.tsx'
import { usePageTexts } from '#app/components/site/use-church.ts'
import { runtimeContext } from '#app/context.ts'
import type { HttpError } from '#app/lib/errors.ts'
import { readFormBody } from '#app/server/api.server.ts'
import { LinkPage, type LinkPageState } from './link-page.tsx'
import { subscriberOfLink, unsubscribe } from './subscribers.server.ts'

const invalid = () => data({ state: 'invalid' } as LinkPageState, { status: 404 })

/**
 * The unsubscribe link of the e-mails. Opening it changes nothing; its button posts. A mail program's one-click
 * unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` to the same address from its own server, with no
 * cookie and no token but the address's (host/app.ts lets it by): it unsubscribes at once, and answers 200.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext)
  const token = new URL(request.url).searchParams.get('token')
  const subscriber = await subscriberOfLink({ db, link: 'unsubscribe', token })
  if (!subscriber) return invalid()
  if (subscriber.status === 'unsubscribed') return { state: 'done', email: subscriber.email } as LinkPageState
  return { state: 'ask', email: subscriber.email, token: token! } as LinkPageState
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext)
  let form: FormData
  try {
    form = await readFormBody(request)
  } catch (error) {
    throw data((error as HttpError).message, { status: (error as HttpError).status })
  }
  const url = new URL(request.url)
  const outcome = await unsubscribe({
    runtime,
    token: form.get('token') ?? url.searchParams.get('token'),
    page: url.pathname,
    oneClick: form.get('List-Unsubscribe') === 'One-Click',
  })
  if (outcome.result === 'invalid') return invalid()
  return data({ state: 'done', email: outcome.subscriber.email } as LinkPageState, { status: 200 })
}

export function meta({ error }: Route.MetaArgs) {
  return error ? [] : [{ title: 'Weekly news' }, { name: 'robots', content: 'noindex' }]
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const t = usePageTexts()
  return (
    <LinkPage
      page={actionData ?? loaderData}
      title={t('news.unsubscribeTitle')}
      doneTitle={t('news.unsubscribedTitle')}
      question={(email) => t('news.unsubscribeText', { email })}
      button={t('news.unsubscribeButton')}
      doneText={(email) => t('news.unsubscribedText', { email })}
    />
  )
}

export function ErrorBoundary() {
  return <SiteError />
}
