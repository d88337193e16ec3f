import { data, redirect, useActionData } from 'react-router'

import type { Route } from './+types/give-page.ts'
import { buttonClasses } from '#app/components/site/button-classes.ts'
import { CircleAlert } from '#app/components/site/icons.tsx'
import { PageHero } from '#app/components/site/page-hero.tsx'
import { SiteError } from '#app/components/site/site-error.tsx'
import { usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'
import { pagePath } from '#app/content/registry.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import { formProblem } from '#app/i18n/form-texts.ts'
import { textsFor } from '#app/i18n/texts.ts'
import { cn } from '#app/lib/cn.ts'
import { HttpError } from '#app/lib/errors.ts'
import { pageMeta } from '#app/content/page-meta.ts'
import { readFormBody } from '#app/server/api.server.ts'
import { HONEYPOT_FIELD } from '#app/lib/visitor-post.ts'
import { inPageLanguage, pageLanguage } from '#app/server/page-language.server.ts'
import { bankTransfer, givingPresets, givingState, startGift } from './giving.server.ts'
import { listFunds } from './model.server.ts'

const FORM_FIELDS = ['amount', 'amount_other', 'fund', 'frequency', 'name', 'email', 'ie_taxpayer'] as const

/** The open funds in the page's language, and whether gifts are taken online or by bank transfer only. */
export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  const { db } = runtime
  const [funds, bank, state, presets] = await Promise.all([
    listFunds({ db }),
    bankTransfer({ db }),
    givingState(runtime),
    givingPresets({ db }),
  ])
  return {
    online: state.online,
    presets,
    funds: inPageLanguage(context, 'funds', funds)
      .filter((fund) => fund.open)
      .map(({ id, name, description }) => ({ id, name, description })),
    bank,
  }
}

