import { data } from 'react-router'

import type { Route } from './+types/confirm-page.ts'
import { SiteError } from '#app/components/site/site-error.tsx'
import { usePageTexts } from '#app/components/site/use-church.ts'
import { runtimeContext } from '#app/context.ts'
import type { HttpError } from '#app/lib/errors.ts'
import { readFormBody } from '#app/server/api.server.ts'
import { LinkPage, type LinkPageState } from './link-page.tsx'
import { confirmSubscription, subscriberOfLink } from './subscribers.server.ts'

const invalid = () => data({ state: 'invalid' } as LinkPageState, { status: 404 })

/**
 * The confirm link of the confirmation e-mail. Opening it changes nothing (mail scanners open every link); the
 * Confirm button posts. A subscription already confirmed shows the same success.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext)
  const token = new URL(request.url).searchParams.get('token')
  const subscriber = await subscriberOfLink({ db, link: 'confirm', token })
  if (!subscriber || subscriber.status === 'unsubscribed' || subscriber.status === 'suspended')
    return invalid()
  if (subscriber.status === 'active') return { state: 'done', email: subscriber.email } as LinkPageState
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
  const outcome = await confirmSubscription({
    runtime,
    token: form.get('token') ?? url.searchParams.get('token'),
    page: url.pathname,
  })
  if (outcome.result === 'invalid') return invalid()
  // Said outright: the loader's status would stand otherwise.
  return data({ state: 'done', email: outcome.subscriber.email } as LinkPageState, { status: 200 })
}

export function meta({ error }: Route.MetaArgs) {
  return error ? [] : [{ title: 'Weekly news' }, { name: 'robots', content: 'noindex' }]
}

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const t = usePageTexts()
  return (
    <LinkPage
      page={actionData ?? loaderData}
      title={t('news.confirmTitle')}
      doneTitle={t('news.confirmedTitle')}
      question={(email) => t('news.confirmText', { email })}
      button={t('news.confirmButton')}
      doneText={(email) => t('news.confirmedText', { email })}
    />
  )
}

export function ErrorBoundary() {
  return <SiteError />
}
