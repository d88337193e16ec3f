import { CalendarX2 } from '#app/components/site/icons.tsx'
import { data, Link } from 'react-router'

import type { Route } from './+types/cancel-page.ts'
import { buttonClasses } from '#app/components/site/button-classes.ts'
import { CardPage } from '#app/components/site/card-page.tsx'
import { DoneNotice } from '#app/components/site/done-notice.tsx'
import { InvalidLinkPage } from '#app/components/site/invalid-link-page.tsx'
import { pagePath } from '#app/content/registry.ts'
import { SiteError } from '#app/components/site/site-error.tsx'
import { usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'
import { runtimeContext } from '#app/context.ts'
import { HttpError } from '#app/lib/errors.ts'
import { readFormBody } from '#app/server/api.server.ts'
import { pageLanguage } from '#app/server/page-language.server.ts'
import { getRegistration } from './model.server.ts'
import { cancel } from './cancel.server.ts'
import { describeRegistration } from './dates-offered.server.ts'
import { cancelTokenMatches } from './tokens.server.ts'

/** A link that names no registration it may cancel: answered 404, with the page saying so in its own words. */
const notFound = () => data({ invalid: true } as const, { status: 404 })

/**
 * The cancel link of a registration's e-mail. Opening it only asks (mail scanners and link previews open links);
 * the button cancels. The link works once: afterwards it says the registration was cancelled.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, secret } = context.get(runtimeContext)
  const token = new URL(request.url).searchParams.get('token')
  if (!cancelTokenMatches(secret, params.id, token)) return notFound()
  const registration = await getRegistration({ db, id: params.id })
  if (!registration) return notFound()
  return {
    invalid: false as const,
    token: token!,
    cancelled: registration.status === 'cancelled' || registration.status === 'spam',
    waiting: registration.status === 'waiting',
    ...(await describeRegistration({ db, registration, scope: pageLanguage(context) })),
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext)
  let form: FormData
  try {
    form = await readFormBody(request)
  } catch (error) {
    throw data((error as HttpError).message, { status: (error as HttpError).status })
  }
  try {
    const result = await cancel({ runtime, registrationId: params.id, token: form.get('token') })
    if (!result.registration) return notFound()
    // What the page says comes with the answer: a form posted to the address without its `?token=` (the token
    // in the body alone) cancels as well, and its loader, which reads the address, knows of no registration.
    // Its 200 said outright: the loader's 404 would stand otherwise (React Router keeps an action's status only
    // when it names one).
    return data(
      {
        done: result.cancelled ? ('cancelled' as const) : ('already' as const),
        ...(await describeRegistration({
          db: runtime.db,
          registration: result.registration,
          scope: pageLanguage(context),
        })),
      },
      { status: 200 },
    )
  } catch (error) {
    if (error instanceof HttpError) return notFound()
    throw error
  }
}

export function meta({ error }: Route.MetaArgs) {
  // An error page writes its own title.
  return error ? [] : [{ title: 'Cancel your registration' }, { name: 'robots', content: 'noindex' }]
}

export default function CancelRegistration({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData && 'invalid' in actionData) return <InvalidLink />
  if (actionData?.done) return <Cancelled {...actionData} />
  if (loaderData.invalid) return <InvalidLink />
  if (loaderData.cancelled) return <Cancelled done="already" {...loaderData} />
  const { eventTitle, eventPath, when, token, waiting } = loaderData
  return (
    <AskToCancel eventTitle={eventTitle} eventPath={eventPath} when={when} token={token} waiting={waiting} />
  )
}

/** The question the link opens: cancel, or keep it. */
function AskToCancel({
  eventTitle,
  eventPath,
  when,
  token,
  waiting,
}: {
  eventTitle: string
  eventPath: string
  when: string
  token: string
  waiting: boolean
}) {
  const t = usePageTexts()
  return (
    <CardPage title={t('registration.cancel.title')} intro={`${eventTitle} · ${when}`}>
      <form method="post" className="flex flex-col gap-5">
        <h2 className="font-serif text-2xl font-bold">{t('registration.cancel.heading')}</h2>
        <p className="text-foreground/80">
          {t(waiting ? 'registration.cancel.waiting' : 'registration.cancel.confirmed', {
            title: eventTitle,
            when,
          })}
        </p>
        <input type="hidden" name="token" value={token} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClasses({})}>
            <CalendarX2 className="size-4" aria-hidden />
            {t('registration.cancel.submit')}
          </button>
          <Link to={eventPath} className={buttonClasses({ variant: 'outline' })}>
            {t('registration.cancel.keep')}
          </Link>
        </div>
      </form>
    </CardPage>
  )
}

/** The registration is cancelled: just now (`cancelled`), or before (`already`). */
function Cancelled({
  done,
  eventTitle,
  when,
}: {
  done: 'cancelled' | 'already'
  eventTitle: string
  when: string
}) {
  const cancelled = done === 'cancelled'
  const t = usePageTexts()
  return (
    <CardPage title={t('registration.cancel.title')} intro={`${eventTitle} · ${when}`}>
      <DoneNotice
        heading={t(cancelled ? 'registration.cancel.cancelled' : 'registration.cancel.already')}
        text={t(cancelled ? 'registration.cancel.cancelledText' : 'registration.cancel.alreadyText')}
      />
    </CardPage>
  )
}

function InvalidLink() {
  const t = usePageTexts()
  const { to } = usePageLanguage()
  return (
    <InvalidLinkPage
      title={t('registration.cancel.title')}
      heading={t('registration.cancel.invalid')}
      text={t('registration.cancel.invalidText')}
      to={to(pagePath('contact'))}
      linkText={t('registration.cancel.contact')}
    />
  )
}

export function ErrorBoundary() {
  return <SiteError />
}