type GiveFormResult = {
  ok: false
  message: string
  fields?: Record<string, string>
  values: Record<string, string>
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

const inputClass =
  'mt-1.5 block w-full rounded-xl border bg-background px-4 py-3 text-base text-foreground shadow-xs transition outline-none placeholder:text-muted-foreground focus:border-primary-text focus:ring-3 focus:ring-primary/20 dark:focus:ring-primary-text/25'

/**
 * The form: amounts as choices (and one typed), the fund, once or monthly, an optional name and address, the CHY3
 * tick. No card or bank field: Stripe's own page asks for those.
 */
/** The amount buttons' columns on wider screens: the presets and "Other" in one row. */
const PRESET_COLUMNS = [
  'sm:grid-cols-2',
  'sm:grid-cols-2',
  'sm:grid-cols-3',
  'sm:grid-cols-4',
  'sm:grid-cols-5',
  'sm:grid-cols-6',
  'sm:grid-cols-7',
]

function GiveForm({
  funds,
  presets,
}: {
  funds: ReadonlyArray<{ id: string; name: string; description: string | null }>
  /** The amounts offered as buttons, in euro (Settings). */
  presets: readonly number[]
}) {
  const t = usePageTexts()
  const { to } = usePageLanguage()
  const result = useActionData<GiveFormResult>()
  const values = result?.values ?? {}
  const fieldError = (name: string) => result?.fields?.[name]
  const amount = values.amount || String(presets[Math.min(1, presets.length - 1)] ?? '')
  const preset = presets.map(String).includes(amount)
  const errorText = (name: string) =>
    fieldError(name) ? (
      <p id={`give-${name}-error`} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
        {fieldError(name)}
      </p>
    ) : null
  const described = (name: string, hint?: string) =>
    [fieldError(name) ? `give-${name}-error` : null, hint ?? null].filter(Boolean).join(' ') || undefined
  return (
    <form method="post" action={to(pagePath('give'))} className="mt-6 space-y-6" aria-label={t('give.form')}>
      {result && !result.ok ? (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-xl border border-red-600/30 bg-red-50 p-4 text-red-800 dark:bg-red-950/50 dark:text-red-100"
        >
          <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p className="font-medium">{result.message}</p>
        </div>
      ) : null}

      <fieldset aria-describedby={described('amount', 'give-amount-hint')}>
        <legend className="text-sm font-semibold">{t('give.amount')}</legend>
        <div className={`mt-2 grid grid-cols-2 gap-3 ${PRESET_COLUMNS[presets.length]}`}>
          {presets.map((euro) => (
            <label
              key={euro}
              className="flex cursor-pointer items-center justify-center gap-2 rounded-xl border border-border px-3 py-3 font-semibold has-checked:border-primary-text has-checked:bg-primary/10"
            >
              <input type="radio" name="amount" value={euro} defaultChecked={amount === String(euro)} />€
              {euro}
            </label>
          ))}
          <label
            className={`${presets.length % 2 === 0 ? 'col-span-2' : ''} flex cursor-pointer items-center justify-center gap-2 rounded-xl border border-border px-3 py-3 font-semibold has-checked:border-primary-text has-checked:bg-primary/10 sm:col-span-1`}
          >
            <input type="radio" name="amount" value="other" defaultChecked={!preset} />
            {t('give.other')}
          </label>
        </div>
        <label htmlFor="give-amount-other" className="mt-3 block text-sm font-semibold">
          {t('give.otherAmount')}
        </label>
        <input
          id="give-amount-other"
          name="amount_other"
          inputMode="decimal"
          autoComplete="transaction-amount"
          placeholder="€"
          defaultValue={values.amount_other ?? ''}
          aria-invalid={fieldError('amount') ? true : undefined}
          className={cn(inputClass, 'max-w-48', fieldError('amount') ? 'border-red-600' : 'border-border')}
        />
        <p id="give-amount-hint" className="mt-1.5 text-sm text-muted-foreground">
          {t('give.amountHint')}
        </p>
        {errorText('amount')}
      </fieldset>

      <div>
        <label htmlFor="give-fund" className="text-sm font-semibold">
          {t('give.fund')}
        </label>
        <select
          id="give-fund"
          name="fund"
          defaultValue={values.fund || funds[0]?.id}
          aria-invalid={fieldError('fund') ? true : undefined}
          aria-describedby={described('fund')}
          className={cn(inputClass, fieldError('fund') ? 'border-red-600' : 'border-border')}
        >
          {funds.map((fund) => (
            <option key={fund.id} value={fund.id}>
              {fund.name}
            </option>
          ))}
        </select>
        {errorText('fund')}
      </div>

      <fieldset aria-describedby={described('frequency')}>
        <legend className="text-sm font-semibold">{t('give.frequency')}</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {(['once', 'monthly'] as const).map((frequency) => (
            <label
              key={frequency}
              className="flex cursor-pointer items-center gap-2 rounded-xl border border-border px-4 py-3 font-semibold has-checked:border-primary-text has-checked:bg-primary/10"
            >
              <input
                type="radio"
                name="frequency"
                value={frequency}
                defaultChecked={(values.frequency || 'once') === frequency}
              />
              {t(`give.${frequency}`)}
            </label>
          ))}
        </div>
        {errorText('frequency')}
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="give-name" className="text-sm font-semibold">
            {t('give.name')}
          </label>
          <input
            id="give-name"
            name="name"
            autoComplete="name"
            defaultValue={values.name ?? ''}
            aria-invalid={fieldError('name') ? true : undefined}
            aria-describedby={described('name')}
            className={cn(inputClass, fieldError('name') ? 'border-red-600' : 'border-border')}
          />
          {errorText('name')}
        </div>
        <div>
          <label htmlFor="give-email" className="text-sm font-semibold">
            {t('give.email')}
          </label>
          <input
            id="give-email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={values.email ?? ''}
            aria-invalid={fieldError('email') ? true : undefined}
            aria-describedby={described('email', 'give-email-hint')}
            className={cn(inputClass, fieldError('email') ? 'border-red-600' : 'border-border')}
          />
          <p id="give-email-hint" className="mt-1.5 text-sm text-muted-foreground">
            {t('give.emailHint')}
          </p>
          {errorText('email')}
        </div>
      </div>

      <div className="flex items-start gap-3">
        <input
          id="give-ie-taxpayer"
          type="checkbox"
          name="ie_taxpayer"
          defaultChecked={values.ie_taxpayer === 'on'}
          aria-describedby="give-ie-taxpayer-hint"
          className="mt-1 size-5 shrink-0"
        />
        <div>
          <label htmlFor="give-ie-taxpayer" className="font-semibold">
            {t('give.taxpayer')}
          </label>
          <p id="give-ie-taxpayer-hint" className="text-sm text-muted-foreground">
            {t('give.taxpayerHint')}
          </p>
        </div>
      </div>

      {/* People never see or fill this field; robots that fill every field give themselves away. */}
      <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden>
        <label>
          {t('forms.honeypot')}
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>

      <p className="text-sm text-muted-foreground">{t('give.secure')}</p>
      <button type="submit" className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto' })}>
        {t('give.submit')}
      </button>
    </form>
  )
}

export function ErrorBoundary() {
  return <SiteError />
}
