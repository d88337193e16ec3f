import { buttonClasses } from '#app/components/site/button-classes.ts'
import { CardPage } from '#app/components/site/card-page.tsx'
import { DoneNotice } from '#app/components/site/done-notice.tsx'
import { InvalidLinkPage } from '#app/components/site/invalid-link-page.tsx'
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
      <InvalidLinkPage
        title={title}
        heading={t('news.invalidTitle')}
        text={t('news.invalidText')}
        to={to(pagePath('news'))}
        linkText={t('news.signUpAgain')}
      />
    )
  }
  return (
    <CardPage title={title}>
      {page.state === 'done' ? (
        <DoneNotice heading={doneTitle} text={doneText(page.email)} />
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
    </CardPage>
  )
}
