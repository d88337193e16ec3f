import { Link } from 'react-router'

import { CheckCircle2 } from '#app/components/site/icons.tsx'
import { buttonClasses } from '#app/components/site/button-classes.ts'
import { PageHero } from '#app/components/site/page-hero.tsx'
import { useLinkTo, usePageTexts } from '#app/components/site/use-church.ts'
import { pagePath } from '#app/content/registry.ts'

/** What a confirm or unsubscribe link's page shows: the question with its button, the outcome, or a bad link. */
export type LinkPageState =
  | { state: 'ask'; email: string; token: string }
  | { state: 'done'; email: string }
  | { state: 'invalid' }

/**
 * The page of a link in a subscriber's e-mail (confirm, unsubscribe). Opening it only asks, with a button that
 * posts to the same address: mail scanners open links, and must change nothing.
 */
export function LinkPage({
  page,
  title,
  doneTitle,
  question,
  button,
  doneText,
}: {
  page: LinkPageState
  title: string
  doneTitle: string
  /** The question, with the address in it. */
  question: (email: string) => string
  button: string
  doneText: (email: string) => string
}) {
  const t = usePageTexts()
  const to = useLinkTo()
  if (page.state === 'invalid') {
    return (
      <>
        <PageHero title={title} />
        <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
          <div role="alert" className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
            <h2 className="font-serif text-2xl font-bold">{t('news.invalidTitle')}</h2>
            <p className="mt-2 text-foreground/80">{t('news.invalidText')}</p>
            <Link
              to={to(pagePath('news'))}
              className={buttonClasses({ variant: 'outline', className: 'mt-6' })}
            >
              {t('news.signUpAgain')}
            </Link>
          </div>
        </section>
      </>
    )
  }
  return (
    <>
      <PageHero title={title} />
      <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
        <div className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
          {page.state === 'done' ? (
            <div role="status" className="flex items-start gap-3">
              <CheckCircle2 className="mt-1 size-6 shrink-0 text-primary-text" aria-hidden />
              <div>
                <h2 className="font-serif text-2xl font-bold">{doneTitle}</h2>
                <p className="mt-2 text-foreground/80">{doneText(page.email)}</p>
              </div>
            </div>
          ) : (
            <form method="post" className="flex flex-col gap-5">
              <p className="text-foreground/80">{question(page.email)}</p>
              <input type="hidden" name="token" value={page.token} />
              <div>
                <button type="submit" className={buttonClasses({})}>
                  {button}
                </button>
              </div>
            </form>
          )}
        </div>
      </section>
    </>
  )
}
