import { CheckCircle2, CircleAlert, Send } from '#app/components/site/icons.tsx'
import { usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'
import type { ComponentProps } from 'react'
import { useActionData } from 'react-router'

import { buttonClasses } from '#app/components/site/button-classes.ts'
import { formScriptTexts, VisitorPostFields } from '#app/components/site/visitor-post-fields.tsx'
import { cn } from '#app/lib/cn.ts'
import { pagePath } from '#app/content/registry.ts'
import { Data } from '#app/islands/markup.ts'

export type ContactFormResult =
  | { ok: true }
  | { ok: false; message: string; fields?: Record<string, string>; values?: Record<string, string> }

/**
 * The contact form: an ordinary form post to the page's action, which answers with the page and the form's
 * messages (a sent form comes back empty). With JavaScript the page's script sends it in the background
 * ('Sending...') and puts the form of the answer in its place (app/islands/behaviours/contact-form.ts).
 */
export function ContactForm({ formToken }: { formToken: string }) {
  const { to } = usePageLanguage()
  const t = usePageTexts()
  const result = useActionData<ContactFormResult>()

  const failure = result && !result.ok ? result : null
  const fieldError = (name: string) => failure?.fields?.[name]
  const value = (name: string) => failure?.values?.[name]

  return (
    <form
      method="post"
      action={to(pagePath('contact'))}
      {...{ [Data.contactForm]: true }}
      {...formScriptTexts(t)}
      className="space-y-5"
      aria-label={t('contact.form')}
    >
      {result?.ok ? (
        <div
          role="status"
          tabIndex={-1}
          className="flex items-start gap-3 rounded-xl border border-green-600/30 bg-green-50 p-4 text-green-900 dark:bg-green-950/50 dark:text-green-100"
        >
          <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p className="font-medium">{t('contact.sent')}</p>
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

      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={t('contact.firstName')}
          name="first_name"
          required
          autoComplete="given-name"
          error={fieldError('first_name')}
          defaultValue={value('first_name')}
        />
        <Field
          label={t('contact.lastName')}
          name="last_name"
          required
          autoComplete="family-name"
          error={fieldError('last_name')}
          defaultValue={value('last_name')}
        />
        <Field
          label={t('contact.email')}
          name="email"
          type="email"
          required
          autoComplete="email"
          error={fieldError('email')}
          defaultValue={value('email')}
        />
        <Field
          label={t('contact.phone')}
          name="phone"
          type="tel"
          autoComplete="tel"
          error={fieldError('phone')}
          defaultValue={value('phone')}
        />
      </div>
      <Field
        label={t('contact.subject')}
        name="subject"
        error={fieldError('subject')}
        defaultValue={value('subject')}
      />
      <Field
        label={t('contact.message')}
        name="message"
        required
        multiline
        error={fieldError('message')}
        defaultValue={value('message')}
      />

      <VisitorPostFields formToken={formToken} kept={failure?.values} />

      <button type="submit" className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto' })}>
        <Send className="size-4" aria-hidden />
        <span {...{ [Data.submitLabel]: true }}>{t('contact.send')}</span>
      </button>
    </form>
  )
}

interface FieldProps extends Omit<ComponentProps<'input'>, 'name'> {
  label: string
  name: string
  error?: string
  multiline?: boolean
}

function Field({ label, name, error, multiline = false, required, className, ...props }: FieldProps) {
  const id = `contact-${name}`
  const errorId = `${id}-error`
  const inputClass = cn(
    'mt-1.5 block w-full rounded-xl border bg-background px-4 py-3 text-base text-foreground shadow-xs transition outline-none placeholder:text-muted-foreground focus:border-primary-text focus:ring-3 focus:ring-primary/20 dark:focus:ring-primary-text/25',
    error ? 'border-red-600' : 'border-border',
    className,
  )
  const shared = {
    id,
    name,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  }
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
      {multiline ? (
        <textarea
          {...shared}
          rows={6}
          defaultValue={props.defaultValue}
          className={cn(inputClass, 'resize-y')}
        />
      ) : (
        <input {...props} {...shared} type={props.type ?? 'text'} className={inputClass} />
      )}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  )
}
