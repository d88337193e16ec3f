import { data } from 'react-router'

import type { Route } from './+types/news-page.ts'
import { CardPage } from '#app/components/site/card-page.tsx'
import { SiteError } from '#app/components/site/site-error.tsx'
import { usePageTexts } from '#app/components/site/use-church.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from '#app/lib/visitor-post.ts'
import { formProblem } from '#app/i18n/form-texts.ts'
import { textsFor } from '#app/i18n/texts.ts'
import { HttpError } from '#app/lib/errors.ts'
import { pageMeta } from '#app/content/page-meta.ts'
import { readFormBody } from '#app/server/api.server.ts'
import { pageLanguage } from '#app/server/page-language.server.ts'
import { makeFormToken } from '#app/server/spam.server.ts'
import { SubscribeForm, type SubscribeFormResult } from './subscribe-form.tsx'
import { subscribe } from './subscribers.server.ts'
import { FOOTER_PAGE_FIELD, footerPage } from './schema.ts'

const FORM_FIELDS = ['email', 'name', FORM_TOKEN_FIELD] as const

/** The form's token: when it was rendered, signed (app/server/spam.server.ts); so the page is made per request. */
export function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  return { formToken: makeFormToken(runtime.secret, runtime.clock.now().getTime()) }
}

const formValues = (form: FormData) =>
  Object.fromEntries(FORM_FIELDS.map((field) => [field, String(form.get(field) ?? '')]))

/**
 * The sign-up form's post, from this page or from the footer of any page (which names its page): the same answer
 * whatever the address's state (subscribe says why), shown on this page. The e-mails are in the page's language,
 * and the sign-up records the words the form showed and the page it was on.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext)
  const { language, path } = pageLanguage(context)
  const t = textsFor(language)
  let form: FormData
  try {
    form = await readFormBody(request)
  } catch (error) {
    const { message } = formProblem(error as HttpError, t, language)
    return data({ ok: false, message } satisfies SubscribeFormResult, { status: (error as HttpError).status })
  }
  const values = formValues(form)
  const footer = footerPage(form.get(FOOTER_PAGE_FIELD))
  try {
    const { clientIp } = context.get(requestContext)
    const outcome = await subscribe({
      runtime,
      clientIp,
      data: { ...values, [HONEYPOT_FIELD]: String(form.get(HONEYPOT_FIELD) ?? '') },
      source: {
        fromForm: true,
        untimed: footer !== null,
        page: footer ?? new URL(request.url).pathname,
        language,
      },
    })
    // Past the hour's allowance of footer sign-ups: the news page's form, filled in, sends it with a token.
    if (outcome === 'ask-again') {
      return {
        ok: false,
        message: t('news.again'),
        values: { ...values, [FORM_TOKEN_FIELD]: '' },
      } satisfies SubscribeFormResult
    }
    return { ok: true } satisfies SubscribeFormResult
  } catch (error) {
    if (!(error instanceof HttpError)) {
      runtime.logger.error({ err: error, path }, 'news sign-up failed')
      return data({ ok: false, message: t('forms.failedLater'), values } satisfies SubscribeFormResult, {
        status: 500,
      })
    }
    return data({ ok: false, ...formProblem(error, t, language), values } satisfies SubscribeFormResult, {
      status: error.status,
    })
  }
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'news')
}

export default function News({ loaderData, actionData }: Route.ComponentProps) {
  const t = usePageTexts()
  return (
    <CardPage title={t('news.title')} intro={t('news.intro')}>
      <SubscribeForm formToken={loaderData.formToken} result={actionData} />
    </CardPage>
  )
}

export function ErrorBoundary() {
  return <SiteError />
}
