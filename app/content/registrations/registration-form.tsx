import type { TFunction } from 'i18next'

import { usePageTexts } from '#app/components/site/use-church.ts'
import { formScriptTexts, VisitorPostFields } from '#app/components/site/visitor-post-fields.tsx'
import { placesText } from './places.ts'
import { CheckCircle2, CircleAlert, Ticket } from '#app/components/site/icons.tsx'
import type { ReactNode } from 'react'

import { buttonClasses } from '#app/components/site/button-classes.ts'
import { cn } from '#app/lib/cn.ts'
import type * as RegistrationSchema from './schema.ts'
import { Data } from '#app/islands/markup.ts'

// The schema's constant, checked by type: importing its value would bring zod into the page.
const PEOPLE_MAX: typeof RegistrationSchema.REGISTRATION_PEOPLE_MAX = 10

export type RegistrationFormResult =
  | { ok: true; status: 'confirmed' | 'waiting'; updated?: boolean; email: string }
  | { ok: false; message: string; fields?: Record<string, string>; values?: Record<string, string> }

export interface RegistrationFormDate {
  occurrence: string
  label: string
  left: number | null
  waiting: number
}

/** The words for places in a page's language. */
const placesWords = (t: TFunction) => ({
  full: t('registration.full'),
  left: (count: number) => t('registration.left', { count }),
})

/**
 * An event's sign-up form: an ordinary form post to the event's page, answered in place (the page comes back with
 * the form's result). With JavaScript the contact form's behaviour sends it in the background and puts the
 * answer's form in its place (app/islands/behaviours/contact-form.ts), so it shares that form's markers.
 */
export function RegistrationForm({
  action,
  dates,
  repeating,
  formToken,
  result,
}: {
  action: string
  dates: readonly RegistrationFormDate[]
  /** A repeating event: the visitor chooses a date. */
  repeating: boolean
  formToken: string
  result: RegistrationFormResult | undefined
}) {
  const t = usePageTexts()
  const failure = result && !result.ok ? result : null
  const fieldError = (name: string) => failure?.fields?.[name]
  const value = (name: string) => failure?.values?.[name]
  const single = !repeating && dates.length === 1 ? dates[0] : null
  // Every date offered is full: the button says what it does, as the events' cards do.
  const allFull = dates.length > 0 && dates.every((date) => date.left === 0)
  return (
    <form
      method="post"
      action={`${action}#register`}
      {...{ [Data.contactForm]: true }}
      {...formScriptTexts(t)}
      className="space-y-5"
      aria-label={t('registration.form')}
    >
      {result?.ok ? (
        <div
          role="status"
          tabIndex={-1}
          className="flex items-start gap-3 rounded-xl border border-green-600/30 bg-green-50 p-4 text-green-900 dark:bg-green-950/50 dark:text-green-100"
        >
          <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p className="font-medium">
            {result.updated
              ? t('registration.updated', { email: result.email })
              : result.status === 'confirmed'
                ? t('registration.confirmed', { email: result.email })
                : t('registration.waiting', { email: result.email })}
          </p>
        </div>
      ) : null}
      {failure ? (
        <div
          role="alert"
          tabIndex={-1}
          className="flex items-start gap-3 rounded-xl border border-red-600/30 bg-red-50 p-4 text-red-800 dark:bg-red-950/50 dark:text-red-100"
        >
          <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p className="font-medium">{failure.message}</p>
        </div>
      ) : null}

      <DateChoice
        single={single}
        dates={dates}
        error={fieldError('occurrence')}
        chosen={value('occurrence')}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('registration.name')} name="name" required error={fieldError('name')}>
          {(props) => <input {...props} type="text" autoComplete="name" defaultValue={value('name')} />}
        </Field>
        <Field label={t('registration.email')} name="email" required error={fieldError('email')}>
          {(props) => <input {...props} type="email" autoComplete="email" defaultValue={value('email')} />}
        </Field>
        <Field label={t('registration.people')} name="people" required error={fieldError('people')}>
          {(props) => (
            <select {...props} defaultValue={value('people') ?? '1'}>
              {Array.from({ length: PEOPLE_MAX }, (_, index) => (
                <option key={index} value={String(index + 1)}>
                  {index + 1}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field label={t('registration.note')} name="note" error={fieldError('note')}>
        {(props) => (
          <textarea
            {...props}
            rows={3}
            placeholder={t('registration.notePlaceholder')}
            defaultValue={value('note')}
            className={cn(props.className, 'resize-y')}
          />
        )}
      </Field>

      <VisitorPostFields formToken={formToken} kept={failure?.values} />

      <button type="submit" className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto' })}>
        <Ticket className="size-4" aria-hidden />
        <span {...{ [Data.submitLabel]: true }}>
          {allFull ? t('events.joinWaitingList') : t('registration.submit')}
        </span>
      </button>
    </form>
  )
}

/** The date signed up for: stated with its places when there is only one, chosen from a list otherwise. */
function DateChoice({
  single,
  dates,
  error,
  chosen,
}: {
  single: RegistrationFormDate | null | undefined
  dates: readonly RegistrationFormDate[]
  error: string | undefined
  chosen: string | undefined
}) {
  const t = usePageTexts()
  const singlePlaces = single ? placesText(single, placesWords(t)) : null
  return single ? (
    <>
      <input type="hidden" name="occurrence" value={single.occurrence} />
      {singlePlaces ? <p className="font-semibold text-primary-text">{singlePlaces}</p> : null}
    </>
  ) : (
    <Field label={t('registration.date')} name="occurrence" required error={error}>
      {(props) => (
        <select {...props} defaultValue={chosen ?? dates[0]?.occurrence}>
          {dates.map((date) => {
            const places = placesText(date, placesWords(t))
            return (
              <option key={date.occurrence} value={date.occurrence}>
                {places ? `${date.label} (${places})` : date.label}
              </option>
            )
          })}
        </select>
      )}
    </Field>
  )
}

interface ControlProps {
  id: string
  name: string
  required?: boolean
  className: string
  'aria-invalid'?: true
  'aria-describedby'?: string
}

function Field({
  label,
  name,
  required,
  error,
  children,
}: {
  label: string
  name: string
  required?: boolean
  error?: string
  children: (props: ControlProps) => ReactNode
}) {
  const id = `register-${name}`
  const errorId = `${id}-error`
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
        {required ? (
          <span className="text-red-700 dark:text-red-400" aria-hidden>
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        name,
        required,
        className: cn(
          'mt-1.5 block w-full rounded-xl border bg-background px-4 py-3 text-base text-foreground shadow-xs transition outline-none placeholder:text-muted-foreground focus:border-primary-text focus:ring-3 focus:ring-primary/20 dark:focus:ring-primary-text/25',
          error ? 'border-red-600' : 'border-border',
        ),
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  )
}
