import type { ReactNode } from 'react'
import { useActionData } from 'react-router'

import { buttonClasses } from '#app/components/site/button-classes.ts'
import { CircleAlert } from '#app/components/site/icons.tsx'
import { usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'
import { pagePath } from '#app/content/registry.ts'
import { cn } from '#app/lib/cn.ts'
import { HONEYPOT_FIELD } from '#app/lib/visitor-post.ts'

/** A refused gift's answer: the message, each field's, and what was typed. */
export type GiveFormResult = {
  ok: false
  message: string
  fields?: Record<string, string>
  values: Record<string, string>
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

export function GiveForm({
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
  const errorText = (name: string) =>
    fieldError(name) ? (
      <p id={`give-${name}-error`} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
        {fieldError(name)}
      </p>
    ) : null
  const described = (name: string, hint?: string) =>
    [fieldError(name) ? `give-${name}-error` : null, hint ?? null].filter(Boolean).join(' ') || undefined
  /** A field's state as its control carries it: marked and described when in error, red-edged. */
  const control = (name: string, hint?: string) => ({
    'aria-invalid': fieldError(name) ? true : undefined,
    'aria-describedby': described(name, hint),
    className: cn(inputClass, fieldError(name) ? 'border-red-600' : 'border-border'),
  })
  return (
    <form method="post" action={to(pagePath('give'))} className="mt-6 space-y-6" aria-label={t('give.form')}>
      {result && !result.ok ? <Refused message={result.message} /> : null}

      <AmountChoice
        presets={presets}
        amount={amount}
        other={values.amount_other ?? ''}
        invalid={Boolean(fieldError('amount'))}
        describedBy={described('amount', 'give-amount-hint')}
      >
        {errorText('amount')}
      </AmountChoice>

      <GiveField id="give-fund" label={t('give.fund')}>
        <select id="give-fund" name="fund" defaultValue={values.fund || funds[0]?.id} {...control('fund')}>
          {funds.map((fund) => (
            <option key={fund.id} value={fund.id}>
              {fund.name}
            </option>
          ))}
        </select>
        {errorText('fund')}
      </GiveField>

      <FrequencyChoice value={values.frequency || 'once'} describedBy={described('frequency')}>
        {errorText('frequency')}
      </FrequencyChoice>

      <div className="grid gap-5 sm:grid-cols-2">
        <GiveField id="give-name" label={t('give.name')}>
          <input
            id="give-name"
            name="name"
            autoComplete="name"
            defaultValue={values.name ?? ''}
            {...control('name')}
          />
          {errorText('name')}
        </GiveField>
        <GiveField id="give-email" label={t('give.email')}>
          <input
            id="give-email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={values.email ?? ''}
            {...control('email', 'give-email-hint')}
          />
          <p id="give-email-hint" className="mt-1.5 text-sm text-muted-foreground">
            {t('give.emailHint')}
          </p>
          {errorText('email')}
        </GiveField>
      </div>

      <TaxpayerBox checked={values.ie_taxpayer === 'on'} />

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

/** A labelled field of the form: its label above, then the control, its hint and its error (`children`). */
function GiveField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children}
    </div>
  )
}

/** An amount's box: a preset's, and "Other" (which may also span two columns). */
const AMOUNT_CLASSES =
  'flex cursor-pointer items-center justify-center gap-2 rounded-xl border border-border px-3 py-3 font-semibold has-checked:border-primary-text has-checked:bg-primary/10'

/** The amount: the presets and "Other" as choices, and the field for another amount in euro. */
function AmountChoice({
  presets,
  amount,
  other,
  invalid,
  describedBy,
  children,
}: {
  presets: readonly number[]
  /** The amount chosen, in euro: a preset's, or "other". */
  amount: string
  /** The other amount as typed. */
  other: string
  invalid: boolean
  describedBy: string | undefined
  /** The field's error, if any. */
  children: ReactNode
}) {
  const t = usePageTexts()
  return (
    <Choices legend={t('give.amount')} describedBy={describedBy}>
      <div className={`mt-2 grid grid-cols-2 gap-3 ${PRESET_COLUMNS[presets.length]}`}>
        {presets.map((euro) => (
          <Choice
            key={euro}
            className={AMOUNT_CLASSES}
            name="amount"
            value={String(euro)}
            checked={amount === String(euro)}
          >
            €{euro}
          </Choice>
        ))}
        <Choice
          className={`${presets.length % 2 === 0 ? 'col-span-2' : ''} ${AMOUNT_CLASSES} sm:col-span-1`}
          name="amount"
          value="other"
          checked={!presets.map(String).includes(amount)}
        >
          {t('give.other')}
        </Choice>
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
        defaultValue={other}
        aria-invalid={invalid ? true : undefined}
        className={cn(inputClass, 'max-w-48', invalid ? 'border-red-600' : 'border-border')}
      />
      <p id="give-amount-hint" className="mt-1.5 text-sm text-muted-foreground">
        {t('give.amountHint')}
      </p>
      {children}
    </Choices>
  )
}

/** Once or monthly. */
function FrequencyChoice({
  value,
  describedBy,
  children,
}: {
  value: string
  describedBy: string | undefined
  /** The field's error, if any. */
  children: ReactNode
}) {
  const t = usePageTexts()
  return (
    <Choices legend={t('give.frequency')} describedBy={describedBy}>
      <div className="mt-2 flex flex-wrap gap-3">
        {(['once', 'monthly'] as const).map((frequency) => (
          <Choice
            key={frequency}
            className="flex cursor-pointer items-center gap-2 rounded-xl border border-border px-4 py-3 font-semibold has-checked:border-primary-text has-checked:bg-primary/10"
            name="frequency"
            value={frequency}
            checked={value === frequency}
          >
            {t(`give.${frequency}`)}
          </Choice>
        ))}
      </div>
      {children}
    </Choices>
  )
}

/** A question answered by one of its choices: its legend, the choices, then what `children` add (an error). */
function Choices({
  legend,
  describedBy,
  children,
}: {
  legend: string
  describedBy: string | undefined
  children: ReactNode
}) {
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="text-sm font-semibold">{legend}</legend>
      {children}
    </fieldset>
  )
}

/** One choice: a radio button and its words, in a box outlined when chosen. */
function Choice({
  className,
  name,
  value,
  checked,
  children,
}: {
  className: string
  name: string
  value: string
  checked: boolean
  children: ReactNode
}) {
  return (
    <label className={className}>
      <input type="radio" name={name} value={value} defaultChecked={checked} />
      {children}
    </label>
  )
}

/** The CHY3 tick: the church may reclaim the tax the giver paid. */
function TaxpayerBox({ checked }: { checked: boolean }) {
  const t = usePageTexts()
  return (
    <div className="flex items-start gap-3">
      <input
        id="give-ie-taxpayer"
        type="checkbox"
        name="ie_taxpayer"
        defaultChecked={checked}
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
  )
}

/** Why the gift was refused, above the form. */
function Refused({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-red-600/30 bg-red-50 p-4 text-red-800 dark:bg-red-950/50 dark:text-red-100"
    >
      <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
      <p className="font-medium">{message}</p>
    </div>
  )
}
