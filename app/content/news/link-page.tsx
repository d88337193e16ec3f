import { buttonClasses } from '#app/components/site/button-classes.ts'
import { CardPage } from '#app/components/site/card-page.tsx'
import { DoneNotice } from '#app/components/site/done-notice.tsx'
import { InvalidLinkPage } from '#app/components/site/invalid-link-page.tsx'
import { useLinkTo, usePageTexts } from '#app/components/site/use-church.ts'
import { pagePath } from '#app/content/registry.ts'
import type { LinkPageState } from './link-page-state.ts'

/** The words of each link's page, by their keys in the catalogues. */
const TEXTS = {
  confirm: {
    title: 'news.confirmTitle',
    doneTitle: 'news.confirmedTitle',
    question: 'news.confirmText',
    button: 'news.confirmButton',
    doneText: 'news.confirmedText',
  },
  unsubscribe: {
    title: 'news.unsubscribeTitle',
    doneTitle: 'news.unsubscribedTitle',
    question: 'news.unsubscribeText',
    button: 'news.unsubscribeButton',
    doneText: 'news.unsubscribedText',
  },
} as const

/** Both links' pages' title and robots rule; an error page writes its own. */
export function linkPageMeta({ error }: { error?: unknown }) {
  return error ? [] : [{ title: 'Weekly news' }, { name: 'robots', content: 'noindex' }]
}

/**
 * The page of a link in a subscriber's e-mail (confirm, unsubscribe). Opening it only asks, with a button that
 * posts to the same address: mail scanners open links, and must change nothing.
 */
export function LinkPage({ link, page }: { link: keyof typeof TEXTS; page: LinkPageState }) {
  const t = usePageTexts()
  const to = useLinkTo()
  const texts = TEXTS[link]
  if (page.state === 'invalid') {
    return (
      <InvalidLinkPage
        title={t(texts.title)}
        heading={t('news.invalidTitle')}
        text={t('news.invalidText')}
        to={to(pagePath('news'))}
        linkText={t('news.signUpAgain')}
      />
    )
  }
  return (
    <CardPage title={t(texts.title)}>
      {page.state === 'done' ? (
        <DoneNotice heading={t(texts.doneTitle)} text={t(texts.doneText, { email: page.email })} />
      ) : (
        <form method="post" className="flex flex-col gap-5">
          <p className="text-foreground/80">{t(texts.question, { email: page.email })}</p>
          <input type="hidden" name="token" value={page.token} />
          <div>
            <button type="submit" className={buttonClasses({})}>
              {t(texts.button)}
            </button>
          </div>
        </form>
      )}
    </CardPage>
  )
}
