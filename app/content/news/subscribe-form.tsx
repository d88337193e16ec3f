import { CheckCircle2, CircleAlert, Mail } from '#app/components/site/icons.tsx'
import { usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'

import { buttonClasses } from '#app/components/site/button-classes.ts'
import { VisitorPostFields } from '#app/components/site/visitor-post-fields.tsx'
import { pagePath } from '#app/content/registry.ts'
import { cn } from '#app/lib/cn.ts'

export type SubscribeFormResult =
  | { ok: true }
  | { ok: false; message: string; fields?: Record<string, string>; values?: Record<string, string> }

const INPUT =
  'mt-1.5 block w-full rounded-xl border bg-background px-4 py-3 text-base text-foreground shadow-xs transition outline-none placeholder:text-muted-foreground focus:border-primary-text focus:ring-3 focus:ring-primary/20 dark:focus:ring-primary-text/25'

/**
 * "Weekly news by e-mail": an address and an optional name, posted to the news page (an ordinary form: it works
 * without JavaScript). The e-mails are in the page's language. The words above the button are the ones a sign-up
 * records as agreed to.
 */
export function SubscribeForm({ formToken, result }: { formToken: string; result?: SubscribeFormResult }) {
  const { to } = usePageLanguage()
  const t = usePageTexts()
  const failure = result && !result.ok ? result : null
  const field = (name: 'email' | 'name', label: string, required: boolean) => {
    const error = failure?.fields?.[name]
    return (
      <div>
        <label htmlFor={`news-${name}`} className="text-sm font-semibold">
          {label}
          {required ? (
            <span className="text-red-700 dark:text-red-400" aria-hidden>
              {' '}
              *
            </span>
          ) : null}
        </label>
        <input
          id={`news-${name}`}
          name={name}
          type={name === 'email' ? 'email' : 'text'}
          autoComplete={name === 'email' ? 'email' : 'name'}
          required={required}
          defaultValue={failure?.values?.[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `news-${name}-error` : undefined}
          className={cn(INPUT, error ? 'border-red-600' : 'border-border')}
        />
        {error ? (
          <p id={`news-${name}-error`} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </div>
    )
  }
  if (result?.ok) {
    return (
      <div
        role="status"
        className="flex items-start gap-3 rounded-xl border border-green-600/30 bg-green-50 p-4 text-green-900 dark:bg-green-950/50 dark:text-green-100"
      >
        <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden />
        <p className="font-medium">{t('news.sent')}</p>
      </div>
    )
  }
  return (
    <form method="post" action={to(pagePath('news'))} className="space-y-5" aria-label={t('news.form')}>
      {failure ? (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-xl border border-red-600/30 bg-red-50 p-4 text-red-800 dark:bg-red-950/50 dark:text-red-100"
        >
          <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p className="font-medium">{failure.message}</p>
        </div>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        {field('email', t('news.email'), true)}
        {field('name', t('news.name'), false)}
      </div>
      <p className="text-sm text-muted-foreground">{t('news.consent')}</p>
      <VisitorPostFields formToken={formToken} kept={failure?.values} />
      <button type="submit" className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto' })}>
        <Mail className="size-4" aria-hidden />
        {t('news.submit')}
      </button>
    </form>
  )
}
