import { data, redirect } from 'react-router'

import type { Route } from './+types/give-page.ts'
import { GiveForm, type GiveFormResult } from './give-form.tsx'
import { PageHero } from '#app/components/site/page-hero.tsx'
import { SiteError } from '#app/components/site/site-error.tsx'
import { usePageTexts } from '#app/components/site/use-church.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import { formProblem } from '#app/i18n/form-texts.ts'
import { textsFor } from '#app/i18n/texts.ts'
import { cn } from '#app/lib/cn.ts'
import { HttpError } from '#app/lib/errors.ts'
import { pageMeta } from '#app/content/page-meta.ts'
import { readFormBody } from '#app/server/api.server.ts'
import { HONEYPOT_FIELD } from '#app/lib/visitor-post.ts'
import { pageLanguage } from '#app/server/page-language.server.ts'
import { bankTransfer, givingPresets, givingState, startGift } from './giving.server.ts'
import { listFunds } from './model.server.ts'

const FORM_FIELDS = ['amount', 'amount_other', 'fund', 'frequency', 'name', 'email', 'ie_taxpayer'] as const

/** The open funds in the page's language, and whether gifts are taken online or by bank transfer only. */
export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  const { db } = runtime
  const [funds, bank, state, presets] = await Promise.all([
    listFunds({ db, locale: pageLanguage(context) }),
    bankTransfer({ db }),
    givingState(runtime),
    givingPresets({ db }),
  ])
  return {
    online: state.online,
    presets,
    funds: funds.filter((fund) => fund.open).map(({ id, name, description }) => ({ id, name, description })),
    bank,
  }
}

/**
 * The giving form's post (`amount` in euro, `fund`, `frequency`, `name`, `email`), which works without JavaScript:
 * a Checkout Session is made at Stripe and the visitor is sent there with a 303. A refused form comes back with
 * its messages and what was typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext)
  const { language, languages } = pageLanguage(context)
  const t = textsFor(language)
  let values: Record<string, string> = {}
  try {
    const form = await readFormBody(request)
    values = Object.fromEntries(FORM_FIELDS.map((field) => [field, String(form.get(field) ?? '')]))
    // A preset is the `amount` itself; "Other" sends the amount typed beside it.
    const amount = values.amount === 'other' || values.amount === '' ? values.amount_other : values.amount
    const { url } = await startGift({
      runtime,
      form: {
        ...values,
        amount: amount ?? '',
        frequency: values.frequency || 'once',
        [HONEYPOT_FIELD]: String(form.get(HONEYPOT_FIELD) ?? ''),
      },
      language,
      languages,
      clientIp: context.get(requestContext).clientIp,
    })
    return redirect(url, 303)
  } catch (error) {
    if (!(error instanceof HttpError)) {
      runtime.logger.error({ err: error }, 'giving form failed')
      return data({ ok: false, message: t('forms.failedLater'), values } satisfies GiveFormResult, {
        status: 500,
      })
    }
    return data({ ok: false, ...formProblem(error, t, language), values } satisfies GiveFormResult, {
      status: error.status,
    })
  }
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'give')
}

export default function Give({ loaderData }: Route.ComponentProps) {
  const t = usePageTexts()
  const { online, funds, bank } = loaderData
  return (
    <>
      <PageHero title={t('give.title')} intro={t('give.intro')} />
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-16 sm:px-6 md:py-20 lg:grid-cols-5 lg:px-8">
        {online && funds.length > 0 ? (
          <section
            aria-labelledby="give-online"
            className="min-w-0 rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8 lg:col-span-3"
          >
            <h2 id="give-online" className="font-serif text-2xl font-bold">
              {t('give.form')}
            </h2>
            <GiveForm funds={funds} presets={loaderData.presets} />
          </section>
        ) : null}
        <section
          aria-labelledby="give-bank"
          className={cn(
            'min-w-0 self-start rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8',
            online && funds.length > 0 ? 'lg:col-span-2' : 'lg:col-span-5',
          )}
        >
          <h2 id="give-bank" className="font-serif text-2xl font-bold">
            {t('give.bankTitle')}
          </h2>
          {online ? null : <p className="mt-3 text-foreground/80">{t('give.offline')}</p>}
          {bank ? (
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              {bank.account_name ? (
                <BankLine label={t('give.accountName')} value={bank.account_name} />
              ) : null}
              <BankLine label={t('give.iban')} value={bank.iban!} />
              {bank.bic ? <BankLine label={t('give.bic')} value={bank.bic} /> : null}
              {bank.reference ? <BankLine label={t('give.reference')} value={bank.reference} /> : null}
            </dl>
          ) : (
            <p className="mt-3 text-foreground/80">{t('give.noDetails')}</p>
          )}
        </section>
      </div>
    </>
  )
}

function BankLine({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="font-semibold">{label}</dt>
      <dd className="font-mono break-all">{value}</dd>
    </>
  )
}

export function ErrorBoundary() {
  return <SiteError />
}
