import { Link } from 'react-router'

import type { Route } from './+types/thanks-page.ts'
import { buttonClasses } from '#app/components/site/button-classes.ts'
import { PageHero } from '#app/components/site/page-hero.tsx'
import { SiteError } from '#app/components/site/site-error.tsx'
import { usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'
import { pagePath } from '#app/content/registry.ts'
import { churchNameFrom } from '#app/lib/page-meta.ts'
import { metaTexts } from '#app/content/page-meta.ts'

/**
 * Where Stripe sends a giver back after paying. It says what happens next and claims nothing: a gift's status
 * comes from Stripe's events, never from this redirect (anyone can open this address).
 */
export function meta({ matches }: Route.MetaArgs) {
  const t = metaTexts(matches)
  return [
    { title: `${t('give.thanksTitle')} | ${churchNameFrom(matches)}` },
    { name: 'robots', content: 'noindex' },
  ]
}

export default function GiveThanks() {
  const t = usePageTexts()
  const { to } = usePageLanguage()
  return (
    <>
      <PageHero title={t('give.thanksTitle')} />
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-16 text-lg text-foreground/80 sm:px-6 md:py-20">
        <p>{t('give.thanksText')}</p>
        <p>{t('give.thanksSepa')}</p>
        <p>{t('give.thanksMonthly')}</p>
        <p className="pt-4">
          <Link to={to(pagePath('give'))} className={buttonClasses({ variant: 'outline' })}>
            {t('give.back')}
          </Link>
        </p>
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <SiteError />
}
